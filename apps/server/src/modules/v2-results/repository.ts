import type { MyV2Result, Relation, V2Status } from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import * as pgJson from 'kysely/helpers/postgres';
import * as sqliteJson from 'kysely/helpers/sqlite';
import { onPostgres } from '../../db/dialect';
import { preparedQuery } from '../../db/prepared';
import { countsTowardAnonymity, countsValue } from '../../db/v2-anonymity';
import type { Database } from '../../db/schema';
import type { AssignmentCountRow, RaterSectionRow } from './figures';

function evaluationHeaderQuery(db: Kysely<Database>, evaluationId: number) {
  return db
    .selectFrom('v2_evaluations')
    .select(['id', 'name', 'period', 'status', 'weight_objectives', 'weight_competencies'])
    .where('id', '=', evaluationId);
}

interface HeaderRowIn {
  id: number;
  name: string;
  period: string;
  status: V2Status;
  weight_objectives: number | string;
  weight_competencies: number | string;
}

const toHeader = (row: HeaderRowIn | null | undefined) =>
  row
    ? {
        ...row,
        weight_objectives: Number(row.weight_objectives),
        weight_competencies: Number(row.weight_competencies),
      }
    : undefined;

/** The evaluation's header for results (weights as numbers). */
export async function findEvaluationHeader(db: Kysely<Database>, evaluationId: number) {
  return toHeader(await evaluationHeaderQuery(db, evaluationId).executeTakeFirst());
}

/** One evaluatee, or a page of them (a snapshot reads 10,000 evaluatees a page at a time). */
export type EvaluateeFilter = number | readonly number[];

/**
 * `a.evaluatee_id` (v2_assignments as a) is the one evaluatee or in the page. A single id may be a
 * prepared query's placeholder (db/prepared.ts), so only a list is told apart, by being an array.
 */
function evaluateeIs(evaluatees: EvaluateeFilter) {
  return typeof evaluatees === 'object'
    ? sql<boolean>`${sql.ref('a.evaluatee_id')} in (${sql.join(evaluatees)})`
    : sql<boolean>`${sql.ref('a.evaluatee_id')} = ${evaluatees}`;
}

/**
 * Per evaluatee and relation (one GROUP BY): the requests still standing (`total`: a declined one is
 * no longer assigned work, decision 034), the completed ones, and every request, declined ones
 * included (`requests`: what makes a group of managers anonymous, decision 041). A relation whose
 * requests were all declined has no row, as before.
 */
function assignmentCountsQuery(db: Kysely<Database>, evaluationId: number, evaluatees?: EvaluateeFilter) {
  const q = db
    .selectFrom('v2_assignments as a')
    .select((eb) => [
      'a.evaluatee_id',
      'a.relation',
      eb.fn.sum<number>(eb.case().when('a.status', '!=', 'declined').then(1).else(0).end()).as('total'),
      eb.fn.sum<number>(eb.case().when('a.status', '=', 'completed').then(1).else(0).end()).as('completed'),
      eb.fn.countAll<number>().as('requests'),
    ])
    .where('a.evaluation_id', '=', evaluationId)
    .groupBy(['a.evaluatee_id', 'a.relation'])
    .having((eb) => eb.fn.sum(eb.case().when('a.status', '!=', 'declined').then(1).else(0).end()), '>', 0);
  return evaluatees === undefined ? q : q.where(evaluateeIs(evaluatees));
}

type CountRowIn = {
  evaluatee_id: number;
  relation: Relation;
  total: number | string | null;
  completed: number | string | null;
  requests: number | string;
};

function toCountRows(rows: readonly CountRowIn[]): AssignmentCountRow[] {
  return rows.map((r) => ({
    evaluatee_id: r.evaluatee_id,
    relation: r.relation,
    total: Number(r.total ?? 0),
    completed: Number(r.completed ?? 0),
    requests: Number(r.requests),
  }));
}

export async function assignmentCounts(
  db: Kysely<Database>,
  evaluationId: number,
  evaluatees?: EvaluateeFilter,
): Promise<AssignmentCountRow[]> {
  return toCountRows(await assignmentCountsQuery(db, evaluationId, evaluatees).execute());
}

/**
 * Per completed rater (response) and section, the weighted sums of their scored answers, as stored
 * with each response (migration 0007) — one row per response read, over the evaluation (or some
 * evaluatees). A rater with nothing scored still has one row (section null). `counts_now`: whether the
 * response counts toward a threshold for this reader (db/v2-anonymity.ts; `knownRater` 0: nobody).
 */
