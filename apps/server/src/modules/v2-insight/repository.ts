import type { Relation, V2Status } from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { countsTowardAnonymity } from '../../db/v2-anonymity';

/** The evaluation's header with what orders it among the others (created_at, id). */
export async function findInsightEvaluation(db: Kysely<Database>, evaluationId: number) {
  const row = await db
    .selectFrom('v2_evaluations')
    .select(['id', 'name', 'period', 'status', 'weight_objectives', 'weight_competencies', 'created_at'])
    .where('id', '=', evaluationId)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        name: row.name,
        period: row.period,
        status: row.status as V2Status,
        weight_objectives: Number(row.weight_objectives),
        weight_competencies: Number(row.weight_competencies),
        created_at: row.created_at,
      }
    : undefined;
}

/** Per evaluatee, item and relation: the sums of v2-results' per-person item query, for a page of them. */
export interface PersonItemRow {
  evaluatee_id: number;
  item_id: number;
  relation: Relation;
  score_sum: number;
  scored: number;
  na: number;
  scored_counted: number;
}

/**
 * The same GROUP BY as one person's results (v2-results/repository.ts, itemRelationQuery), for a page
 * of evaluatees at once, grouped by evaluatee too: one statement per page instead of one per person.
 */
export async function personItemRows(
  db: Kysely<Database>,
  evaluationId: number,
  evaluatees: readonly number[],
): Promise<PersonItemRow[]> {
  if (evaluatees.length === 0) return [];
  const rows = await db
    .selectFrom('v2_assignments as a')
    .innerJoin('v2_responses as r', 'r.assignment_id', 'a.id')
    .innerJoin('v2_answers as ans', 'ans.response_id', 'r.id')
    .innerJoin('users as u', 'u.id', 'r.evaluator_id')
    .select((eb) => [
      'a.evaluatee_id',
      'ans.item_id',
      'a.relation',
      eb.fn.sum<number>('ans.score').as('score_sum'),
      eb.fn.count<number>('ans.score').as('scored'),
      eb.fn.sum<number>('ans.skip').as('na'),
      eb.fn
        .sum<number>(
          eb
            .case()
            // Who counts: the one rule of db/v2-anonymity.ts (insight is read by admin and HR only).
            .when(eb.and([eb('ans.score', 'is not', null), countsTowardAnonymity(0)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('scored_counted'),
    ])
    .where('a.evaluation_id', '=', evaluationId)
    .where(sql<boolean>`${sql.ref('a.evaluatee_id')} in (${sql.join(evaluatees)})`)
    .groupBy(['a.evaluatee_id', 'ans.item_id', 'a.relation'])
    .execute();
  return rows.map((r) => ({
    evaluatee_id: r.evaluatee_id,
    item_id: r.item_id,
    relation: r.relation,
    score_sum: Number(r.score_sum ?? 0),
    scored: Number(r.scored ?? 0),
    na: Number(r.na ?? 0),
    scored_counted: Number(r.scored_counted ?? 0),
  }));
}

/**
 * The closed evaluations created before this one (newest first) in which any of `evaluatees` was an
 * evaluatee: where their previous 360 may be.
 */
export async function earlierClosedEvaluations(
  db: Kysely<Database>,
  current: { id: number; created_at: string },
  evaluatees: readonly number[],
) {
  if (evaluatees.length === 0) return [];
  const rows = await db
    .selectFrom('v2_evaluations as e')
    .select(['e.id', 'e.name', 'e.period', 'e.weight_objectives', 'e.weight_competencies', 'e.created_at'])
    .where('e.status', '=', 'closed')
    .where('e.id', '!=', current.id)
    .where((eb) =>
      eb.or([
        eb('e.created_at', '<', current.created_at),
        eb.and([eb('e.created_at', '=', current.created_at), eb('e.id', '<', current.id)]),
      ]),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('v2_assignments as a')
          .select('a.id')
          .whereRef('a.evaluation_id', '=', 'e.id')
          .where(sql<boolean>`${sql.ref('a.evaluatee_id')} in (${sql.join(evaluatees)})`),
      ),
    )
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    period: r.period,
    weight_objectives: Number(r.weight_objectives),
    weight_competencies: Number(r.weight_competencies),
  }));
}
