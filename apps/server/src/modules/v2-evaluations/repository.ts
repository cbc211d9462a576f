import { V2_RESULT_READER_ROLES, type V2Evaluation, type V2Status, type V2Weights } from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import { likePattern } from '../../http/paging';
import { nowIso } from '../../time';

/** The evaluation rows with their item, assignment and completed counts (correlated, indexed). */
function evaluationRows(db: Kysely<Database>) {
  return db
    .selectFrom('v2_evaluations as e')
    .select((eb) => [
      'e.id',
      'e.name',
      'e.period',
      'e.status',
      'e.weight_objectives',
      'e.weight_competencies',
      'e.allow_self',
      'e.template_id',
      'e.created_at',
      'e.due_date',
      eb
        .selectFrom('v2_items as i')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('i.evaluation_id', '=', 'e.id')
        .as('item_count'),
      eb
        .selectFrom('v2_assignments as a')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('a.evaluation_id', '=', 'e.id')
        .where('a.status', '!=', 'declined')
        .as('assignment_count'),
      eb
        .selectFrom('v2_assignments as c')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('c.evaluation_id', '=', 'e.id')
        .where('c.status', '=', 'completed')
        .as('completed_count'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof evaluationRows>['executeTakeFirstOrThrow']>>;

function toEvaluation(r: Row): V2Evaluation {
  return {
    id: r.id,
    name: r.name,
    period: r.period,
    status: r.status,
    weight_objectives: Number(r.weight_objectives),
    weight_competencies: Number(r.weight_competencies),
    allow_self: r.allow_self === 1,
    template_id: r.template_id,
    item_count: Number(r.item_count ?? 0),
    assignment_count: Number(r.assignment_count ?? 0),
    completed_count: Number(r.completed_count ?? 0),
    created_at: r.created_at,
    due_date: r.due_date,
  };
}

/** Newest first; q matches the name or the period, case-insensitively. */
export async function listV2Evaluations(
  db: Kysely<Database>,
  opts: { q?: string | undefined; limit?: number; offset?: number } = {},
): Promise<{ rows: V2Evaluation[]; total: number }> {
  const match = opts.q
    ? sql<boolean>`(lower(e.name) like ${likePattern(opts.q)} escape '\\' or lower(e.period) like ${likePattern(opts.q)} escape '\\')`
    : undefined;
  let rowsQuery = evaluationRows(db).orderBy('e.created_at', 'desc').orderBy('e.id', 'desc');
  let countQuery = db.selectFrom('v2_evaluations as e').select((eb) => eb.fn.countAll<number>().as('n'));
  if (match) {
    rowsQuery = rowsQuery.where(match);
    countQuery = countQuery.where(match);
  }
  if (opts.limit !== undefined) rowsQuery = rowsQuery.limit(opts.limit).offset(opts.offset ?? 0);
  const [rows, count] = await Promise.all([rowsQuery.execute(), countQuery.executeTakeFirstOrThrow()]);
  return { rows: rows.map(toEvaluation), total: Number(count.n) };
}

export async function findV2Evaluation(db: Kysely<Database>, id: number): Promise<V2Evaluation | undefined> {
  const row = await evaluationRows(db).where('e.id', '=', id).executeTakeFirst();
  return row ? toEvaluation(row) : undefined;
}

/** Whether the evaluation exists (without its counts). */
export async function v2EvaluationExists(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db.selectFrom('v2_evaluations').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export interface NewV2Evaluation {
  name: string;
  period: string;
  weights: V2Weights;
  allow_self: boolean;
  template_id: number | null;
  created_by: number;
  /** YYYY-MM-DD or null (decision 033). */
  due_date?: string | null | undefined;
  /** Created without a status (SPEC.md's bodies): opens once it has an item (decision 046). */
  opens_when_ready: boolean;
}

export async function insertV2Evaluation(db: Kysely<Database>, e: NewV2Evaluation): Promise<number> {
  const row = await db
    .insertInto('v2_evaluations')
    .values({
      name: e.name,
      period: e.period,
      weight_objectives: e.weights.weight_objectives,
      weight_competencies: e.weights.weight_competencies,
      allow_self: e.allow_self ? 1 : 0,
      template_id: e.template_id,
      created_by: e.created_by,
      due_date: e.due_date ?? null,
      created_at: nowIso(),
      opens_when_ready: e.opens_when_ready ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface V2EvaluationChanges {
  status?: V2Status | undefined;
  name?: string | undefined;
  period?: string | undefined;
  weights?: V2Weights | undefined;
  template_id?: number | null;
  due_date?: string | null | undefined;
}

/**
 * Sets the fields given (the others stay as they are). A change of status ends the wait of an
 * evaluation created without one for good (decision 046).
 */
export async function updateV2Evaluation(
  db: Kysely<Database>,
  id: number,
  c: V2EvaluationChanges,
): Promise<void> {
  await db
    .updateTable('v2_evaluations')
    .set({
      ...(c.status !== undefined ? { status: c.status, opens_when_ready: 0 } : {}),
      ...(c.name !== undefined ? { name: c.name } : {}),
      ...(c.period !== undefined ? { period: c.period } : {}),
      ...(c.weights !== undefined ? c.weights : {}),
      ...(c.template_id !== undefined ? { template_id: c.template_id } : {}),
      ...(c.due_date !== undefined ? { due_date: c.due_date } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes a draft with its assignments and items; a template saved from it keeps its items and
 * stops following.
 */
export async function deleteV2EvaluationRows(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('v2_assignments').where('evaluation_id', '=', id).execute();
  await db.deleteFrom('v2_items').where('evaluation_id', '=', id).execute();
  await db
    .updateTable('v2_templates')
    .set({ source_evaluation_id: null })
    .where('source_evaluation_id', '=', id)
    .execute();
  await db.deleteFrom('v2_evaluations').where('id', '=', id).execute();
}

export interface LockedEvaluation {
  id: number;
  status: V2Status;
  allow_self: number;
}

/**
 * Reads an evaluation's status inside a transaction. On PostgreSQL the row is locked: 'update' for
 * changes of the evaluation itself (status, items), 'share' for assignment changes, so a status
 * change waits for them and they see the final status (SQLite serialises write transactions anyway).
 */
export async function lockV2Evaluation(
  db: Kysely<Database>,
  engine: Engine,
  id: number,
  mode: 'update' | 'share',
): Promise<LockedEvaluation | undefined> {
  let q = db.selectFrom('v2_evaluations').select(['id', 'status', 'allow_self']).where('id', '=', id);
  if (engine === 'postgres') q = mode === 'update' ? q.forUpdate() : q.forShare();
  return q.executeTakeFirst();
}

/** Whether the evaluation was created without a status and has not changed state since (decision 046). */
export async function opensWhenReady(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('v2_evaluations')
    .select('opens_when_ready')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined && Number(row.opens_when_ready) === 1;
}

/** Whether someone would answer the evaluation: a rater assigned, or a participant who nominates. */
export async function hasRatersOrParticipants(db: Kysely<Database>, evaluationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('v2_assignments')
    .select('id')
    .where('evaluation_id', '=', evaluationId)
    .unionAll(
      // Participants count only while nominations are on: they propose the raters after the open.
      db
        .selectFrom('v2_nominations as n')
        .innerJoin('v2_evaluations as e', 'e.id', 'n.evaluation_id')
        .select('n.id')
        .where('n.evaluation_id', '=', evaluationId)
        .where('e.nominations_enabled', '=', 1),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countItems(db: Kysely<Database>, evaluationId: number): Promise<number> {
  const row = await db
    .selectFrom('v2_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('evaluation_id', '=', evaluationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * At close (decision 023): the responses of raters who can read results now never count again, so that
 * the close-time view the results keep to is the one with every reader left out.
 */
export async function stampReadersAtClose(db: Kysely<Database>, evaluationId: number): Promise<void> {
  await db
    .updateTable('v2_responses')
    .set({ counts_for_anonymity: 0 })
    .where('counts_for_anonymity', '=', 1)
    .where('assignment_id', 'in', (eb) =>
      eb.selectFrom('v2_assignments').select('id').where('evaluation_id', '=', evaluationId),
    )
    .where('evaluator_id', 'in', (eb) =>
      eb.selectFrom('users').select('id').where('role', 'in', V2_RESULT_READER_ROLES),
    )
    .execute();
}
