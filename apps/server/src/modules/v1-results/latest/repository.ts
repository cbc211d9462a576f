import { v1CanCorrect, type EvaluatedResult, type LatestResult } from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { releasedToPerson } from '../../../db/v1-released';

/** Every submission of one evaluator, newest first, with whether it can still be corrected. */
export async function listEvaluatedBy(db: Kysely<Database>, evaluatorId: number): Promise<EvaluatedResult[]> {
  const rows = await db
    .selectFrom('v1_submissions as s')
    .innerJoin('evaluations as e', 'e.id', 's.evaluation_id')
    .select([
      's.collaborator_id',
      's.evaluation_id',
      'e.name as evaluation_name',
      's.overall_percentage',
      's.created_at',
      'e.status',
      releasedToPerson.as('released'),
      // Could it be sent again once reopened (the submit's checks; decision 050)?
      sql<boolean>`(exists (select 1 from assignments a
        where a.evaluator_id = s.evaluator_id and a.collaborator_id = s.collaborator_id)
        and exists (select 1 from users c
        where c.id = s.collaborator_id and c.active = 1 and c.category_id = e.category_id)
        and exists (select 1 from users ev
        where ev.id = s.evaluator_id and ev.active = 1 and ev.role = 'evaluador'))`.as('resubmittable'),
    ])
    .where('s.evaluator_id', '=', evaluatorId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
  return rows.map(({ status, released, resubmittable, ...row }) => ({
    ...row,
    can_correct: v1CanCorrect(status, Boolean(released)) && Boolean(resubmittable),
  }));
}

/**
 * The user's latest evaluation: the one with their most recent submission, its overall % averaged
 * over that evaluation's evaluators (one GROUP BY statement).
 */
export async function findLatestResult(
  db: Kysely<Database>,
  userId: number,
  onlyReleased: boolean,
): Promise<LatestResult | undefined> {
  let query = db
    .selectFrom('v1_submissions as s')
    .innerJoin('evaluations as e', 'e.id', 's.evaluation_id')
    .select((eb) => [
      's.evaluation_id',
      'e.name as evaluation_name',
      sql<number>`avg(s.overall_percentage)`.as('overall_percentage'),
      eb.fn.max('s.created_at').as('created_at'),
    ])
    .where('s.collaborator_id', '=', userId);
  if (onlyReleased) query = query.where(releasedToPerson);
  const row = await query
    .groupBy(['s.evaluation_id', 'e.name'])
    .orderBy(sql`max(s.created_at)`, 'desc')
    .orderBy('s.evaluation_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { ...row, overall_percentage: Number(row.overall_percentage) };
}
