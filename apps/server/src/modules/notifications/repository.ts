import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../time';
import { releasedToPerson } from '../../db/v1-released';

/** The reads of the "your results are ready" e-mails (decision 033). */

export interface Notified {
  id: number;
  name: string;
  email: string;
}

/**
 * The active people with an e-mail and a V1 result in the evaluation (or only `onlyUserId`), released
 * to them (decision 050), who were not told yet.
 */
export async function v1PeopleToTell(
  db: Kysely<Database>,
  evaluationId: number,
  onlyUserId?: number,
): Promise<Notified[]> {
  let query = db
    .selectFrom('users as u')
    .innerJoin('evaluations as e', (join) => join.on('e.id', '=', evaluationId))
    .select(['u.id', 'u.name', 'u.email'])
    .where('u.active', '=', 1)
    .where('u.email', 'is not', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('v1_submissions as s')
          .select('s.id')
          .whereRef('s.collaborator_id', '=', 'u.id')
          .where('s.evaluation_id', '=', evaluationId)
          .where(releasedToPerson),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('v1_release_notices as n')
            .select('n.collaborator_id')
            .whereRef('n.collaborator_id', '=', 'u.id')
            .where('n.evaluation_id', '=', evaluationId),
        ),
      ),
    );
  if (onlyUserId !== undefined) query = query.where('u.id', '=', onlyUserId);
  const rows = await query.orderBy('u.id').execute();
  return rows.flatMap((r) => (r.email === null ? [] : [{ id: r.id, name: r.name, email: r.email }]));
}

/**
 * Marks these people as told that their V1 report is ready and answers those this call marked: the
 * key is unique, so of two transactions telling one person at once (two evaluators submitting) only
 * one gets them back and writes the e-mail.
 */
export async function markV1Told(
  db: Kysely<Database>,
  evaluationId: number,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .insertInto('v1_release_notices')
    .values(userIds.map((collaborator_id) => ({ evaluation_id: evaluationId, collaborator_id })))
    .onConflict((oc) => oc.columns(['evaluation_id', 'collaborator_id']).doNothing())
    .returning('collaborator_id')
    .execute();
  return new Set(rows.map((r) => r.collaborator_id));
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

/** Whether the person `u` has a completed answer in this 360: only then are there results to read. */
function hasCompletedAnswer(
  eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>,
  evaluationId: number,
) {
  return eb.exists(
    eb
      .selectFrom('v2_assignments as a')
      .select('a.id')
      .whereRef('a.evaluatee_id', '=', 'u.id')
      .where('a.evaluation_id', '=', evaluationId)
      .where('a.status', '=', 'completed'),
  );
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
    .where((eb) => hasCompletedAnswer(eb, evaluationId))
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

/**
 * The managers to tell that results of this closed 360 are released to them (decision 055): active,
 * with an e-mail, the manager of an evaluatee with a completed answer — their 'Reporta a', or a
 * manager rater who did not decline, as the team view reads it — whose results are released to the
 * manager; each with how many such people. Those already told are left out by the caller's insert.
 */
export async function v2ManagersToTell(
  db: Kysely<Database>,
  evaluationId: number,
): Promise<Array<Notified & { people: number }>> {
  // The (manager, person) pairs as two plain lists, so that each side is a join on a key.
  const rows = await db
    .with('pairs', (qb) =>
      qb
        .selectFrom('users as pu')
        .select(['pu.manager_id as manager_id', 'pu.id as evaluatee_id'])
        .where('pu.manager_id', 'is not', null)
        .union(
          qb
            .selectFrom('v2_assignments as ma')
            .select(['ma.evaluator_id as manager_id', 'ma.evaluatee_id as evaluatee_id'])
            .where('ma.evaluation_id', '=', evaluationId)
            .where('ma.relation', '=', 'manager')
            .where('ma.status', '!=', 'declined'),
        ),
    )
    .selectFrom('pairs as p')
    .innerJoin('users as u', 'u.id', 'p.evaluatee_id')
    .innerJoin('users as m', 'm.id', 'p.manager_id')
    .innerJoin('v2_evaluations as e', (join) => join.on('e.id', '=', evaluationId))
    .leftJoin('v2_result_releases as rr', (join) =>
      join.onRef('rr.user_id', '=', 'u.id').on('rr.evaluation_id', '=', evaluationId),
    )
    .select((eb) => ['m.id', 'm.name', 'm.email', eb.fn.count<number>('u.id').distinct().as('people')])
    .where('e.status', '=', 'closed')
    .where('m.active', '=', 1)
    .where('m.email', 'is not', null)
    .whereRef('m.id', '!=', 'u.id')
    .where((eb) => eb(eb.fn.coalesce('rr.release_manager', 'e.release_manager'), '=', 1))
    .where((eb) => hasCompletedAnswer(eb, evaluationId))
    .groupBy(['m.id', 'm.name', 'm.email'])
    .orderBy('m.id')
    .execute();
  return rows.flatMap((r) =>
    r.email === null ? [] : [{ id: r.id, name: r.name, email: r.email, people: Number(r.people) }],
  );
}

/** Marks these managers told about this evaluation; answers those newly marked (once each, ever). */
export async function markManagersTold(
  db: Kysely<Database>,
  evaluationId: number,
  managerIds: readonly number[],
): Promise<Set<number>> {
  if (managerIds.length === 0) return new Set();
  const rows = await db
    .insertInto('launch_notices')
    .values(
      managerIds.map((user_id) => ({
        kind: 'team-results' as const,
        evaluation_id: evaluationId,
        user_id,
        told_at: nowIso(),
      })),
    )
    .onConflict((oc) => oc.columns(['kind', 'evaluation_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return new Set(rows.map((r) => r.user_id));
}
