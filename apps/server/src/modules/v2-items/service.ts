import {
  ERROR_CODES,
  MANAGER_ROLES,
  V2_EVALUATION_MESSAGES,
  V2_ITEM_MESSAGES as M,
  itemNotInEvaluationMessage,
  v2EvaluationAllows,
  type V2Item,
  type V2ItemInput,
  type V2Scale,
} from '@evalua/contracts';
import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import type { SessionUser } from '../../auth/sessions';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import { groupRollbacksOf } from '../../db/sqlite-driver';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { audit } from '../audit';
import { kickOutbox, type MailSettings } from '../mail';
import { isRaterIn } from '../v2-assignments';
import { assertV2EvaluationExists, lockV2EvaluationForUpdate, openIfReady } from '../v2-evaluations';
import { scalesById, syncTemplatesOf } from '../v2-templates';
import { deleteItemsExcept, insertItem, listItems, updateItem, type ItemValues } from './repository';

const DEFAULT_SCALE = { scale_min: 1, scale_max: 5 } as const;

/**
 * One item of the PUT, merged over the stored item it names (or over the defaults when new), with
 * the scale rules applied: a scale only for rating (another type clears it); a rating item with a
 * scale takes that scale's bounds and labels; without one its bounds (default 1-5) need min < max.
 * Position is the place in the list unless the item gives one.
 */
export function resolveItem(
  input: V2ItemInput,
  stored: V2Item | undefined,
  scales: ReadonlyMap<number, V2Scale>,
  index: number,
): ItemValues {
  const field = (name: string) => `body.items.${index}.${name}`;
  const type = input.type ?? stored?.type;
  const question_text = input.question_text ?? stored?.question_text;
  // The schema requires both for a new item; a stored item always has them.
  if (type === undefined) throw badRequest(M.typeRequired, field('type'));
  if (question_text === undefined) throw badRequest(M.textRequired, field('question_text'));
  const base = {
    question_text,
    type,
    section: input.section ?? stored?.section ?? 'competency',
    weight: input.weight ?? stored?.weight ?? 1,
    position: input.position ?? index,
  };
  if (type !== 'rating') {
    if (input.scale_id != null) throw badRequest(M.scaleOnlyForRating, field('scale_id'));
    return { ...base, scale_id: null, ...DEFAULT_SCALE, scale_labels: [] };
  }
  const wasRating = stored?.type === 'rating';
  const scaleId = input.scale_id !== undefined ? input.scale_id : wasRating ? stored.scale_id : null;
  if (scaleId !== null) {
    const scale = scales.get(scaleId);
    if (!scale) throw badRequest(M.scaleMissing, field('scale_id'));
    return {
      ...base,
      scale_id: scale.id,
      scale_min: scale.min_value,
      scale_max: scale.max_value,
      scale_labels: scale.labels,
    };
  }
  const scale_min = input.scale_min ?? (wasRating ? stored.scale_min : DEFAULT_SCALE.scale_min);
  const scale_max = input.scale_max ?? (wasRating ? stored.scale_max : DEFAULT_SCALE.scale_max);
  if (scale_min >= scale_max) throw badRequest(M.scaleOrder, field('scale_min'));
  return {
    ...base,
    scale_id: null,
    scale_min,
    scale_max,
    scale_labels: input.scale_labels ?? (wasRating ? stored.scale_labels : []),
  };
}

interface ResolvedItem {
  id: number | undefined;
  values: ItemValues;
}

/** Every item of the PUT resolved over the stored ones; the first wrong item throws its 400. */
async function resolveAll(
  trx: Kysely<Database>,
  inputs: readonly V2ItemInput[],
  before: readonly V2Item[],
): Promise<ResolvedItem[]> {
  const stored = new Map(before.map((item) => [item.id, item]));
  inputs.forEach((input, i) => {
    if (input.id !== undefined && !stored.has(input.id)) {
      throw badRequest(itemNotInEvaluationMessage(input.id), `body.items.${i}.id`);
    }
  });
  const scaleIds = [...new Set(inputs.flatMap((input) => (input.scale_id != null ? [input.scale_id] : [])))];
  const scales = await scalesById(trx, [
    ...scaleIds,
    ...before.flatMap((item) => (item.scale_id !== null ? [item.scale_id] : [])),
  ]);
  return inputs.map((input, i) => ({
    id: input.id,
    values: resolveItem(input, input.id !== undefined ? stored.get(input.id) : undefined, scales, i),
  }));
}

/**
 * Whether saving `inputs` would leave the items exactly as stored: every stored item named once, none
 * added, each resolving to its stored values. A list that cannot be resolved changes something.
 */
