import {
  accountStanding,
  responseStanding,
  type RaterStanding,
  type Relation,
  type Role,
  type V2AssignmentRow,
  type V2AssignmentStatus,
  type V2EvaluatorAssignment,
} from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import { likePattern } from '../../http/paging';
import { nowIso } from '../../time';

/** Rows per INSERT: well inside both engines' parameter limits. */
const INSERT_CHUNK = 500;

export interface NewPair {
  evaluator_id: number;
  evaluatee_id: number;
  relation: Relation;
}

/**
 * Inserts the pairs that do not exist yet (INSERT … ON CONFLICT DO NOTHING on the unique key) and
 * answers how many rows it created: concurrent batches never duplicate a pair, and each counts only
 * its own rows. Pairs go in key order, so two batches take row locks in the same order.
 */
export async function insertPairs(
  db: Kysely<Database>,
  evaluationId: number,
  pairs: readonly NewPair[],
): Promise<number[]> {
  const sorted = [...pairs].sort(
    (a, b) => a.evaluator_id - b.evaluator_id || a.evaluatee_id - b.evaluatee_id,
  );
  const now = nowIso();
  const ids: number[] = [];
  for (let i = 0; i < sorted.length; i += INSERT_CHUNK) {
    const rows = await db
      .insertInto('v2_assignments')
      .values(
        sorted.slice(i, i + INSERT_CHUNK).map((p) => ({
          evaluation_id: evaluationId,
          evaluator_id: p.evaluator_id,
          evaluatee_id: p.evaluatee_id,
          relation: p.relation,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['evaluation_id', 'evaluator_id', 'evaluatee_id']).doNothing())
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** The manager assignments of these evaluatees in the evaluation (evaluatee and evaluator ids). */
export async function managersOf(
  db: Kysely<Database>,
  evaluationId: number,
  evaluateeIds: readonly number[],
): Promise<Array<{ evaluatee_id: number; evaluator_id: number }>> {
  const out: Array<{ evaluatee_id: number; evaluator_id: number }> = [];
  for (let i = 0; i < evaluateeIds.length; i += 5000) {
    out.push(
      ...(await db
        .selectFrom('v2_assignments')
        .select(['evaluatee_id', 'evaluator_id'])
        .where('evaluation_id', '=', evaluationId)
        .where('relation', '=', 'manager')
        .where('evaluatee_id', 'in', evaluateeIds.slice(i, i + 5000))
        .execute()),
    );
  }
  return out;
}

/** The ids among `ids` that are active users. */
export async function activeUserIds(db: Kysely<Database>, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', ids.slice(i, i + 5000))
      .where('active', '=', 1)
      .execute();
    for (const r of rows) found.add(r.id);
  }
  return found;
}

/** The columns a rater's standing is made of (decision 040), for a query over `a` and rater `r`. */
const STANDING_COLUMNS = [
  'r.role as rater_role',
  'r.password_known_to_hr as rater_known',
  'r.password_via_link as rater_via_link',
  'r.email_confirmed as rater_confirmed',
  'resp.counts_for_anonymity as stamp',
  'e.status as evaluation_status',
] as const;

interface StandingColumns {
  rater_role: string;
  rater_known: number;
  rater_via_link: number;
  rater_confirmed: number;
  rater_has_password: number | string;
  stamp: number | null;
  evaluation_status: string;
}

/** Whether the rater has a password (a standing column: decision 040). */
const RATER_HAS_PASSWORD = sql<number>`case when r.password_hash is null then 0 else 1 end`.as(
  'rater_has_password',
);

/**
 * Whether the rater counts toward anonymity (decision 040): a submitted answer by its stamp, anyone
 * else by their account as it is now (what their answer would be stamped with).
 */
function standingOf(row: StandingColumns): RaterStanding {
  const role = row.rater_role as Role;
  if (row.stamp !== null)
    return responseStanding(Number(row.stamp), row.evaluation_status === 'closed', role);
  return accountStanding({
    role,
    has_password: Number(row.rater_has_password) === 1,
    password_known_to_hr: Number(row.rater_known) === 1,
    password_via_link: Number(row.rater_via_link) === 1,
    email_confirmed: Number(row.rater_confirmed) === 1,
  });
}

export async function listByEvaluation(
  db: Kysely<Database>,
  evaluationId: number,
  opts: { q?: string | undefined; limit?: number; offset?: number } = {},
): Promise<{ rows: V2AssignmentRow[]; total: number }> {
  let base = db
    .selectFrom('v2_assignments as a')
    .innerJoin('users as r', 'r.id', 'a.evaluator_id')
    .innerJoin('users as d', 'd.id', 'a.evaluatee_id')
    .where('a.evaluation_id', '=', evaluationId);
  if (opts.q) {
    const pattern = likePattern(opts.q);
    base = base.where(
      sql<boolean>`(lower(r.name) like ${pattern} escape '\\' or lower(d.name) like ${pattern} escape '\\')`,
    );
  }
  let rowsQuery = base
    .innerJoin('v2_evaluations as e', 'e.id', 'a.evaluation_id')
    .leftJoin('v2_responses as resp', 'resp.assignment_id', 'a.id')
    .select([
      'a.id',
      'a.evaluator_id',
      'r.name as evaluator_name',
      'a.evaluatee_id',
      'd.name as evaluatee_name',
      'a.relation',
      'a.status',
      'a.decline_reason',
      ...STANDING_COLUMNS,
      RATER_HAS_PASSWORD,
    ])
    .orderBy('d.name')
    .orderBy('a.evaluatee_id')
    .orderBy('r.name')
    .orderBy('a.id');
  if (opts.limit !== undefined) rowsQuery = rowsQuery.limit(opts.limit).offset(opts.offset ?? 0);
  const [rows, count] = await Promise.all([
    rowsQuery.execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      evaluator_id: r.evaluator_id,
      evaluator_name: r.evaluator_name,
      evaluatee_id: r.evaluatee_id,
      evaluatee_name: r.evaluatee_name,
      relation: r.relation,
      status: r.status,
      decline_reason: r.decline_reason,
      rater_standing: standingOf(r),
    })),
    total: Number(count.n),
  };
}

export async function evaluatorIdsOf(
  db: Kysely<Database>,
  evaluationId: number,
  evaluateeId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('v2_assignments')
    .select('evaluator_id')
    .where('evaluation_id', '=', evaluationId)
    .where('evaluatee_id', '=', evaluateeId)
    .orderBy('evaluator_id')
    .execute();
  return rows.map((r) => r.evaluator_id);
}

/** Deletes these assignments while they are still pending or declined (HR may ask again, decision 034). */
export async function deletePendingAssignments(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('v2_assignments')
    .where('id', 'in', ids)
    .where('status', 'in', ['pending', 'declined'])
    .execute();
}

export async function findUserActive(
  db: Kysely<Database>,
  id: number,
): Promise<{ id: number; active: number } | undefined> {
  return db.selectFrom('users').select(['id', 'active']).where('id', '=', id).executeTakeFirst();
}

/** Whether the user rates someone in the evaluation and the evaluation is shown to raters (not a draft). */
export async function ratesInEvaluation(
  db: Kysely<Database>,
  evaluatorId: number,
  evaluationId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('v2_assignments as a')
    .innerJoin('v2_evaluations as e', 'e.id', 'a.evaluation_id')
    .select('a.id')
    .where('a.evaluator_id', '=', evaluatorId)
    .where('a.evaluation_id', '=', evaluationId)
    .where('e.status', '!=', 'draft')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** An assignment as the relation rules need it (decision 035). */
export interface AssignmentState {
  id: number;
  evaluation_id: number;
  evaluator_id: number;
  evaluatee_id: number;
  relation: Relation;
  status: V2AssignmentStatus;
}

const STATE_COLUMNS = ['id', 'evaluation_id', 'evaluator_id', 'evaluatee_id', 'relation', 'status'] as const;

export async function findAssignment(db: Kysely<Database>, id: number): Promise<AssignmentState | undefined> {
  return db.selectFrom('v2_assignments').select(STATE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * Every assignment of the evaluatee in the evaluation, in id order; on PostgreSQL each row stays
 * locked until the transaction ends. Whoever changes the evaluatee's relations takes these locks
 * first, so two changes of one evaluatee's relations never interleave (one manager unless
 * confirmed, decision 023) and always lock in the same order.
 */
export async function lockEvaluateeAssignments(
  db: Kysely<Database>,
  engine: Engine,
  evaluationId: number,
  evaluateeId: number,
): Promise<AssignmentState[]> {
  let q = db
    .selectFrom('v2_assignments')
    .select(STATE_COLUMNS)
    .where('evaluation_id', '=', evaluationId)
    .where('evaluatee_id', '=', evaluateeId)
    .orderBy('id');
  if (engine === 'postgres') q = q.forUpdate();
  return q.execute();
}

/** A new relation for these assignments, unless one was completed meanwhile. */
export async function setRelation(
  db: Kysely<Database>,
  ids: readonly number[],
  relation: Relation,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('v2_assignments')
    .set({ relation })
    .where('id', 'in', ids)
    .where('status', '!=', 'completed')
    .execute();
}

/** The evaluatee's assignments with each evaluator's name, by evaluator id (the per-person modal). */
export async function evaluatorAssignmentsOf(
  db: Kysely<Database>,
  evaluationId: number,
  evaluateeId: number,
): Promise<V2EvaluatorAssignment[]> {
  const rows = await db
    .selectFrom('v2_assignments as a')
    .innerJoin('users as r', 'r.id', 'a.evaluator_id')
    .innerJoin('v2_evaluations as e', 'e.id', 'a.evaluation_id')
    .leftJoin('v2_responses as resp', 'resp.assignment_id', 'a.id')
    .select([
      'a.id',
      'a.evaluator_id',
      'r.name as evaluator_name',
      'a.relation',
      'a.status',
      ...STANDING_COLUMNS,
      RATER_HAS_PASSWORD,
    ])
    .where('a.evaluation_id', '=', evaluationId)
    .where('a.evaluatee_id', '=', evaluateeId)
    .orderBy('a.evaluator_id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    evaluator_id: r.evaluator_id,
    evaluator_name: r.evaluator_name,
    relation: r.relation,
    status: r.status,
    rater_standing: standingOf(r),
  }));
}

/** Per evaluatee among `userIds`: their raters (declined ones left out) and those who answered. */
export async function raterCountsOf(db: Kysely<Database>, evaluationId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('v2_assignments')
    .where('evaluation_id', '=', evaluationId)
    .where('evaluatee_id', 'in', userIds)
    .where('status', '!=', 'declined')
    .select((eb) => [
      'evaluatee_id as user_id',
      eb.fn.countAll<number>().as('raters'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'completed').then(1).else(0).end()).as('completed'),
    ])
    .groupBy('evaluatee_id')
    .execute();
  return rows.map((r) => ({ user_id: r.user_id, raters: Number(r.raters), completed: Number(r.completed) }));
}
