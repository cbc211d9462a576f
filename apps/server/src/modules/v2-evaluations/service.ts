import {
  V2_EVALUATION_MESSAGES as M,
  type V2Evaluation,
  type V2Status,
  type V2Weights,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import type { Engine } from '../../db/connection';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { nowIso } from '../../time';
import { audit } from '../audit/audit';
import {
  copyTemplateItemsToEvaluation,
  findTemplateIdByKey,
  insertTemplate,
  templateKey,
} from '../v2-templates/repository';
import { countItems, findV2Evaluation, lockV2Evaluation, stampReadersAtClose } from './repository';

interface BaseFields {
  name: string;
  period: string;
  weights: V2Weights;
  allow_self: boolean;
}

async function insertEvaluation(
  db: Kysely<Database>,
  f: BaseFields,
  templateId: number | null,
  actor: Actor,
): Promise<number> {
  const row = await db
    .insertInto('v2_evaluations')
    .values({
      name: f.name,
      period: f.period,
      weight_objectives: f.weights.weight_objectives,
      weight_competencies: f.weights.weight_competencies,
      allow_self: f.allow_self ? 1 : 0,
      template_id: templateId,
      created_by: actor.userId,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function reread(db: Kysely<Database>, id: number): Promise<V2Evaluation> {
  const row = await findV2Evaluation(db, id);
  if (!row) throw notFound(M.notFound);
  return row;
}

/**
 * A blank draft. With save_as_template a template named like the evaluation is created too; it
 * follows the evaluation: every save of the draft's items replaces the template's items.
 */
export async function createV2Evaluation(
  db: Kysely<Database>,
  input: BaseFields & { save_as_template: boolean },
  actor: Actor,
): Promise<V2Evaluation> {
  try {
    return await db.transaction().execute(async (trx) => {
      const id = await insertEvaluation(trx, input, null, actor);
      if (input.save_as_template) {
        if ((await findTemplateIdByKey(trx, templateKey(input.name))) !== undefined) {
          throw conflict(M.templateNameTaken);
        }
        const templateId = await insertTemplate(trx, input.name, id);
        await trx
          .updateTable('v2_evaluations')
          .set({ template_id: templateId })
          .where('id', '=', id)
          .execute();
        await audit(trx, {
          userId: actor.userId,
          action: 'create',
          entity: 'v2_template',
          entityId: templateId,
          after: { id: templateId, name: input.name, source_evaluation_id: id },
          ip: actor.ip,
        });
      }
      const created = await reread(trx, id);
      await audit(trx, {
        userId: actor.userId,
        action: 'create',
        entity: 'v2_evaluation',
        entityId: id,
        after: created,
        ip: actor.ip,
      });
      return created;
    });
  } catch (err) {
    // Two evaluations saved as the same template name at once: the unique name key decides.
    if (isUniqueViolation(err)) throw conflict(M.templateNameTaken);
    throw err;
  }
}

/** A draft holding a copy of the template's items; it keeps them whatever later happens to the template. */
export async function createV2EvaluationFromTemplate(
  db: Kysely<Database>,
  input: BaseFields & { template_id: number },
  actor: Actor,
): Promise<V2Evaluation> {
  try {
    return await db.transaction().execute(async (trx) => {
      const template = await trx
        .selectFrom('v2_templates')
        .select('id')
        .where('id', '=', input.template_id)
        .executeTakeFirst();
      if (!template) throw notFound(M.templateMissing);
      const id = await insertEvaluation(trx, input, template.id, actor);
      await copyTemplateItemsToEvaluation(trx, template.id, id);
      const created = await reread(trx, id);
      await audit(trx, {
        userId: actor.userId,
        action: 'create',
        entity: 'v2_evaluation',
        entityId: id,
        after: { ...created, from_template_id: template.id },
        ip: actor.ip,
      });
      return created;
    });
  } catch (err) {
    // The template was deleted between our read and the insert.
    if (isForeignKeyViolation(err)) throw notFound(M.templateMissing);
    throw err;
  }
}

/** Why a status change is refused, or null when it is the one allowed step forward. */
export function transitionRefusal(from: V2Status, to: V2Status): string | null {
  if (from === 'draft' && to === 'open') return null;
  if (from === 'open' && to === 'closed') return null;
  if (from === to)
    return from === 'draft' ? M.alreadyDraft : from === 'open' ? M.alreadyOpen : M.alreadyClosed;
  if (from === 'closed') return M.reopen;
  if (from === 'open') return M.backToDraft;
  return M.closeFromDraft;
}

export interface V2EvaluationPatch {
  status?: V2Status | undefined;
  name?: string | undefined;
  period?: string | undefined;
  weights?: V2Weights | undefined;
}

/** Status moves forward only (draft → open → closed); name, period and weights change only in draft. */
export async function patchV2Evaluation(
  db: Kysely<Database>,
  engine: Engine,
  id: number,
  patch: V2EvaluationPatch,
  actor: Actor,
): Promise<V2Evaluation> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockV2Evaluation(trx, engine, id, 'update');
    if (!locked) throw notFound(M.notFound);
    const before = await reread(trx, id);
    const editsFields = patch.name !== undefined || patch.period !== undefined || patch.weights !== undefined;
    if (editsFields && locked.status !== 'draft') throw conflict(M.fieldsLocked);
    if (patch.status !== undefined) {
      const refusal = transitionRefusal(locked.status, patch.status);
      if (refusal) throw conflict(refusal);
      if (patch.status === 'open' && (await countItems(trx, id)) === 0) throw conflict(M.openNeedsItems);
    }
    await trx
      .updateTable('v2_evaluations')
      .set({
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.period !== undefined ? { period: patch.period } : {}),
        ...(patch.weights !== undefined ? patch.weights : {}),
      })
      .where('id', '=', id)
      .execute();
    if (patch.status === 'closed' && locked.status !== 'closed') await stampReadersAtClose(trx, id);
    const after = await reread(trx, id);
    await audit(trx, {
      userId: actor.userId,
      action:
        patch.status !== undefined && patch.status !== before.status ? `status_${patch.status}` : 'update',
      entity: 'v2_evaluation',
      entityId: id,
      before,
      after,
      ip: actor.ip,
    });
    return after;
  });
}

/** Only a draft can be deleted (it has no answers); its items and assignments go with it. */
export async function deleteV2Evaluation(
  db: Kysely<Database>,
  engine: Engine,
  id: number,
  actor: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const locked = await lockV2Evaluation(trx, engine, id, 'update');
    if (!locked) throw notFound(M.notFound);
    if (locked.status !== 'draft') throw conflict(M.deleteNotDraft);
    const before = await reread(trx, id);
    await trx.deleteFrom('v2_assignments').where('evaluation_id', '=', id).execute();
    await trx.deleteFrom('v2_items').where('evaluation_id', '=', id).execute();
    // A template saved from it keeps its items and stops following.
    await trx
      .updateTable('v2_templates')
      .set({ source_evaluation_id: null })
      .where('source_evaluation_id', '=', id)
      .execute();
    await trx.deleteFrom('v2_evaluations').where('id', '=', id).execute();
    await audit(trx, {
      userId: actor.userId,
      action: 'delete',
      entity: 'v2_evaluation',
      entityId: id,
      before,
      ip: actor.ip,
    });
  });
}
