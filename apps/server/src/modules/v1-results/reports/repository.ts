import type { QuestionType, ReportRow } from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { likePattern } from '../../../http/paging';

/**
 * One row per (evaluation, evaluated non-admin user), overall % averaged over the evaluators; searched
 * by the user's name and paged in SQL.
 */
export async function listReports(
  db: Kysely<Database>,
  opts: { q?: string | undefined; limit?: number; offset?: number } = {},
): Promise<{ rows: ReportRow[]; total: number }> {
  let grouped = db
    .selectFrom('v1_submissions as s')
    .innerJoin('users as u', 'u.id', 's.collaborator_id')
    .innerJoin('evaluations as e', 'e.id', 's.evaluation_id')
    .where('u.role', '!=', 'admin')
    .groupBy([
      's.evaluation_id',
      'e.name',
      'e.period',
      's.collaborator_id',
      'u.name',
      'u.department',
      'u.position',
    ]);
  if (opts.q) grouped = grouped.where(sql<boolean>`lower(u.name) like ${likePattern(opts.q)} escape '\\'`);
  let rowsQuery = grouped
    .select([
      's.evaluation_id',
      'e.name as evaluation_name',
      'e.period',
      's.collaborator_id as user_id',
      'u.name as user_name',
      'u.department',
      'u.position',
      sql<number>`avg(s.overall_percentage)`.as('overall_percentage'),
    ])
    .orderBy('u.name')
    .orderBy('s.collaborator_id')
    .orderBy('e.period', 'desc')
    .orderBy('s.evaluation_id', 'desc');
  if (opts.limit !== undefined) rowsQuery = rowsQuery.limit(opts.limit).offset(opts.offset ?? 0);
  const [rows, count] = await Promise.all([
    rowsQuery.execute(),
    db
      .selectFrom(grouped.select('s.collaborator_id').as('g'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, overall_percentage: Number(r.overall_percentage) })),
    total: Number(count.n),
  };
}

/** What the printed report adds (issue 30 §6): the evaluators' names and the evaluation's weights. */
export async function paperDetails(db: Kysely<Database>, evaluationId: number, userId: number) {
  const [evaluators, weights] = await Promise.all([
    db
      .selectFrom('v1_submissions as s')
      .innerJoin('users as ev', 'ev.id', 's.evaluator_id')
      .select('ev.name')
      .where('s.evaluation_id', '=', evaluationId)
      .where('s.collaborator_id', '=', userId)
      .orderBy('ev.name')
      .orderBy('ev.id')
      .execute(),
    db
      .selectFrom('evaluations')
      .select(['weight_competencies', 'weight_objectives'])
      .where('id', '=', evaluationId)
      .executeTakeFirst(),
  ]);
  return {
    evaluators: evaluators.map((e) => e.name),
    weights: {
      competencies: Number(weights?.weight_competencies ?? 0),
      objectives: Number(weights?.weight_objectives ?? 0),
    },
  };
}

export async function findReportHeader(db: Kysely<Database>, evaluationId: number, userId: number) {
  const [evaluation, user] = await Promise.all([
    db.selectFrom('evaluations').select(['name', 'period']).where('id', '=', evaluationId).executeTakeFirst(),
    db
      .selectFrom('users')
      .select(['name', 'department', 'position'])
      .where('id', '=', userId)
      .executeTakeFirst(),
  ]);
  return evaluation && user ? { evaluation, user } : undefined;
}

/**
 * The person's figures in the evaluation: the mean over the evaluators of each figure stored at
 * submit — the same source as every list, the history and the dashboard (decision 026).
 */
export async function storedFigures(db: Kysely<Database>, evaluationId: number, userId: number) {
  const row = await db
    .selectFrom('v1_submissions')
    .select([
      sql<number | null>`avg(competencies_percentage)`.as('competencies_percentage'),
      sql<number | null>`avg(objectives_percentage)`.as('objectives_percentage'),
      sql<number | null>`avg(overall_percentage)`.as('overall_percentage'),
    ])
    .where('evaluation_id', '=', evaluationId)
    .where('collaborator_id', '=', userId)
    .executeTakeFirstOrThrow();
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    competencies_percentage: num(row.competencies_percentage),
    objectives_percentage: num(row.objectives_percentage),
    overall_percentage: num(row.overall_percentage),
  };
}

/**
 * Each answered question's mean score across the user's submissions in the evaluation (GROUP BY),
 * with the text and type that were answered: an answered question is never changed in place.
 */
export async function questionAverages(
  db: Kysely<Database>,
  evaluationId: number,
  userId: number,
): Promise<
  Array<{ question_id: number; question_text: string; question_type: QuestionType; average_score: number }>
> {
  const rows = await db
    .selectFrom('v1_answers as a')
    .innerJoin('v1_submissions as s', 's.id', 'a.submission_id')
    .innerJoin('questions as q', 'q.id', 'a.question_id')
    .select([
      'q.id as question_id',
      'q.question_text',
      'q.question_type',
      sql<number>`avg(cast(a.score as double precision))`.as('average_score'),
    ])
    .where('s.evaluation_id', '=', evaluationId)
    .where('s.collaborator_id', '=', userId)
    .groupBy(['q.id', 'q.root_id', 'q.question_text', 'q.question_type'])
    // A version keeps its first version's place, as in the bank.
    .orderBy(sql`coalesce(q.root_id, q.id)`)
    .orderBy('q.id')
    .execute();
  return rows.map((r) => ({ ...r, average_score: Number(r.average_score) }));
}

/** Each evaluator's training answer, oldest submission first. */
export async function trainingAnswers(db: Kysely<Database>, evaluationId: number, userId: number) {
  return db
    .selectFrom('v1_submissions')
    .select(['requires_training', 'training_comments'])
    .where('evaluation_id', '=', evaluationId)
    .where('collaborator_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
