import type { Question, QuestionBank, QuestionType } from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import { nowIso } from '../../time';

export async function listBanks(db: Kysely<Database>): Promise<QuestionBank[]> {
  return db
    .selectFrom('question_banks')
    .leftJoin('questions', (join) =>
      join.onRef('questions.bank_id', '=', 'question_banks.id').on('questions.retired_at', 'is', null),
    )
    .select((eb) => [
      'question_banks.id',
      'question_banks.name',
      'question_banks.description',
      eb.fn.count<number>('questions.id').as('question_count'),
    ])
    .groupBy(['question_banks.id', 'question_banks.name', 'question_banks.description'])
    .orderBy('question_banks.name')
    .orderBy('question_banks.id')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, question_count: Number(r.question_count) })));
}

export async function findBank(db: Kysely<Database>, id: number) {
  return db.selectFrom('question_banks').selectAll().where('id', '=', id).executeTakeFirst();
}

type BankFields = { name: string; description: string | null };

export async function insertBank(db: Kysely<Database>, fields: BankFields) {
  return db.insertInto('question_banks').values(fields).returningAll().executeTakeFirstOrThrow();
}

export async function updateBankRow(db: Kysely<Database>, id: number, fields: BankFields) {
  return db
    .updateTable('question_banks')
    .set(fields)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteBankRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('question_banks').where('id', '=', id).execute();
}

export async function countQuestions(db: Kysely<Database>, bankId: number): Promise<number> {
  const row = await db
    .selectFrom('questions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('bank_id', '=', bankId)
    .where('retired_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The questions a bank asks now, in their order (a new version keeps its first version's place). */
export async function listQuestions(db: Kysely<Database>, bankId: number): Promise<Question[]> {
  const rows = await db
    .selectFrom('questions')
    .select(['id', 'question_text', 'question_type'])
    .where('bank_id', '=', bankId)
    .where('retired_at', 'is', null)
    .orderBy(sql`coalesce(root_id, id)`)
    .orderBy('id')
    .execute();
  return rows;
}

/**
 * A question the bank asks now, read to change it: on PostgreSQL its row is locked, so that a
 * submission reading it (share lock) either comes before — and the change makes a new version — or
 * after, and answers the changed question.
 */
export async function findQuestion(db: Kysely<Database>, engine: Engine, bankId: number, qid: number) {
  let q = db
    .selectFrom('questions')
    .select(['id', 'question_text', 'question_type', 'bank_id', 'root_id'])
    .where('id', '=', qid)
    .where('bank_id', '=', bankId)
    .where('retired_at', 'is', null);
  if (engine === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function insertQuestion(
  db: Kysely<Database>,
  bankId: number,
  text: string,
  type: QuestionType,
  rootId: number | null = null,
) {
  return db
    .insertInto('questions')
    .values({
      bank_id: bankId,
      question_text: text,
      question_type: type,
      root_id: rootId,
      created_at: nowIso(),
    })
    .returning(['id', 'question_text', 'question_type'])
    .executeTakeFirstOrThrow();
}

/** Takes an answered question out of its bank; the results that used it keep pointing at it. */
export async function retireQuestionRow(db: Kysely<Database>, qid: number): Promise<void> {
  await db
    .updateTable('questions')
    .set({ retired_at: nowIso() })
    .where('id', '=', qid)
    .where('retired_at', 'is', null)
    .execute();
}

/**
 * Locks the bank's row (PostgreSQL), the lock every "an open evaluation's bank asks something" check
 * takes (see bankAsksSomething). FOR NO KEY UPDATE: an evaluation inserted with this bank takes a
 * key-share lock on it, which must not deadlock with this. SQLite serialises write transactions.
 */
export async function lockBankRow(db: Kysely<Database>, engine: Engine, bankId: number): Promise<void> {
  if (engine !== 'postgres') return;
  await db.selectFrom('question_banks').select('id').where('id', '=', bankId).forNoKeyUpdate().execute();
}

/** Whether an open evaluation asks this bank's questions. */
export async function openEvaluationUsesBank(db: Kysely<Database>, bankId: number): Promise<boolean> {
  const row = await db
    .selectFrom('evaluations')
    .select('id')
    .where('question_bank_id', '=', bankId)
    .where('status', '=', 'abierta')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateQuestionRow(db: Kysely<Database>, qid: number, text: string, type: QuestionType) {
  return db
    .updateTable('questions')
    .set({ question_text: text, question_type: type })
    .where('id', '=', qid)
    .returning(['id', 'question_text', 'question_type'])
    .executeTakeFirstOrThrow();
}

export async function deleteQuestionRow(db: Kysely<Database>, qid: number): Promise<void> {
  await db.deleteFrom('questions').where('id', '=', qid).execute();
}

/** Names of the evaluations that use a bank. */
export async function evaluationsUsingBank(db: Kysely<Database>, bankId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('evaluations')
    .select('name')
    .where('question_bank_id', '=', bankId)
    .execute();
  return rows.map((r) => r.name);
}

export async function answersForQuestion(db: Kysely<Database>, questionId: number): Promise<number> {
  const row = await db
    .selectFrom('v1_answers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('question_id', '=', questionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An evaluator may read a bank used by an evaluation of the category of someone assigned to them. */
export async function evaluatorMayReadBank(
  db: Kysely<Database>,
  evaluatorId: number,
  bankId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('evaluations')
    .innerJoin('users', 'users.category_id', 'evaluations.category_id')
    .innerJoin('assignments', 'assignments.collaborator_id', 'users.id')
    .select('evaluations.id')
    .where('evaluations.question_bank_id', '=', bankId)
    .where('assignments.evaluator_id', '=', evaluatorId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
