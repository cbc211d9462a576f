import {
  SCORE_BANDS,
  type DashboardMetrics,
  type EvaluatorProgress,
  type ScoreBand,
} from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import { onPostgres } from '../../../db/dialect';
import type { Database } from '../../../db/schema';
import { yieldToLoop } from '../../../db/yield';
import { notYetEvaluated } from '../../../db/v1-pending';

/**
 * Each category's current evaluation: its open one (decision 026) — the evaluation
 * GET /api/evaluations/by-category/{id} answers and the V1 form submits to.
 */
export function currentEvaluations(db: Kysely<Database>) {
  return db
    .selectFrom('evaluations as e')
    .select(['e.id', 'e.category_id'])
    .where('e.status', '=', 'abierta');
}

/** Active collaborators and evaluators (one statement). */
async function staffCounts(db: Kysely<Database>) {
  const row = await db
    .selectFrom('users')
    .select([
      sql<number>`coalesce(sum(case when role = 'colaborador' then 1 else 0 end), 0)`.as('collaborators'),
      sql<number>`coalesce(sum(case when role = 'evaluador' then 1 else 0 end), 0)`.as('evaluators'),
    ])
    .where('active', '=', 1)
    .executeTakeFirstOrThrow();
  return { collaborators: Number(row.collaborators), evaluators: Number(row.evaluators) };
}

/** Each category's open evaluation (a handful of rows), read first so that the aggregates below get
 * plain ids. */
async function currentEvaluationRows(db: Kysely<Database>) {
  return currentEvaluations(db).execute();
}

/** `column in ids`, also for an empty list (PostgreSQL rejects `in ()`). */
function inIds(column: string, ids: readonly number[]) {
  return ids.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`${sql.ref(column)} in (${sql.join(ids)})`;
}

const BAND_TOTALS = -1;

/**
 * Results in the current evaluations, for active collaborators, in one statement: each person's
 * result (their evaluators' submissions averaged; per evaluation and collaborator) is computed once
 * (a CTE), then counted per band of SCORE_BANDS, plus one totals row (band -1): the mean of the
 * results, the submissions made and the people needing training.
 */
async function resultFigures(db: Kysely<Database>, currentIds: readonly number[]) {
  const cases = SCORE_BANDS.slice(0, -1)
    .map((band, i) => sql`when p.overall < ${sql.lit(band.max)} then ${sql.lit(i)}`)
    .reduce((all, next) => sql`${all} ${next}`);
  const band = sql<number>`case ${cases} else ${sql.lit(SCORE_BANDS.length - 1)} end`;
  const rows = await db
    .with('p', (qb) =>
      qb
        .selectFrom('v1_submissions as s')
        .innerJoin('users as c', 'c.id', 's.collaborator_id')
        .where(inIds('s.evaluation_id', currentIds))
        .where('c.active', '=', 1)
        .groupBy(['s.evaluation_id', 's.collaborator_id'])
        .select((eb) => [
          's.collaborator_id',
          sql<number>`avg(s.overall_percentage)`.as('overall'),
          eb.fn.countAll<number>().as('submissions'),
          eb.fn.max('s.requires_training').as('needs_training'),
        ]),
    )
    .selectFrom('p')
    .select([
      sql<number>`${sql.lit(BAND_TOTALS)}`.as('band'),
      sql<number>`count(distinct case when p.needs_training = 1 then p.collaborator_id end)`.as('n'),
      sql<number | null>`avg(p.overall)`.as('overall_average'),
      sql<number>`coalesce(sum(p.submissions), 0)`.as('completed'),
    ])
    .unionAll((qb) =>
      qb
        .selectFrom('p')
        .select((eb) => [
          band.as('band'),
          eb.fn.countAll<number>().as('n'),
          sql<number | null>`null`.as('overall_average'),
          sql<number>`0`.as('completed'),
        ])
        .groupBy(band),
    )
    .execute();
  const totals = rows.find((r) => Number(r.band) === BAND_TOTALS);
  const counts = new Map(rows.map((r) => [Number(r.band), Number(r.n)]));
  return {
    overallAverage:
      totals?.overall_average === null || totals?.overall_average === undefined
        ? 0
        : Number(totals.overall_average),
    completed: Number(totals?.completed ?? 0),
    needingTraining: Number(totals?.n ?? 0),
    distribution: SCORE_BANDS.map((b, i) => ({
      label: b.label,
      min: b.min,
      max: b.max,
      count: counts.get(i) ?? 0,
    })),
  };
}

/** How many collaborators' results fall in each band of SCORE_BANDS. */
export async function scoreDistribution(db: Kysely<Database>): Promise<ScoreBand[]> {
  const current = await currentEvaluationRows(db);
  return (
    await resultFigures(
      db,
      current.map((e) => e.id),
    )
  ).distribution;
}

/**
 * Per active evaluator: active collaborators assigned whose category has an open evaluation (the
 * round's work, decision 026), and those of them the evaluator has submitted for in it (one GROUP BY
 * statement).
 */
