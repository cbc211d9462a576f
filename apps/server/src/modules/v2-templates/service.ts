import { V2_TEMPLATE_MESSAGES as M, type V2Template } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import {
  copyEvaluationItemsToTemplate,
  findTemplate,
  findTemplateIdByKey,
  insertTemplate,
  templateKey,
} from './repository';

async function assertNameFree(db: Kysely<Database>, name: string, exceptId?: number): Promise<void> {
  const existing = await findTemplateIdByKey(db, templateKey(name));
  if (existing !== undefined && existing !== exceptId) throw conflict(M.duplicate);
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
      const evaluation = await trx
        .selectFrom('v2_evaluations')
        .select('id')
        .where('id', '=', input.evaluation_id)
        .executeTakeFirst();
      if (!evaluation) throw notFound(M.evaluationMissing);
      await assertNameFree(trx, input.name);
      const id = await insertTemplate(trx, input.name, null);
      await copyEvaluationItemsToTemplate(trx, evaluation.id, id);
      const created = await reread(trx, id);
      await audit(trx, {
        userId: actor.userId,
        action: 'create',
        entity: 'v2_template',
        entityId: id,
        after: { ...created, from_evaluation_id: evaluation.id },
        ip: actor.ip,
      });
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.duplicate);
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
      await trx
        .updateTable('v2_templates')
        .set({ name, name_key: templateKey(name) })
        .where('id', '=', id)
        .execute();
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
    if (isUniqueViolation(err)) throw conflict(M.duplicate);
    throw err;
  }
}

/** Evaluations created from (or saved as) the template keep their items; their link is cleared. */
export async function removeTemplate(db: Kysely<Database>, id: number, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findTemplate(trx, id);
    if (!before) throw notFound(M.notFound);
    const unlinked = await trx
      .updateTable('v2_evaluations')
      .set({ template_id: null })
      .where('template_id', '=', id)
      .returning('id')
      .execute();
    await trx.deleteFrom('v2_template_items').where('template_id', '=', id).execute();
    await trx.deleteFrom('v2_templates').where('id', '=', id).execute();
    await audit(trx, {
      userId: actor.userId,
      action: 'delete',
      entity: 'v2_template',
      entityId: id,
      before: { ...before, evaluations_unlinked: unlinked.map((r) => r.id) },
      ip: actor.ip,
    });
  });
}
