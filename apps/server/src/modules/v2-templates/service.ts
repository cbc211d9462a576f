import { ERROR_CODES, V2_TEMPLATE_MESSAGES as M, type V2Scale, type V2Template } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { audit } from '../audit';
import {
  copyEvaluationItemsToTemplate,
  copyTemplateItemsToEvaluation,
  deleteTemplateRows,
  evaluationExists,
  findScales,
  findTemplate,
  findTemplateIdByKey,
  insertTemplate,
  listScales,
  listTemplates,
  renameTemplateRow,
  syncFollowingTemplates,
  templateKey,
} from './repository';

const duplicate = () => conflict(M.duplicate, ERROR_CODES.duplicateName);

export function allScales(db: Kysely<Database>): Promise<V2Scale[]> {
  return listScales(db);
}

export function allTemplates(db: Kysely<Database>): Promise<V2Template[]> {
  return listTemplates(db);
}

async function assertNameFree(db: Kysely<Database>, name: string, exceptId?: number): Promise<void> {
  const existing = await findTemplateIdByKey(db, templateKey(name));
  if (existing !== undefined && existing !== exceptId) throw duplicate();
}

async function reread(db: Kysely<Database>, id: number): Promise<V2Template> {
  const row = await findTemplate(db, id);
  if (!row) throw notFound(M.notFound);
  return row;
}

/** A template holding a copy of the evaluation's current items (a copy: it does not follow later edits). */
export async function createTemplateFromEvaluation(
  db: Kysely<Database>,
  input: { evaluation_id: number; name: string },
  actor: Actor,
): Promise<V2Template> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await evaluationExists(trx, input.evaluation_id))) throw notFound(M.evaluationMissing);
      await assertNameFree(trx, input.name);
      const id = await insertTemplate(trx, input.name, null);
      await copyEvaluationItemsToTemplate(trx, input.evaluation_id, id);
      const created = await reread(trx, id);
      await audit(trx, {
        userId: actor.userId,
        action: 'create',
        entity: 'v2_template',
        entityId: id,
        after: { ...created, from_evaluation_id: input.evaluation_id },
        ip: actor.ip,
      });
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

export async function renameTemplate(
  db: Kysely<Database>,
  id: number,
  name: string,
  actor: Actor,
): Promise<V2Template> {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await findTemplate(trx, id);
      if (!before) throw notFound(M.notFound);
      await assertNameFree(trx, name, id);
      await renameTemplateRow(trx, id, name);
      const after = await reread(trx, id);
      await audit(trx, {
        userId: actor.userId,
        action: 'update',
        entity: 'v2_template',
        entityId: id,
        before,
        after,
        ip: actor.ip,
      });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/** Evaluations created from (or saved as) the template keep their items; their link is cleared. */
export async function removeTemplate(db: Kysely<Database>, id: number, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findTemplate(trx, id);
    if (!before) throw notFound(M.notFound);
    const unlinked = await deleteTemplateRows(trx, id);
    await audit(trx, {
      userId: actor.userId,
      action: 'delete',
      entity: 'v2_template',
      entityId: id,
      before: { ...before, evaluations_unlinked: unlinked },
      ip: actor.ip,
    });
  });
}

// For the other 360 modules (evaluations and items), inside their transactions.

/** Whether a template already has this name (case-insensitive). */
export async function templateNameTaken(db: Kysely<Database>, name: string): Promise<boolean> {
  return (await findTemplateIdByKey(db, templateKey(name))) !== undefined;
}

/** A template saved from an evaluation: it follows that evaluation's items. Answers its id. */
export function insertFollowingTemplate(
  db: Kysely<Database>,
  name: string,
  evaluationId: number,
): Promise<number> {
  return insertTemplate(db, name, evaluationId);
}

export async function templateExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await findTemplate(db, id)) !== undefined;
}

/** Copies a template's items into a new evaluation (which has none yet). */
export function copyTemplateInto(
  db: Kysely<Database>,
  templateId: number,
  evaluationId: number,
): Promise<void> {
  return copyTemplateItemsToEvaluation(db, templateId, evaluationId);
}

/** The rating scales with these ids, by id. */
export function scalesById(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, V2Scale>> {
  return findScales(db, ids);
}

/** Gives the templates that follow the evaluation its current items; answers their ids. */
export function syncTemplatesOf(db: Kysely<Database>, evaluationId: number): Promise<number[]> {
  return syncFollowingTemplates(db, evaluationId);
}