function raterSectionQuery(
  db: Kysely<Database>,
  evaluationId: number,
  evaluatees?: EvaluateeFilter,
  knownRater: number = 0,
) {
  const q = db
    .selectFrom('v2_assignments as a')
    .innerJoin('v2_responses as r', 'r.assignment_id', 'a.id')
    .innerJoin('users as u', 'u.id', 'r.evaluator_id')
    .select([
      'a.evaluatee_id',
      'r.id as response_id',
      'r.evaluator_id',
      'a.relation',
      'r.counts_for_anonymity',
      countsTowardAnonymity(knownRater).as('counts_now'),
      'r.competency_weighted',
      'r.competency_weight',
      'r.objective_weighted',
      'r.objective_weight',
    ])
    .where('a.evaluation_id', '=', evaluationId);
  return evaluatees === undefined ? q : q.where(evaluateeIs(evaluatees));
}

interface ResponseSumsRow {
  evaluatee_id: number;
  response_id: number;
  evaluator_id: number;
  relation: Relation;
  counts_for_anonymity: number;
  counts_now: boolean | number;
  competency_weighted: number | null;
  competency_weight: number | null;
  objective_weighted: number | null;
  objective_weight: number | null;
}

export async function raterSectionSums(
  db: Kysely<Database>,
  evaluationId: number,
  evaluatees?: EvaluateeFilter,
): Promise<RaterSectionRow[]> {
  return toRaterSectionRows(await raterSectionQuery(db, evaluationId, evaluatees).execute());
}

/**
 * Each response's section rows; whether it counts now was answered by the query (countsTowardAnonymity:
 * the stamp, no reader role now, not the reader themself), whether it counted at close is the stamp.
 */
function toRaterSectionRows(rows: readonly ResponseSumsRow[]): RaterSectionRow[] {
  const out: RaterSectionRow[] = [];
  // A plain loop (no closure or spread per row): it runs once per response, 30,000 times for a
  // district's snapshot.
  for (const r of rows) {
    const countsAtClose = Number(r.counts_for_anonymity) === 1;
    const counts = countsValue(r.counts_now);
    const competency = r.competency_weighted !== null && r.competency_weight !== null;
    const objective = r.objective_weighted !== null && r.objective_weight !== null;
    if (competency) {
      out.push({
        evaluatee_id: r.evaluatee_id,
        response_id: r.response_id,
        relation: r.relation,
        section: 'competency',
        weighted: Number(r.competency_weighted),
        weight: Number(r.competency_weight),
        counts,
        countsAtClose,
      });
    }
    if (objective) {
      out.push({
        evaluatee_id: r.evaluatee_id,
        response_id: r.response_id,
        relation: r.relation,
        section: 'objective',
        weighted: Number(r.objective_weighted),
        weight: Number(r.objective_weight),
        counts,
        countsAtClose,
      });
    }
    if (!competency && !objective) {
      out.push({
        evaluatee_id: r.evaluatee_id,
        response_id: r.response_id,
        relation: r.relation,
        section: null,
        weighted: null,
        weight: null,
        counts,
        countsAtClose,
      });
    }
  }
  return out;
}

export interface ItemRelationRow {
  item_id: number;
  relation: Relation;
  /** Σ score of the scored answers (0-1 each). */
  score_sum: number;
  /** Scored answers (text and N/A excluded). */
  scored: number;
  /** N/A answers. */
  na: number;
  /** Scored answers of raters who count toward a threshold now (decision 023). */
  scored_counted: number;
}

/**
 * Per item and relation, the sum and count of scores and the N/A count for one evaluatee; the answers
 * of `knownRater` (0: nobody) never count toward a threshold (toRaterSectionRows).
 */
