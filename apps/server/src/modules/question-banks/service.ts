import type { QuestionBank, QuestionInput } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import type { Database } from '../../db/schema';
import { isForeignKeyViolation } from '../../db/errors';
import { inUse, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import {
  answersForQuestion,
  evaluationsUsingBank,
  findBank,
  findQuestion,
  insertQuestion,
} from './repository';

export const BANK_MESSAGES = {
  notFound: 'El banco de preguntas no existe.',
  questionNotFound: 'La pregunta no existe en este banco.',
  questionAnswered: 'No se puede eliminar la pregunta porque ya tiene respuestas registradas.',
  bankInUseRace: 'No se puede eliminar el banco porque está en uso.',
} as const;

export function bankInUseMessage(names: string[]): string {
  const list = names.map((n) => `«${n}»`).join(', ');
  return names.length === 1
    ? `No se puede eliminar el banco porque lo usa la evaluación ${list}.`
    : `No se puede eliminar el banco porque lo usan las evaluaciones ${list}.`;
}

type BankFields = { name: string; description: string | null };

export async function createBank(
  db: Kysely<Database>,
  input: BankFields,
  actor: Actor,
): Promise<QuestionBank> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('question_banks').values(input).returningAll().executeTakeFirstOrThrow();
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

export async function updateBank(db: Kysely<Database>, id: number, input: BankFields, actor: Actor) {
  return db.transaction().execute(async (trx) => {
    const before = await findBank(trx, id);
    if (!before) throw notFound(BANK_MESSAGES.notFound);
    const after = await trx
      .updateTable('question_banks')
      .set(input)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, {
      userId: actor.userId,
      action: 'update',
      entity: 'question_bank',
      entityId: id,
      before,
      after,
      ip: actor.ip,
    });
    const count = await trx
      .selectFrom('questions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bank_id', '=', id)
      .executeTakeFirstOrThrow();
    return { ...after, question_count: Number(count.n) };
  });
}

export async function deleteBank(db: Kysely<Database>, id: number, actor: Actor): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const before = await findBank(trx, id);
      if (!before) throw notFound(BANK_MESSAGES.notFound);
      const users = await evaluationsUsingBank(trx, id);
      if (users.length > 0) throw inUse(bankInUseMessage(users));
      await trx.deleteFrom('question_banks').where('id', '=', id).execute();
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
) {
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

export async function updateQuestion(
  db: Kysely<Database>,
  bankId: number,
  qid: number,
  input: Required<QuestionInput>,
  actor: Actor,
) {
  return db.transaction().execute(async (trx) => {
    const before = await findQuestion(trx, bankId, qid);
    if (!before) throw notFound(BANK_MESSAGES.questionNotFound);
    const after = await trx
      .updateTable('questions')
      .set({ question_text: input.question_text, question_type: input.question_type })
      .where('id', '=', qid)
      .returning(['id', 'question_text', 'question_type'])
      .executeTakeFirstOrThrow();
    await audit(trx, {
      userId: actor.userId,
      action: 'update',
      entity: 'question',
      entityId: qid,
      before,
      after,
      ip: actor.ip,
    });
    return after;
  });
}

export async function deleteQuestion(
  db: Kysely<Database>,
  bankId: number,
  qid: number,
  actor: Actor,
): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const before = await findQuestion(trx, bankId, qid);
      if (!before) throw notFound(BANK_MESSAGES.questionNotFound);
      if ((await answersForQuestion(trx, qid)) > 0) throw inUse(BANK_MESSAGES.questionAnswered);
      await trx.deleteFrom('questions').where('id', '=', qid).execute();
      await audit(trx, {
        userId: actor.userId,
        action: 'delete',
        entity: 'question',
        entityId: qid,
        before,
        ip: actor.ip,
      });
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw inUse(BANK_MESSAGES.questionAnswered);
    throw err;
  }
}
