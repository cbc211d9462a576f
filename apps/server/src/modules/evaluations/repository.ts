import type { Evaluation, V1EvaluationStatus, V1ReleaseMode } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import { notYetEvaluated } from '../../db/v1-pending';
import { nowIso } from '../../time';

function selectEvaluations(db: Kysely<Database>) {
  return db
    .selectFrom('evaluations')
    .innerJoin('categories', 'categories.id', 'evaluations.category_id')
    .leftJoin('question_banks', 'question_banks.id', 'evaluations.question_bank_id')
    .select([
      'evaluations.id',
      'evaluations.name',
      'evaluations.period',
      'evaluations.weight_objectives',
      'evaluations.weight_competencies',
      'evaluations.category_id',
      'evaluations.question_bank_id',
      'categories.name as category_name',
      'question_banks.name as question_bank_name',
      'evaluations.status',
      'evaluations.due_date',
      'evaluations.release_mode',
      'evaluations.released_at',
    ]);
}

export async function listEvaluations(db: Kysely<Database>): Promise<Evaluation[]> {
  return selectEvaluations(db)
    .orderBy('evaluations.period', 'desc')
    .orderBy('evaluations.id', 'desc')
    .execute();
}

export async function findEvaluation(db: Kysely<Database>, id: number): Promise<Evaluation | undefined> {
  return selectEvaluations(db).where('evaluations.id', '=', id).executeTakeFirst();
}

/** The category's current evaluation: its open one (at most one, by a unique index). */
export async function findEvaluationForCategory(
  db: Kysely<Database>,
  categoryId: number,
): Promise<Evaluation | undefined> {
  return selectEvaluations(db)
    .where('evaluations.category_id', '=', categoryId)
    .where('evaluations.status', '=', 'abierta')
    .executeTakeFirst();
}

/**
 * Reads an evaluation inside a transaction; on PostgreSQL the row is locked ('update' for a state
 * change, 'share' for a submission), so that a submission and a close never interleave (SQLite
 * serialises write transactions anyway).
 */
export async function lockEvaluation(
  db: Kysely<Database>,
  engine: Engine,
  id: number,
  mode: 'update' | 'share',
): Promise<Evaluation | undefined> {
  let q = selectEvaluations(db).where('evaluations.id', '=', id);
  if (engine === 'postgres') q = mode === 'update' ? q.forUpdate('evaluations') : q.forShare('evaluations');
  return q.executeTakeFirst();
}

export async function setEvaluationStatus(
  db: Kysely<Database>,
  id: number,
  status: V1EvaluationStatus,
): Promise<void> {
  // Any change of state ends a pending "opens when ready" (decision 039): it was opened, or someone chose.
  await db.updateTable('evaluations').set({ status, opens_when_ready: 0 }).where('id', '=', id).execute();
}

/** Whether the evaluation was created without a status and has not opened yet (decision 039). */
export async function opensWhenReady(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('evaluations')
    .select('opens_when_ready')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined && Number(row.opens_when_ready) === 1;
}

/**
 * Locks the category's row (PostgreSQL) before a check that it has no open evaluation followed by an
 * open, so that two such opens of one category run one after the other and the second sees the first
 * (decision 039). FOR NO KEY UPDATE: rows that reference the category (key-share locks) are not held
 * up. SQLite serialises write transactions.
 */
export async function lockCategory(db: Kysely<Database>, engine: Engine, categoryId: number): Promise<void> {
  if (engine !== 'postgres') return;
  await db.selectFrom('categories').select('id').where('id', '=', categoryId).forNoKeyUpdate().execute();
}

export interface EvaluationRowFields {
  name: string;
  period: string;
  weight_objectives: number;
  weight_competencies: number;
  category_id: number;
  question_bank_id?: number | null;
  /** YYYY-MM-DD or null; left out of an update: kept. */
  due_date?: string | null;
  /** Left out of an update: kept (decision 050). */
  release_mode?: V1ReleaseMode;
}

export async function insertEvaluation(
  db: Kysely<Database>,
  fields: EvaluationRowFields & { status: V1EvaluationStatus; opens_when_ready: 0 | 1 },
): Promise<number> {
  const { id } = await db
    .insertInto('evaluations')
    .values({
      ...fields,
      question_bank_id: fields.question_bank_id ?? null,
      due_date: fields.due_date ?? null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Writes the fields; a `question_bank_id` or `due_date` left out keeps the evaluation's. */
export async function updateEvaluationRow(
  db: Kysely<Database>,
  id: number,
  fields: EvaluationRowFields,
): Promise<void> {
  await db.updateTable('evaluations').set(fields).where('id', '=', id).execute();
}

/**
 * The evaluator–collaborator pairs of a V1 round (an active collaborator of its category assigned to
 * an active evaluator), and those not yet evaluated in it, by evaluator then collaborator name.
 */
export async function roundPairs(db: Kysely<Database>, evaluationId: number) {
  const pairs = pairsOfRound(db, evaluationId);
  const [total, pending] = await Promise.all([
    pairs.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    pairs
      .where(notYetEvaluated)
      .select(['ev.name as evaluator_name', 'c.name as collaborator_name'])
      .orderBy('ev.name')
      .orderBy('c.name')
      .orderBy('a.id')
      .execute(),
  ]);
  return { total: Number(total.n), pending };
}

/** Whether the round has at least one evaluator–collaborator pair: someone would answer it. */
export async function roundHasPairs(db: Kysely<Database>, evaluationId: number): Promise<boolean> {
  const row = await pairsOfRound(db, evaluationId).select('a.id').limit(1).executeTakeFirst();
  return row !== undefined;
}

function pairsOfRound(db: Kysely<Database>, evaluationId: number) {
  return db
    .selectFrom('evaluations as e')
    .innerJoin('users as c', 'c.category_id', 'e.category_id')
    .innerJoin('assignments as a', 'a.collaborator_id', 'c.id')
    .innerJoin('users as ev', 'ev.id', 'a.evaluator_id')
    .where('e.id', '=', evaluationId)
    .where('c.active', '=', 1)
    .where('ev.active', '=', 1)
    .where('ev.role', '=', 'evaluador');
}

export async function deleteEvaluationRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('evaluations').where('id', '=', id).execute();
}

export async function categoryExists(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function bankExists(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db.selectFrom('question_banks').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function resultsForEvaluation(db: Kysely<Database>, id: number): Promise<number> {
  const row = await db
    .selectFrom('v1_submissions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('evaluation_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An evaluator may read the evaluation of a category that someone assigned to them has. */
export async function evaluatorHasCategory(
  db: Kysely<Database>,
  evaluatorId: number,
  categoryId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('assignments')
    .innerJoin('users', 'users.id', 'assignments.collaborator_id')
    .select('assignments.id')
    .where('assignments.evaluator_id', '=', evaluatorId)
    .where('users.category_id', '=', categoryId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
