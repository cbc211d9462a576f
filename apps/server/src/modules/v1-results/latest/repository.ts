import type { EvaluatedResult, LatestResult } from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/** Every submission of one evaluator, newest first. */
export async function listEvaluatedBy(db: Kysely<Database>, evaluatorId: number): Promise<EvaluatedResult[]> {
  return db
    .selectFrom('v1_submissions as s')
    .innerJoin('evaluations as e', 'e.id', 's.evaluation_id')
    .select([
      's.collaborator_id',
      's.evaluation_id',
      'e.name as evaluation_name',
      's.overall_percentage',
      's.created_at',
    ])
    .where('s.evaluator_id', '=', evaluatorId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
}

/**
 * The user's latest evaluation: the one with their most recent submission, its overall % averaged
 * over that evaluation's evaluators (one GROUP BY statement).
 */
export async function findLatestResult(
  db: Kysely<Database>,
  userId: number,
): Promise<LatestResult | undefined> {
  const row = await db
    .selectFrom('v1_submissions as s')
    .innerJoin('evaluations as e', 'e.id', 's.evaluation_id')
    .select((eb) => [
      's.evaluation_id',
      'e.name as evaluation_name',
      sql<number>`avg(s.overall_percentage)`.as('overall_percentage'),
      eb.fn.max('s.created_at').as('created_at'),
    ])
    .where('s.collaborator_id', '=', userId)
    .groupBy(['s.evaluation_id', 'e.name'])
    .orderBy(sql`max(s.created_at)`, 'desc')
    .orderBy('s.evaluation_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { ...row, overall_percentage: Number(row.overall_percentage) };
}
