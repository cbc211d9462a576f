import { EVALUATION_MESSAGES, type Evaluation } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import type { Database } from '../../db/schema';
import { isForeignKeyViolation } from '../../db/errors';
import { badRequest, forbidden, inUse, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import {
  bankExists,
  categoryExists,
  deleteEvaluationRow,
  evaluatorHasCategory,
  findEvaluation,
  findEvaluationForCategory,
  insertEvaluation,
  listEvaluations,
  resultsForEvaluation,
  updateEvaluationRow,
} from './repository';

export interface EvaluationFields {
  name: string;
  period?: string | undefined;
  weight_objectives: number;
  weight_competencies: number;
  category_id: number;
  question_bank_id?: number | null | undefined;
}

export function listAllEvaluations(db: Kysely<Database>): Promise<Evaluation[]> {
  return listEvaluations(db);
}

export async function getEvaluation(db: Kysely<Database>, id: number): Promise<Evaluation> {
  const evaluation = await findEvaluation(db, id);
  if (!evaluation) throw notFound(EVALUATION_MESSAGES.notFound);
  return evaluation;
}

/**
 * The evaluation a category is evaluated with. An evaluator reads it only for the category of
 * someone assigned to them (403 otherwise); admin and HR read any.
 */
export async function getEvaluationForCategory(
  db: Kysely<Database>,
  categoryId: number,
  reader: Actor,
): Promise<Evaluation> {
  if (reader.role === 'evaluador' && !(await evaluatorHasCategory(db, reader.userId, categoryId)))
    throw forbidden();
  const evaluation = await findEvaluationForCategory(db, categoryId);
  if (!evaluation) throw notFound(EVALUATION_MESSAGES.noneForCategory);
  return evaluation;
}

async function checkReferences(db: Kysely<Database>, f: EvaluationFields): Promise<void> {
  if (!(await categoryExists(db, f.category_id)))
    throw badRequest(EVALUATION_MESSAGES.categoryMissing, 'body.category_id');
  if (f.question_bank_id != null && !(await bankExists(db, f.question_bank_id)))
    throw badRequest(EVALUATION_MESSAGES.bankMissing, 'body.question_bank_id');
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
    const id = await insertEvaluation(trx, {
      name: f.name,
      period: f.period || currentYear(),
      weight_objectives: f.weight_objectives,
      weight_competencies: f.weight_competencies,
      category_id: f.category_id,
      question_bank_id: f.question_bank_id ?? null,
    });
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
    await updateEvaluationRow(trx, id, {
      name: f.name,
      period: f.period || before.period,
      weight_objectives: f.weight_objectives,
      weight_competencies: f.weight_competencies,
      category_id: f.category_id,
      ...(f.question_bank_id !== undefined ? { question_bank_id: f.question_bank_id } : {}),
    });
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
      await deleteEvaluationRow(trx, id);
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
