import type { EvaluationHistoryRow, HistoryCollaborator } from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { releasedToPerson } from '../../../db/v1-released';
import { likePattern } from '../../../http/paging';

/** People with at least one V1 result and how many evaluations they have results in (GROUP BY, paged in SQL). */
export async function listCollaboratorsWithHistory(
  db: Kysely<Database>,
  opts: { q?: string | undefined; limit?: number; offset?: number } = {},
): Promise<{ rows: HistoryCollaborator[]; total: number }> {
  let base = db
    .selectFrom('users as u')
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('v1_submissions as s').select('s.id').whereRef('s.collaborator_id', '=', 'u.id')),
    );
  if (opts.q) base = base.where(sql<boolean>`lower(u.name) like ${likePattern(opts.q)} escape '\\'`);
  let rowsQuery = base
    .innerJoin('v1_submissions as s', 's.collaborator_id', 'u.id')
    .select((eb) => [
      'u.id as collaborator_id',
      'u.name as collaborator_name',
      'u.position',
      'u.department',
      eb.fn.count<number>('s.evaluation_id').distinct().as('evaluations_count'),
    ])
    .groupBy(['u.id', 'u.name', 'u.position', 'u.department'])
    .orderBy('u.name')
    .orderBy('u.id');
  if (opts.limit !== undefined) rowsQuery = rowsQuery.limit(opts.limit).offset(opts.offset ?? 0);
  const [rows, count] = await Promise.all([
    rowsQuery.execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, evaluations_count: Number(r.evaluations_count) })),
    total: Number(count.n),
  };
}

/** One row per evaluation of the user, figures averaged across its evaluators, newest first. */
export async function listEvaluationHistory(
  db: Kysely<Database>,
  userId: number,
  onlyReleased: boolean,
): Promise<EvaluationHistoryRow[]> {
  let query = db
    .selectFrom('v1_submissions as s')
    .innerJoin('evaluations as e', 'e.id', 's.evaluation_id')
    .select((eb) => [
      's.evaluation_id',
      'e.name as evaluation_name',
      'e.period',
      sql<number>`avg(s.overall_percentage)`.as('overall_percentage'),
      sql<number | null>`avg(s.competencies_percentage)`.as('competencies_percentage'),
      sql<number | null>`avg(s.objectives_percentage)`.as('objectives_percentage'),
      eb.fn.count<number>('s.evaluator_id').distinct().as('evaluators_count'),
      eb.fn.max('s.created_at').as('created_at'),
    ])
    .where('s.collaborator_id', '=', userId);
  if (onlyReleased) query = query.where(releasedToPerson);
  const rows = await query
    .groupBy(['s.evaluation_id', 'e.name', 'e.period'])
    .orderBy(sql`max(s.created_at)`, 'desc')
    .orderBy('s.evaluation_id', 'desc')
    .execute();
  return rows.map((r) => ({
    ...r,
    overall_percentage: Number(r.overall_percentage),
    competencies_percentage: r.competencies_percentage === null ? null : Number(r.competencies_percentage),
    objectives_percentage: r.objectives_percentage === null ? null : Number(r.objectives_percentage),
    evaluators_count: Number(r.evaluators_count),
  }));
}