function itemRelationQuery(
  db: Kysely<Database>,
  evaluationId: number,
  evaluateeId: number,
  knownRater: number,
) {
  return db
    .selectFrom('v2_assignments as a')
    .innerJoin('v2_responses as r', 'r.assignment_id', 'a.id')
    .innerJoin('v2_answers as ans', 'ans.response_id', 'r.id')
    .innerJoin('users as u', 'u.id', 'r.evaluator_id')
    .select((eb) => [
      'ans.item_id',
      'a.relation',
      eb.fn.sum<number>('ans.score').as('score_sum'),
      eb.fn.count<number>('ans.score').as('scored'),
      eb.fn.sum<number>('ans.skip').as('na'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('ans.score', 'is not', null), countsTowardAnonymity(knownRater)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('scored_counted'),
    ])
    .where('a.evaluation_id', '=', evaluationId)
    .where('a.evaluatee_id', '=', evaluateeId)
    .groupBy(['ans.item_id', 'a.relation']);
}

type ItemRowIn = {
  item_id: number;
  relation: Relation;
  score_sum: number | string | null;
  scored: number | string | null;
  na: number | string | null;
  scored_counted: number | string | null;
};

function toItemRows(rows: readonly ItemRowIn[]): ItemRelationRow[] {
  return rows.map((r) => ({
    item_id: r.item_id,
    relation: r.relation,
    score_sum: Number(r.score_sum ?? 0),
    scored: Number(r.scored ?? 0),
    na: Number(r.na ?? 0),
    scored_counted: Number(r.scored_counted ?? 0),
  }));
}

export interface CommentRow {
  relation: Relation;
  item_id: number;
  type: string;
  skip: number;
  value: string;
  comment: string | null;
}

/** Comments, and written answers to text items, about one evaluatee. */
function commentQuery(db: Kysely<Database>, evaluationId: number, evaluateeId: number) {
  return db
    .selectFrom('v2_assignments as a')
    .innerJoin('v2_responses as r', 'r.assignment_id', 'a.id')
    .innerJoin('v2_answers as ans', 'ans.response_id', 'r.id')
    .innerJoin('v2_items as i', 'i.id', 'ans.item_id')
    .select(['a.relation', 'ans.item_id', 'i.type', 'ans.skip', 'ans.value', 'ans.comment'])
    .where('a.evaluation_id', '=', evaluationId)
    .where('a.evaluatee_id', '=', evaluateeId)
    .where((eb) =>
      eb.or([eb('ans.comment', 'is not', null), eb.and([eb('i.type', '=', 'text'), eb('ans.skip', '=', 0)])]),
    );
}

function evaluateeQuery(db: Kysely<Database>, userId: number) {
  return db.selectFrom('users').select(['id', 'name', 'department', 'position']).where('id', '=', userId);
}

/**
 * Everything one evaluatee's results are made of, in one statement (one round trip on PostgreSQL):
 * the evaluation's header, the evaluatee, and the four aggregates (assignment counts, each rater's
 * section sums, sums per item and relation, comments) as JSON arrays. Compiled once per database.
 */
const personResultQuery = preparedQuery(
  (db: Kysely<Database>, evaluationId: number, userId: number, knownRater: number) => {
    const json = onPostgres(db) ? pgJson : sqliteJson;
    return db.selectNoFrom([
      json.jsonObjectFrom(evaluationHeaderQuery(db, evaluationId)).as('evaluation'),
      json.jsonObjectFrom(evaluateeQuery(db, userId)).as('evaluatee'),
      json.jsonArrayFrom(assignmentCountsQuery(db, evaluationId, userId)).as('counts'),
      json.jsonArrayFrom(raterSectionQuery(db, evaluationId, userId, knownRater)).as('sums'),
      json.jsonArrayFrom(itemRelationQuery(db, evaluationId, userId, knownRater)).as('items'),
      json.jsonArrayFrom(commentQuery(db, evaluationId, userId)).as('comments'),
    ]);
  },
);

/** SQLite answers JSON as text; pg parses it. */
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export async function personResultData(
  db: Kysely<Database>,
  evaluationId: number,
  userId: number,
  knownRater = 0,
) {
  const [row] = await personResultQuery(db, evaluationId, userId, knownRater);
  return {
    evaluation: toHeader(parsed<HeaderRowIn | null>(row?.evaluation)),
    evaluatee: parsed<{
      id: number;
      name: string;
      department: string | null;
      position: string | null;
    } | null>(row?.evaluatee),
    counts: toCountRows(parsed<CountRowIn[]>(row?.counts ?? '[]')),
    sums: toRaterSectionRows(parsed<ResponseSumsRow[]>(row?.sums ?? '[]')),
    items: toItemRows(parsed<ItemRowIn[]>(row?.items ?? '[]')),
    comments: parsed<CommentRow[]>(row?.comments ?? '[]'),
  };
}

/** The evaluatees of an evaluation with their names, by name. */
export async function evaluateesOf(db: Kysely<Database>, evaluationId: number) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.name', 'u.department', 'u.position'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('v2_assignments as a')
          .select('a.id')
          .whereRef('a.evaluatee_id', '=', 'u.id')
          .where('a.evaluation_id', '=', evaluationId),
      ),
    )
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
}

/**
 * The closed 360 evaluations in which `userId` was rated by at least one completed assignment
 * (self-evaluations count too), newest first: what the person may open in 'Mis resultados 360'.
 */
export async function listMyV2Results(db: Kysely<Database>, userId: number): Promise<MyV2Result[]> {
  const rows = await db
    .selectFrom('v2_evaluations as e')
    .leftJoin('v2_result_releases as rr', (join) =>
      join.onRef('rr.evaluation_id', '=', 'e.id').on('rr.user_id', '=', userId),
    )
    .select((eb) => [
      'e.id as evaluation_id',
      'e.name as evaluation_name',
      'e.period',
      // Decision 038: listed once closed; readable once HR releases them to the person.
      eb.fn.coalesce('rr.release_evaluatee', 'e.release_evaluatee').as('released'),
    ])
    .where('e.status', '=', 'closed')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('v2_assignments as a')
          .select('a.id')
          .whereRef('a.evaluation_id', '=', 'e.id')
          .where('a.evaluatee_id', '=', userId)
          .where('a.status', '=', 'completed'),
      ),
    )
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, released: Number(r.released) === 1 }));
}