async function changesNothing(
  trx: Kysely<Database>,
  inputs: readonly V2ItemInput[],
  before: readonly V2Item[],
): Promise<boolean> {
  if (inputs.length !== before.length || inputs.some((input) => input.id === undefined)) return false;
  let resolved: ResolvedItem[];
  try {
    resolved = await resolveAll(trx, inputs, before);
  } catch {
    return false;
  }
  const stored = new Map(before.map(({ id, ...values }) => [id, values]));
  return resolved.every((r) => r.id !== undefined && isDeepStrictEqual(stored.get(r.id), r.values));
}

/**
 * PUT /api/evaluations-v2/{id}/items (DESIGN §4b): replaces the list while the evaluation is a
 * draft — an item with an id is updated in the fields it carries, one without is created, one left
 * out is deleted. One transaction with its audit entry; a template saved from the evaluation gets
 * the new list too. Answers the items as stored.
 *
 * Decision 046: a draft created without a status (SPEC.md's bodies) opens in the same transaction
 * once the save leaves it with an item, as PATCH {status:'open'} opens it; a save that leaves it
 * empty keeps it waiting. Outside draft the items are locked (409), except that a save changing
 * nothing (the items screen sending back what it read) answers them as they are, writing nothing.
 */
export async function replaceItems(
  db: Kysely<Database>,
  engine: Engine,
  evaluationId: number,
  inputs: readonly V2ItemInput[],
  actor: Actor,
  mail: MailSettings,
): Promise<V2Item[]> {
  const saved = await db.transaction().execute(async (trx) => {
    const evaluation = await lockV2EvaluationForUpdate(trx, engine, evaluationId);
    if (!evaluation) throw notFound(V2_EVALUATION_MESSAGES.notFound);
    const before = await listItems(trx, evaluationId);
    if (!v2EvaluationAllows(evaluation.status).editItems) {
      if (await changesNothing(trx, inputs, before)) return before;
      throw conflict(M.locked, ERROR_CODES.evaluationLocked);
    }
    const resolved = await resolveAll(trx, inputs, before);

    await deleteItemsExcept(
      trx,
      evaluationId,
      resolved.flatMap((r) => (r.id !== undefined ? [r.id] : [])),
    );
    for (const r of resolved) {
      if (r.id !== undefined) await updateItem(trx, r.id, r.values);
      else await insertItem(trx, evaluationId, r.values);
    }
    const templates = await syncTemplatesOf(trx, evaluationId);
    const after = await listItems(trx, evaluationId);
    await audit(trx, {
      userId: actor.userId,
      action: 'update_items',
      entity: 'v2_evaluation',
      entityId: evaluationId,
      before,
      after: templates.length > 0 ? { items: after, templates_updated: templates } : after,
      ip: actor.ip,
    });
    await openIfReady(trx, engine, evaluationId, actor, mail);
    return after;
  });
  kickOutbox(db);
  return saved;
}

/**
 * GET /api/evaluations-v2/{id}/items: managers read any evaluation's items; a rater reads those of
 * an evaluation (not a draft) in which they have an assignment, to answer it.
 */
export async function itemsFor(
  db: Kysely<Database>,
  user: SessionUser,
  evaluationId: number,
): Promise<V2Item[]> {
  const manager = (MANAGER_ROLES as readonly string[]).includes(user.role);
  if (!manager && !(await isRaterIn(db, user.id, evaluationId))) throw forbidden();
  await assertV2EvaluationExists(db, evaluationId);
  return listItems(db, evaluationId);
}

/** An evaluation's items in order (for answering and results, other modules). */
export function itemsOfEvaluation(db: Kysely<Database>, evaluationId: number): Promise<V2Item[]> {
  return listItems(db, evaluationId);
}

/**
 * The items of evaluations that are open (or closed), kept per database: they cannot change any more
 * (only a draft's items can be edited, and an evaluation never goes back to draft, nor can it be
 * deleted), so a submit or a person's results do not read and parse them again. Call only once the
 * evaluation is known not to be a draft; `reader` reads them when they are not kept yet (a
 * transaction of `db`). At most 100 evaluations are kept; the cache starts over past that.
 */
const frozenItems = new WeakMap<Kysely<Database>, { rollbacks: number; items: Map<number, V2Item[]> }>();

export async function frozenItemsOf(
  db: Kysely<Database>,
  evaluationId: number,
  reader: Kysely<Database> = db,
): Promise<V2Item[]> {
  // A SQLite group that failed may have shown an evaluation open that went back to draft: what was
  // kept since can no longer be trusted (decision 032).
  const rollbacks = groupRollbacksOf(db);
  let kept = frozenItems.get(db);
  if (!kept || kept.rollbacks !== rollbacks) frozenItems.set(db, (kept = { rollbacks, items: new Map() }));
  const byEvaluation = kept.items;
  let items = byEvaluation.get(evaluationId);
  if (!items) {
    items = await listItems(reader, evaluationId);
    if (byEvaluation.size >= 100) byEvaluation.clear();
    byEvaluation.set(evaluationId, items);
  }
  return items;
}
