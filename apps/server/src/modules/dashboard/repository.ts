import {
  SCORE_BANDS,
  type DashboardMetrics,
  type EvaluatorProgress,
  type ScoreBand,
} from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Each category's current evaluation: the latest period, then the newest id — the same rule as
 * GET /api/evaluations/by-category/{id}, which is the evaluation the V1 form submits to.
 */
export function currentEvaluations(db: Kysely<Database>) {
  return db
    .selectFrom('evaluations as e')
    .select(['e.id', 'e.category_id'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('evaluations as newer')
            .select('newer.id')
            .whereRef('newer.category_id', '=', 'e.category_id')
            .where((w) =>
              w.or([
                w('newer.period', '>', w.ref('e.period')),
                w.and([w('newer.period', '=', w.ref('e.period')), w('newer.id', '>', w.ref('e.id'))]),
              ]),
            ),
        ),
      ),
    );
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

/**
 * Results in the current evaluations, for active collaborators (one statement): submissions made,
 * people needing training, and the mean of each person's result (averaged over their evaluators).
 */
function resultsPerPerson(db: Kysely<Database>) {
  return db
    .selectFrom('v1_submissions as s')
    .innerJoin(currentEvaluations(db).as('ce'), 'ce.id', 's.evaluation_id')
    .innerJoin('users as c', 'c.id', 's.collaborator_id')
    .where('c.active', '=', 1)
    .groupBy(['s.evaluation_id', 's.collaborator_id'])
    .select((eb) => [
      's.collaborator_id',
      sql<number>`avg(s.overall_percentage)`.as('overall'),
      eb.fn.countAll<number>().as('submissions'),
      eb.fn.max('s.requires_training').as('needs_training'),
    ]);
}

async function resultFigures(db: Kysely<Database>) {
  const row = await db
    .selectFrom(resultsPerPerson(db).as('p'))
    .select([
      sql<number | null>`avg(p.overall)`.as('overall_average'),
      sql<number>`coalesce(sum(p.submissions), 0)`.as('completed'),
      sql<number>`count(distinct case when p.needs_training = 1 then p.collaborator_id end)`.as(
        'needing_training',
      ),
    ])
    .executeTakeFirstOrThrow();
  return {
    overallAverage: row.overall_average === null ? 0 : Number(row.overall_average),
    completed: Number(row.completed),
    needingTraining: Number(row.needing_training),
  };
}

/** How many collaborators' results fall in each band of SCORE_BANDS (one GROUP BY statement). */
export async function scoreDistribution(db: Kysely<Database>): Promise<ScoreBand[]> {
  const cases = SCORE_BANDS.slice(0, -1)
    .map((band, i) => sql`when p.overall < ${sql.lit(band.max)} then ${sql.lit(i)}`)
    .reduce((all, next) => sql`${all} ${next}`);
  const band = sql<number>`case ${cases} else ${sql.lit(SCORE_BANDS.length - 1)} end`;
  const rows = await db
    .selectFrom(resultsPerPerson(db).as('p'))
    .select((eb) => [band.as('band'), eb.fn.countAll<number>().as('n')])
    .groupBy(band)
    .execute();
  const counts = new Map(rows.map((r) => [Number(r.band), Number(r.n)]));
  return SCORE_BANDS.map((b, i) => ({ label: b.label, min: b.min, max: b.max, count: counts.get(i) ?? 0 }));
}

/**
 * Per active evaluator: active collaborators assigned, and those of them the evaluator has submitted
 * for in the current evaluation of the collaborator's category (one GROUP BY statement).
 */
export async function evaluatorProgress(db: Kysely<Database>): Promise<EvaluatorProgress[]> {
  const pairs = db
    .selectFrom('assignments as a')
    .innerJoin('users as c', 'c.id', 'a.collaborator_id')
    .leftJoin(currentEvaluations(db).as('ce'), 'ce.category_id', 'c.category_id')
    .leftJoin('v1_submissions as s', (join) =>
      join
        .onRef('s.evaluation_id', '=', 'ce.id')
        .onRef('s.collaborator_id', '=', 'a.collaborator_id')
        .onRef('s.evaluator_id', '=', 'a.evaluator_id'),
    )
    .where('c.active', '=', 1)
    .select(['a.evaluator_id', 'a.id as assignment_id', 's.id as submission_id']);
  const rows = await db
    .selectFrom('users as ev')
    .leftJoin(pairs.as('p'), 'p.evaluator_id', 'ev.id')
    .where('ev.role', '=', 'evaluador')
    .where('ev.active', '=', 1)
    .groupBy(['ev.id', 'ev.name'])
    .select((eb) => [
      'ev.id as evaluator_id',
      'ev.name as evaluator_name',
      eb.fn.count<number>('p.assignment_id').as('assigned'),
      eb.fn.count<number>('p.submission_id').as('evaluated'),
    ])
    .orderBy('ev.name')
    .orderBy('ev.id')
    .execute();
  return rows.map((r) => ({ ...r, assigned: Number(r.assigned), evaluated: Number(r.evaluated) }));
}

/** The dashboard: four aggregate statements. Definitions: docs/decisions/015. */
export async function dashboardMetrics(db: Kysely<Database>): Promise<DashboardMetrics> {
  const [staff, results, progress, distribution] = await Promise.all([
    staffCounts(db),
    resultFigures(db),
    evaluatorProgress(db),
    scoreDistribution(db),
  ]);
  return {
    overall_average: results.overallAverage,
    total_active_collaborators: staff.collaborators,
    total_active_evaluators: staff.evaluators,
    total_needing_training: results.needingTraining,
    total_completed_evaluations: results.completed,
    evaluation_progress: progress,
    score_distribution: distribution,
  };
}
