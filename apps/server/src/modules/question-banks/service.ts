import {
  BANK_MESSAGES,
  MANAGER_ROLES,
  bankInUseMessage,
  questionBankIsReady,
  type questionBankInputSchema,
  type Question,
  type QuestionBank,
  type QuestionInput,
  STARTER_BANKS,
  type StarterBank,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../auth/access';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import { isForeignKeyViolation } from '../../db/errors';
import { forbidden, inUse, notFound } from '../../http/errors';
import { audit } from '../audit';
import { STARTER_QUESTIONS } from './starters';
import {
  answersForQuestion,
  countQuestions,
  deleteBankRow,
  deleteQuestionRow,
  evaluationsUsingBank,
  evaluatorMayReadBank,
  findBank,
  findQuestion,
  insertBank,
  insertQuestion,
  listBanks,
  listQuestions,
  lockBankRow,
  openEvaluationUsesBank,
  retireQuestionRow,
  updateBankRow,
  updateQuestionRow,
} from './repository';

/** A bank's fields as the contract's input schema gives them. */
type BankFields = z.output<typeof questionBankInputSchema>;

/**
 * Whether a bank asks at least one question now, read under the bank's row lock (PostgreSQL): every
 * check that an open evaluation's bank asks something takes it — opening, changing an open
 * evaluation's bank (evaluations module), removing a question (below) — so two never both pass.
 */
export async function bankAsksSomething(
  db: Kysely<Database>,
  engine: Engine,
  bankId: number,
): Promise<boolean> {
  await lockBankRow(db, engine, bankId);
  return questionBankIsReady(await countQuestions(db, bankId));
}

export function listAllBanks(db: Kysely<Database>): Promise<QuestionBank[]> {
  return listBanks(db);
}

/**
 * A bank's questions: managers read any bank; an evaluator only one an evaluation of someone
 * assigned to them uses (403 otherwise, before telling whether the bank exists).
 */
export async function listBankQuestions(
  db: Kysely<Database>,
  bankId: number,
  reader: Actor,
): Promise<Question[]> {
  const mayRead =
    (MANAGER_ROLES as readonly string[]).includes(reader.role) ||
    (reader.role === 'evaluador' && (await evaluatorMayReadBank(db, reader.userId, bankId)));
  if (!mayRead) throw forbidden();
  if (!(await findBank(db, bankId))) throw notFound(BANK_MESSAGES.notFound);
  return listQuestions(db, bankId);
}

export async function createBank(
  db: Kysely<Database>,
  input: BankFields,
  actor: Actor,
): Promise<QuestionBank> {
  return db.transaction().execute(async (trx) => {
    const row = await insertBank(trx, input);
    await audit(trx, {
      userId: actor.userId,
      action: 'create',
      entity: 'question_bank',
      entityId: row.id,
      after: row,
      ip: actor.ip,
    });
    return { ...row, question_count: 0 };
  });
}

/**
 * A new bank copied from a starter bank (decision 054): its name and questions, in one transaction,
 * audited as the bank's creation with the questions it got.
 */
export async function createBankFromStarter(
  db: Kysely<Database>,
  starter: StarterBank,
  actor: Actor,
): Promise<QuestionBank> {
  return db.transaction().execute(async (trx) => {
    const row = await insertBank(trx, {
      name: STARTER_BANKS[starter],
      description: 'Copia de un banco inicial de Evalúa: edita sus preguntas como las de cualquier banco.',
    });
    const questions = [];
    for (const [text, type] of STARTER_QUESTIONS[starter])
      questions.push(await insertQuestion(trx, row.id, text, type));
    await audit(trx, {
      userId: actor.userId,
      action: 'create',
      entity: 'question_bank',
      entityId: row.id,
      after: { ...row, starter, questions },
      ip: actor.ip,
    });
    return { ...row, question_count: questions.length };
  });
}

export async function updateBank(
  db: Kysely<Database>,
  id: number,
  input: BankFields,
  actor: Actor,
): Promise<QuestionBank> {
  return db.transaction().execute(async (trx) => {
    const before = await findBank(trx, id);
    if (!before) throw notFound(BANK_MESSAGES.notFound);
    const after = await updateBankRow(trx, id, input);
    await audit(trx, {
      userId: actor.userId,
      action: 'update',
      entity: 'question_bank',
      entityId: id,
      before,
      after,
      ip: actor.ip,
    });
    return { ...after, question_count: await countQuestions(trx, id) };
  });
}

export async function deleteBank(db: Kysely<Database>, id: number, actor: Actor): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const before = await findBank(trx, id);
      if (!before) throw notFound(BANK_MESSAGES.notFound);
      const users = await evaluationsUsingBank(trx, id);
      if (users.length > 0) throw inUse(bankInUseMessage(users));
      await deleteBankRow(trx, id);
      await audit(trx, {
        userId: actor.userId,
        action: 'delete',
        entity: 'question_bank',
        entityId: id,
        before,
        ip: actor.ip,
      });
    });
  } catch (err) {
    // Answers point at its questions (a foreign key): results are never lost.
    if (isForeignKeyViolation(err)) throw inUse(BANK_MESSAGES.bankInUseRace);
    throw err;
  }
}