export async function evaluatorProgress(
  db: Kysely<Database>,
  currentIds?: readonly number[],
): Promise<EvaluatorProgress[]> {
  const ids = currentIds ?? (await currentEvaluationRows(db)).map((e) => e.id);
  const rows = await db
    .selectFrom('users as ev')
    .leftJoin('assignments as a', 'a.evaluator_id', 'ev.id')
    .leftJoin('users as c', (join) => join.onRef('c.id', '=', 'a.collaborator_id').on('c.active', '=', 1))
    .leftJoin('evaluations as ce', (join) =>
      join.onRef('ce.category_id', '=', 'c.category_id').on(inIds('ce.id', ids)),
    )
    .leftJoin('v1_submissions as s', (join) =>
      join
        .onRef('s.evaluation_id', '=', 'ce.id')
        .onRef('s.collaborator_id', '=', 'a.collaborator_id')
        .onRef('s.evaluator_id', '=', 'a.evaluator_id'),
    )
    .where('ev.role', '=', 'evaluador')
    .where('ev.active', '=', 1)
    .groupBy(['ev.id', 'ev.name'])
    .select((eb) => [
      'ev.id as evaluator_id',
      'ev.name as evaluator_name',
      eb.fn.count<number>('ce.id').as('assigned'),
      eb.fn.count<number>('s.id').as('evaluated'),
    ])
    .orderBy('ev.name')
    .orderBy('ev.id')
    .execute();
  return rows.map((r) => ({ ...r, assigned: Number(r.assigned), evaluated: Number(r.evaluated) }));
}

/**
 * V1 work past its due date on `today` (YYYY-MM-DD, decision 033): pairs of an active evaluator and
 * an active collaborator assigned to them, whose category's open evaluation was due before today,
 * without the evaluator's submission in it — the 'assigned' minus 'evaluated' of evaluation_progress,
 * restricted to overdue evaluations.
 */
async function overdueV1Pending(db: Kysely<Database>, today: string): Promise<number> {
  const row = await db
    .selectFrom('assignments as a')
    .innerJoin('users as ev', 'ev.id', 'a.evaluator_id')
    .innerJoin('users as c', 'c.id', 'a.collaborator_id')
    .innerJoin('evaluations as e', 'e.category_id', 'c.category_id')
    .where('ev.role', '=', 'evaluador')
    .where('ev.active', '=', 1)
    .where('c.active', '=', 1)
    .where('e.status', '=', 'abierta')
    .where('e.due_date', '<', today)
    .where(notYetEvaluated)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * 360 work past its due date on `today` (decision 033): pending assignments of active raters in open
 * evaluations due before today.
 */
export async function overdueV2Pending(db: Kysely<Database>, today: string): Promise<number> {
  const row = await db
    .selectFrom('v2_assignments as a')
    .innerJoin('v2_evaluations as e', 'e.id', 'a.evaluation_id')
    .innerJoin('users as r', 'r.id', 'a.evaluator_id')
    .where('a.status', '=', 'pending')
    .where('e.status', '=', 'open')
    .where('e.due_date', '<', today)
    .where('r.active', '=', 1)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every figure but the 360 one: it follows other tables (decision 032). */
export type V1DashboardFigures = Omit<DashboardMetrics, 'overdue_v2_pending'>;

/**
 * The dashboard's V1 figures on `today`: the current evaluations (a few rows), then four aggregate
 * statements. Definitions: docs/decisions/015 and 033.
 */
export async function v1DashboardFigures(db: Kysely<Database>, today: string): Promise<V1DashboardFigures> {
  const ids = (await currentEvaluationRows(db)).map((e) => e.id);
  // PostgreSQL runs them at once on several connections. SQLite runs each synchronously: one at a
  // time, letting the event loop serve other requests between them (decision 032).
  const [staff, results, progress, overdue] = onPostgres(db)
    ? await Promise.all([
        staffCounts(db),
        resultFigures(db, ids),
        evaluatorProgress(db, ids),
        overdueV1Pending(db, today),
      ])
    : [
        await staffCounts(db),
        await yieldToLoop().then(() => resultFigures(db, ids)),
        await yieldToLoop().then(() => evaluatorProgress(db, ids)),
        await yieldToLoop().then(() => overdueV1Pending(db, today)),
      ];
  return {
    overall_average: results.overallAverage,
    total_active_collaborators: staff.collaborators,
    total_active_evaluators: staff.evaluators,
    total_needing_training: results.needingTraining,
    total_completed_evaluations: results.completed,
    evaluation_progress: progress,
    score_distribution: results.distribution,
    overdue_v1_pending: overdue,
  };
}

/** Every figure of the dashboard on `today`, computed now. */
export async function dashboardMetrics(db: Kysely<Database>, today: string): Promise<DashboardMetrics> {
  const v1 = await v1DashboardFigures(db, today);
  return { ...v1, overdue_v2_pending: await overdueV2Pending(db, today) };
}
