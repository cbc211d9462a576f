import type { Evaluation } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import type { Database } from '../../db/schema';
import { isForeignKeyViolation } from '../../db/errors';
import { badRequest, inUse, notFound } from '../../http/errors';
import { nowIso } from '../../time';
import { audit } from '../audit/audit';
import { findEvaluation, resultsForEvaluation } from './repository';

export const EVALUATION_MESSAGES = {
  notFound: 'La evaluación no existe.',
  categoryMissing: 'La categoría no existe.',
  bankMissing: 'El banco de preguntas no existe.',
  hasResults: 'No se puede eliminar la evaluación porque ya tiene resultados registrados.',
  lockedByResults:
    'La evaluación ya tiene resultados registrados: no se pueden cambiar sus pesos, su categoría ni su banco de preguntas.',
  noneForCategory: 'No hay evaluaciones para esta categoría.',
} as const;

export interface EvaluationFields {
  name: string;
  period?: string | undefined;
  weight_objectives: number;
  weight_competencies: number;
  category_id: number;
  question_bank_id?: number | null | undefined;
}

async function checkReferences(db: Kysely<Database>, f: EvaluationFields): Promise<void> {
  const category = await db
    .selectFrom('categories')
    .select('id')
    .where('id', '=', f.category_id)
    .executeTakeFirst();
  if (!category) throw badRequest(EVALUATION_MESSAGES.categoryMissing, 'body.category_id');
  if (f.question_bank_id != null) {
    const bank = await db
      .selectFrom('question_banks')
      .select('id')
      .where('id', '=', f.question_bank_id)
      .executeTakeFirst();
    if (!bank) throw badRequest(EVALUATION_MESSAGES.bankMissing, 'body.question_bank_id');
  }
}

export function currentYear(now = new Date()): string {
  return String(now.getFullYear());
}

export async function createEvaluation(
  db: Kysely<Database>,
  f: EvaluationFields,
  actor: Actor,
): Promise<Evaluation> {
  return db.transaction().execute(async (trx) => {
    await checkReferences(trx, f);
    const { id } = await trx
      .insertInto('evaluations')
      .values({
        name: f.name,
        period: f.period || currentYear(),
        weight_objectives: f.weight_objectives,
        weight_competencies: f.weight_competencies,
        category_id: f.category_id,
        question_bank_id: f.question_bank_id ?? null,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await findEvaluation(trx, id);
    if (!created) throw notFound(EVALUATION_MESSAGES.notFound);
    await audit(trx, {
      userId: actor.userId,
      action: 'create',
      entity: 'evaluation',
      entityId: id,
      after: created,
      ip: actor.ip,
    });
    return created;
  });
}

export async function updateEvaluation(
  db: Kysely<Database>,
  id: number,
  f: EvaluationFields,
  actor: Actor,
): Promise<Evaluation> {
  return db.transaction().execute(async (trx) => {
    const before = await findEvaluation(trx, id);
    if (!before) throw notFound(EVALUATION_MESSAGES.notFound);
    await checkReferences(trx, f);
    // Stored results were scored with these weights and this bank: changing them would make the
    // reports disagree with the results already given. The name and period may still change.
    const reshapes =
      f.weight_objectives !== before.weight_objectives ||
      f.weight_competencies !== before.weight_competencies ||
      f.category_id !== before.category_id ||
      (f.question_bank_id !== undefined && (f.question_bank_id ?? null) !== before.question_bank_id);
    if (reshapes && (await resultsForEvaluation(trx, id)) > 0)
      throw inUse(EVALUATION_MESSAGES.lockedByResults);
    await trx
      .updateTable('evaluations')
      .set({
        name: f.name,
        period: f.period || before.period,
        weight_objectives: f.weight_objectives,
        weight_competencies: f.weight_competencies,
        category_id: f.category_id,
        ...(f.question_bank_id !== undefined ? { question_bank_id: f.question_bank_id } : {}),
      })
      .where('id', '=', id)
      .execute();
    const after = await findEvaluation(trx, id);
    if (!after) throw notFound(EVALUATION_MESSAGES.notFound);
    await audit(trx, {
      userId: actor.userId,
      action: 'update',
      entity: 'evaluation',
      entityId: id,
      before,
      after,
      ip: actor.ip,
    });
    return after;
  });
}

export async function deleteEvaluation(db: Kysely<Database>, id: number, actor: Actor): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const before = await findEvaluation(trx, id);
      if (!before) throw notFound(EVALUATION_MESSAGES.notFound);
      if ((await resultsForEvaluation(trx, id)) > 0) throw inUse(EVALUATION_MESSAGES.hasResults);
      await trx.deleteFrom('evaluations').where('id', '=', id).execute();
      await audit(trx, {
        userId: actor.userId,
        action: 'delete',
        entity: 'evaluation',
        entityId: id,
        before,
        ip: actor.ip,
      });
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw inUse(EVALUATION_MESSAGES.hasResults);
    throw err;
  }
}