export async function addQuestion(
  db: Kysely<Database>,
  bankId: number,
  input: Required<QuestionInput>,
  actor: Actor,
): Promise<Question> {
  return db.transaction().execute(async (trx) => {
    if (!(await findBank(trx, bankId))) throw notFound(BANK_MESSAGES.notFound);
    const row = await insertQuestion(trx, bankId, input.question_text, input.question_type);
    await audit(trx, {
      userId: actor.userId,
      action: 'create',
      entity: 'question',
      entityId: row.id,
      after: { ...row, bank_id: bankId },
      ip: actor.ip,
    });
    return row;
  });
}

/**
 * Changes a question (decision 026). Unanswered: changed in place. Answered: the answered version is
 * retired — kept, unchanged, for the results that used it — and a new version takes its place in the
 * bank for every submission from now on. The answer is the question the bank asks now.
 */
export async function updateQuestion(
  db: Kysely<Database>,
  engine: Engine,
  bankId: number,
  qid: number,
  input: Required<QuestionInput>,
  actor: Actor,
): Promise<Question> {
  return db.transaction().execute(async (trx) => {
    const before = await findQuestion(trx, engine, bankId, qid);
    if (!before) throw notFound(BANK_MESSAGES.questionNotFound);
    const unchanged =
      before.question_text === input.question_text && before.question_type === input.question_type;
    const answered = !unchanged && (await answersForQuestion(trx, qid)) > 0;
    const after = unchanged
      ? { id: before.id, question_text: before.question_text, question_type: before.question_type }
      : answered
        ? await replaceWithVersion(trx, before, input)
        : await updateQuestionRow(trx, qid, input.question_text, input.question_type);
    await audit(trx, {
      userId: actor.userId,
      action: 'update',
      entity: 'question',
      entityId: qid,
      before,
      after: answered ? { ...after, replaces: qid } : after,
      ip: actor.ip,
    });
    return after;
  });
}

async function replaceWithVersion(
  trx: Kysely<Database>,
  before: { id: number; bank_id: number; root_id: number | null },
  input: Required<QuestionInput>,
): Promise<Question> {
  await retireQuestionRow(trx, before.id);
  return insertQuestion(
    trx,
    before.bank_id,
    input.question_text,
    input.question_type,
    before.root_id ?? before.id,
  );
}

/**
 * Removes a question from its bank: deleted when nobody answered it, retired (kept for the results
 * that used it) when answered. The last question of a bank an open evaluation asks stays: the form
 * must never come up empty.
 */
export async function deleteQuestion(
  db: Kysely<Database>,
  engine: Engine,
  bankId: number,
  qid: number,
  actor: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockBankRow(trx, engine, bankId);
    const before = await findQuestion(trx, engine, bankId, qid);
    if (!before) throw notFound(BANK_MESSAGES.questionNotFound);
    // The bank without this question would no longer be ready for the open evaluation using it.
    const readyAfter = questionBankIsReady((await countQuestions(trx, bankId)) - 1);
    if (!readyAfter && (await openEvaluationUsesBank(trx, bankId)))
      throw inUse(BANK_MESSAGES.lastQuestionOfOpen);
    const answered = (await answersForQuestion(trx, qid)) > 0;
    if (answered) await retireQuestionRow(trx, qid);
    else await deleteQuestionRow(trx, qid);
    await audit(trx, {
      userId: actor.userId,
      action: 'delete',
      entity: 'question',
      entityId: qid,
      before,
      after: answered ? { retired: true } : undefined,
      ip: actor.ip,
    });
  });
}
