import {
  ERROR_CODES,
  V2_EVALUATION_MESSAGES as M,
  type ErrorCode,
  type PageQuery,
  type Paged,
  type V2Evaluation,
  type V2Status,
  type V2Weights,
  v2EvaluationAllows,
  v2TransitionRefusal,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import type { Engine } from '../../db/connection';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { listOrPage } from '../../http/paging';
import { audit } from '../audit';
import { kickOutbox, type MailSettings } from '../mail';
import { notifyV2ResultsReady } from '../notifications';
import {
  copyTemplateInto,
  insertFollowingTemplate,
  templateExists,
  templateNameTaken,
} from '../v2-templates';
import {
  countItems,
  hasRatersOrParticipants,
  deleteV2EvaluationRows,
  findV2Evaluation,
  insertV2Evaluation,
  listV2Evaluations,
  lockV2Evaluation,
  opensWhenReady,
  stampReadersAtClose,
  updateV2Evaluation,
  v2EvaluationExists,
  type LockedEvaluation,
} from './repository';

export type { LockedEvaluation } from './repository';

interface BaseFields {
  name: string;
  period: string;
  weights: V2Weights;
  allow_self: boolean;
  /** YYYY-MM-DD or null (decision 033). */
  due_date?: string | null | undefined;
  /** 'draft' (the web): stays a draft. Left out (SPEC.md's bodies): opens once it has an item (decision 046). */
  status?: 'draft' | undefined;
}

const nameTaken = () => conflict(M.templateNameTaken, ERROR_CODES.duplicateName);

/** {rows} of every evaluation when called bare, the page asked for otherwise (?q=&page=&pageSize=). */
export async function listV2EvaluationsPage(
  db: Kysely<Database>,
  query: PageQuery,
): Promise<{ rows: V2Evaluation[] } | Paged<V2Evaluation>> {
  const answer = await listOrPage(query, (slice) => listV2Evaluations(db, slice));
  return Array.isArray(answer) ? { rows: answer } : answer;
}

export async function getV2Evaluation(db: Kysely<Database>, id: number): Promise<V2Evaluation> {
  const row = await findV2Evaluation(db, id);
  if (!row) throw notFound(M.notFound);
  return row;
}

/**
 * A blank draft. With save_as_template a template named like the evaluation is created too; it
 * follows the evaluation: every save of the draft's items replaces the template's items. Without
 * `status` it opens on the items save that gives it an item (decision 046).
 */
export async function createV2Evaluation(
  db: Kysely<Database>,
  input: BaseFields & { save_as_template: boolean },
  actor: Actor,
): Promise<V2Evaluation> {
  try {
    return await db.transaction().execute(async (trx) => {
      const id = await insertV2Evaluation(trx, {
        ...input,
        template_id: null,
        created_by: actor.userId,
        opens_when_ready: input.status === undefined,
      });
      if (input.save_as_template) {
        if (await templateNameTaken(trx, input.name)) throw nameTaken();
        const templateId = await insertFollowingTemplate(trx, input.name, id);
        await updateV2Evaluation(trx, id, { template_id: templateId });
        await audit(trx, {
          userId: actor.userId,
          action: 'create',
          entity: 'v2_template',
          entityId: templateId,
          after: { id: templateId, name: input.name, source_evaluation_id: id },
          ip: actor.ip,
        });
      }
      const created = await getV2Evaluation(trx, id);
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
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/**
 * A draft holding a copy of the template's items; it keeps them whatever later happens to the
 * template. Without `status` (SPEC.md's body) it opens at once when the copy has an item, through
 * the PATCH's own step (decision 046): the create's audit entry shows the draft, a `status_open`
 * entry follows.
 */
export async function createV2EvaluationFromTemplate(
  db: Kysely<Database>,
  engine: Engine,
  input: BaseFields & { template_id: number },
  actor: Actor,
  mail: MailSettings,
): Promise<V2Evaluation> {
  try {
    const created = await db.transaction().execute(async (trx) => {
      if (!(await templateExists(trx, input.template_id))) throw notFound(M.templateMissing);
      const id = await insertV2Evaluation(trx, {
        ...input,
        created_by: actor.userId,
        opens_when_ready: input.status === undefined,
      });
      await copyTemplateInto(trx, input.template_id, id);
      const draft = await getV2Evaluation(trx, id);
      await audit(trx, {
        userId: actor.userId,
        action: 'create',
        entity: 'v2_evaluation',
        entityId: id,
        after: { ...draft, from_template_id: input.template_id },
        ip: actor.ip,
      });
      return (await openIfReady(trx, engine, id, actor, mail)) ?? draft;
    });
    kickOutbox(db);
    return created;
  } catch (err) {
    // The template was deleted between our read and the insert.
    if (isForeignKeyViolation(err)) throw notFound(M.templateMissing);
    throw err;
  }
}

/** The code of a refused status change, from where the evaluation stands. */
const REFUSAL_CODES: Record<V2Status, ErrorCode> = {
  draft: ERROR_CODES.evaluationNotOpen,
  open: ERROR_CODES.evaluationLocked,
  closed: ERROR_CODES.evaluationClosed,
};

export interface V2EvaluationPatch {
  status?: V2Status | undefined;
  name?: string | undefined;
  period?: string | undefined;
  weights?: V2Weights | undefined;
  /** YYYY-MM-DD or null; changes any time before the evaluation is closed (decision 033). */
  due_date?: string | null | undefined;
}

/**
 * Status moves forward only (draft → open → closed); name, period and weights change only in draft,
 * the due date until the evaluation is closed.
 */
export async function patchV2Evaluation(
  db: Kysely<Database>,
  engine: Engine,
  id: number,
  patch: V2EvaluationPatch,
  actor: Actor,
  mail: MailSettings,
): Promise<V2Evaluation> {
  const updated = await db
    .transaction()
    .execute((trx) => patchV2EvaluationIn(trx, engine, id, patch, actor, mail));
  kickOutbox(db);
  return updated;
}

/**
 * The PATCH inside a transaction of the caller: locks the row (PostgreSQL; again if the caller
 * already holds it), checks, writes, runs the close's side effects and writes the audit entry. The
 * caller kicks the outbox once it has committed.
 */
async function patchV2EvaluationIn(
  trx: Kysely<Database>,
  engine: Engine,
  id: number,
  patch: V2EvaluationPatch,
  actor: Actor,
  mail: MailSettings,
  byPerson = true,
): Promise<V2Evaluation> {
  const locked = await lockV2Evaluation(trx, engine, id, 'update');
  if (!locked) throw notFound(M.notFound);
  const before = await getV2Evaluation(trx, id);
  const editsFields = patch.name !== undefined || patch.period !== undefined || patch.weights !== undefined;
  const allows = v2EvaluationAllows(locked.status);
  if (editsFields && !allows.edit) throw conflict(M.fieldsLocked, ERROR_CODES.evaluationLocked);
  if (patch.due_date !== undefined && !allows.dueDate)
    throw conflict(M.alreadyClosed, ERROR_CODES.evaluationClosed);
  if (patch.status !== undefined) {
    const refusal = v2TransitionRefusal(locked.status, patch.status);
    if (refusal) throw conflict(refusal, REFUSAL_CODES[locked.status]);
    if (patch.status === 'open' && (await countItems(trx, id)) === 0) {
      throw conflict(M.openNeedsItems, ERROR_CODES.evaluationNeedsItems);
    }
    // A person's open of a round nobody would answer (issue 30, decision 053); opening by itself
    // (decision 046) is not refused.
    if (
      patch.status === 'open' &&
      byPerson &&
      locked.status === 'draft' &&
      !(await hasRatersOrParticipants(trx, id))
    )
      throw conflict(M.openNeedsRaters, ERROR_CODES.evaluationNeedsAssignments);
  }
  await updateV2Evaluation(trx, id, patch);
  // Decision 023: the readers' responses stop counting for anonymity at close.
  if (patch.status === 'closed' && locked.status !== 'closed') await closed(trx, mail, id);
  const after = await getV2Evaluation(trx, id);
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
}

/**
 * Decision 046: an evaluation created without a status (SPEC.md's bodies) opens as soon as it is
 * ready — it has at least one item — exactly as PATCH {status:'open'} would open it (same checks,
 * same audit entry `status_open` with the status before and after, same side effects), in the
 * caller's transaction. Call it where the evaluation may have become ready (its create, an items
 * save) with its row locked; the caller kicks the outbox after the commit. Answers the opened
 * evaluation, or undefined when it is not waiting (an explicit draft, or its state already changed)
 * or not ready: then it stays a draft and nothing is refused.
 */
export async function openIfReady(
  trx: Kysely<Database>,
  engine: Engine,
  id: number,
  actor: Actor,
  mail: MailSettings,
): Promise<V2Evaluation | undefined> {
  const locked = await lockV2Evaluation(trx, engine, id, 'update');
  if (!locked || !v2EvaluationAllows(locked.status).open || !(await opensWhenReady(trx, id)))
    return undefined;
  if ((await countItems(trx, id)) === 0) return undefined;
  return patchV2EvaluationIn(trx, engine, id, { status: 'open' }, actor, mail, false);
}

/**
 * At close, in its transaction: the readers' responses stop counting for anonymity (decision 023),
 * and each evaluatee with results is told by e-mail (decision 033).
 */
async function closed(trx: Kysely<Database>, mail: MailSettings, id: number): Promise<void> {
  await stampReadersAtClose(trx, id);
  await notifyV2ResultsReady(trx, mail, id);
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
    if (!v2EvaluationAllows(locked.status).delete)
      throw conflict(M.deleteNotDraft, ERROR_CODES.evaluationLocked);
    const before = await getV2Evaluation(trx, id);
    await deleteV2EvaluationRows(trx, id);
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

// For the other 360 modules (items, assignments, answers), inside their transactions.

/** 404 unless the evaluation exists. */
export async function assertV2EvaluationExists(db: Kysely<Database>, id: number): Promise<void> {
  if (!(await v2EvaluationExists(db, id))) throw notFound(M.notFound);
}

/**
 * The evaluation's status read inside a transaction that changes the evaluation itself (its items):
 * on PostgreSQL the row is locked for update.
 */
export function lockV2EvaluationForUpdate(
  db: Kysely<Database>,
  engine: Engine,
  id: number,
): Promise<LockedEvaluation | undefined> {
  return lockV2Evaluation(db, engine, id, 'update');
}

/**
 * The evaluation's status read inside a transaction that changes its assignments' answers (a 360
 * submit): on PostgreSQL the row is share-locked, so a status change waits for the submit.
 */
export function lockV2EvaluationShared(db: Kysely<Database>, engine: Engine, id: number) {
  return lockV2Evaluation(db, engine, id, 'share');
}
