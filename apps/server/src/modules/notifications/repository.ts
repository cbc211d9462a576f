import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The reads of the "your results are ready" e-mails (decision 033). */

export interface Notified {
  id: number;
  name: string;
  email: string;
}

/** How many evaluators' V1 submissions a person has in an evaluation (the caller's own included). */
export async function countV1Submissions(
  db: Kysely<Database>,
  evaluationId: number,
  collaboratorId: number,
): Promise<number> {
  const row = await db
    .selectFrom('v1_submissions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('evaluation_id', '=', evaluationId)
    .where('collaborator_id', '=', collaboratorId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function v1EvaluationTitle(
  db: Kysely<Database>,
  evaluationId: number,
): Promise<{ name: string; period: string } | undefined> {
  return db
    .selectFrom('evaluations')
    .select(['name', 'period'])
    .where('id', '=', evaluationId)
    .executeTakeFirst();
}

export async function v2EvaluationTitle(
  db: Kysely<Database>,
  evaluationId: number,
): Promise<{ name: string; period: string } | undefined> {
  return db
    .selectFrom('v2_evaluations')
    .select(['name', 'period'])
    .where('id', '=', evaluationId)
    .executeTakeFirst();
}

/**
 * The active people with an e-mail rated by at least one completed assignment of a 360 evaluation
 * (self-evaluations too) whose results are released to them (decision 038: their own choice, else
 * the evaluation's) and who were not told yet: those 'Mis resultados 360' now opens for.
 */
export async function v2EvaluateesToTell(db: Kysely<Database>, evaluationId: number): Promise<Notified[]> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('v2_evaluations as e', (join) => join.on('e.id', '=', evaluationId))
    .leftJoin('v2_result_releases as rr', (join) =>
      join.onRef('rr.user_id', '=', 'u.id').on('rr.evaluation_id', '=', evaluationId),
    )
    .select(['u.id', 'u.name', 'u.email'])
    .where('u.active', '=', 1)
    .where('u.email', 'is not', null)
    .where('e.status', '=', 'closed')
    .where((eb) => eb(eb.fn.coalesce('rr.release_evaluatee', 'e.release_evaluatee'), '=', 1))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('v2_release_notices as n')
            .select('n.user_id')
            .whereRef('n.user_id', '=', 'u.id')
            .where('n.evaluation_id', '=', evaluationId),
        ),
      ),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('v2_assignments as a')
          .select('a.id')
          .whereRef('a.evaluatee_id', '=', 'u.id')
          .where('a.evaluation_id', '=', evaluationId)
          .where('a.status', '=', 'completed'),
      ),
    )
    .orderBy('u.id')
    .execute();
  return rows.flatMap((r) => (r.email === null ? [] : [{ id: r.id, name: r.name, email: r.email }]));
}

/** Marks these people as told about this evaluation's results (once each: the key is unique). */
export async function markV2Told(db: Kysely<Database>, evaluationId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  await db
    .insertInto('v2_release_notices')
    .values(userIds.map((user_id) => ({ evaluation_id: evaluationId, user_id })))
    .onConflict((oc) => oc.columns(['evaluation_id', 'user_id']).doNothing())
    .execute();
}
