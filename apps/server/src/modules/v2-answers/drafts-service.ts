import {
  ERROR_CODES,
  V2_ANSWER_MESSAGES as M,
  V2_DRAFT_MAX_CHARS,
  V2_NA_VALUE,
  checkV2Answer,
  v2AnswerRefusal,
  v2MayDecline,
  type V2DeclineResult,
  type V2Draft,
  type V2DraftAnswer,
  type V2DraftAnswerInput,
  type V2Item,
  type V2Status,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { nowIso } from '../../time';
import { audit } from '../audit';
import { lockV2EvaluationShared } from '../v2-evaluations';
import { frozenItemsOf } from '../v2-items';
import {
  declineAssignment,
  deleteDraft,
  findAssignment,
  findDraft,
  findEvaluationStatus,
  lockAssignment,
  upsertDraft,
} from './repository';

/**
 * Drafts and declines (decision 034). A draft is the rater's private work: only the assignment's
 * evaluator reads or writes it (admin and HR too are refused), only while the assignment is pending
 * in an open evaluation. It is never a response: nothing that counts, scores or reports reads it.
 */

interface AssignmentState {
  id: number;
  evaluation_id: number;
  evaluator_id: number;
  status: 'pending' | 'completed' | 'declined';
}

/** Unknown: 404; someone else's: 403 (admin and HR included). */
function checkOwner<A extends AssignmentState>(assignment: A | undefined, actor: Actor): A {
  if (!assignment) throw notFound(M.assignmentMissing);
  if (assignment.evaluator_id !== actor.userId) throw forbidden();
  return assignment;
}

/** Pending in an open evaluation, else a 409 that says why. */
function checkAnswerable(assignment: AssignmentState, evaluationStatus: V2Status | undefined): void {
  const refusal = v2AnswerRefusal(assignment.status, evaluationStatus);
  if (refusal) throw conflict(refusal.message, refusal.code);
}

function toDraft(assignmentId: number, row: { answers: string; updated_at: string } | undefined): V2Draft {
  if (!row) return { assignment_id: assignmentId, answers: [], updated_at: null };
  return {
    assignment_id: assignmentId,
    answers: JSON.parse(row.answers) as V2DraftAnswer[],
    updated_at: row.updated_at,
  };
}

const unanswered = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A draft's answers checked leniently: each names a question of the evaluation (once); a value
 * given fits its question by the submit's rule (checkV2Answer); a question may be left unanswered.
 */
export function checkDraftAnswers(
  answers: readonly V2DraftAnswerInput[],
  items: readonly V2Item[],
): V2DraftAnswer[] {
  const place = new Map(items.map((item, i) => [item.id, { item, n: i + 1 }]));
  return answers.map((a, index) => {
    const found = place.get(a.item_id);
    if (!found) throw badRequest(M.extra, `body.answers.${index}.item_id`);
    if (!a.skip && unanswered(a.value)) {
      return { item_id: a.item_id, value: null, skip: false, comment: a.comment };
    }
    const checked = checkV2Answer(found.item, found.n, { value: a.value, skip: a.skip });
    if (!checked.ok) throw badRequest(checked.message, `body.answers.${index}.${checked.field}`);
    return {
      item_id: a.item_id,
      value: checked.skip ? V2_NA_VALUE : checked.value,
      skip: checked.skip,
      comment: a.comment,
    };
  });
}

/** GET /api/responses-v2/draft/{assignmentId}: the caller's draft (empty when none was saved). */
export async function getDraft(db: Kysely<Database>, assignmentId: number, actor: Actor): Promise<V2Draft> {
  const assignment = checkOwner(await findAssignment(db, assignmentId), actor);
  checkAnswerable(assignment, await findEvaluationStatus(db, assignment.evaluation_id));
  return toDraft(assignment.id, await findDraft(db, assignment.id));
}

/**
 * PUT /api/responses-v2/draft/{assignmentId}: replaces the caller's draft. The assignment row is
 * locked first, so a submit that completed it meanwhile makes this a 409 instead of leaving a
 * draft behind it, and concurrent saves take turns (the last one stays).
 */
export async function saveDraft(
  db: Kysely<Database>,
  engine: Engine,
  assignmentId: number,
  input: { answers: V2DraftAnswerInput[] },
  actor: Actor,
): Promise<V2Draft> {
  return db.transaction().execute(async (trx) => {
    const assignment = checkOwner(await lockAssignment(trx, engine, assignmentId), actor);
    const evaluation = await lockV2EvaluationShared(trx, engine, assignment.evaluation_id);
    checkAnswerable(assignment, evaluation?.status);
    const answers = checkDraftAnswers(input.answers, await frozenItemsOf(db, assignment.evaluation_id, trx));
    const json = JSON.stringify(answers);
    if (json.length > V2_DRAFT_MAX_CHARS) throw badRequest(M.draftTooLarge, 'body.answers');
    const at = nowIso();
    await upsertDraft(trx, assignment.id, json, at);
    // Not audited: a draft changes nothing anyone else reads, and it holds anonymous answers.
    return { assignment_id: assignment.id, answers, updated_at: at };
  });
}

/**
 * POST /api/responses-v2/decline: the caller turns down one of their pending assignments while the
 * evaluation is open, saying why. One transaction: the status, the reason, the draft deleted and an
 * audit entry.
 */
export async function declineV2Assignment(
  db: Kysely<Database>,
  engine: Engine,
  input: { assignment_id: number; reason: string },
  actor: Actor,
): Promise<V2DeclineResult> {
  return db.transaction().execute(async (trx) => {
    const assignment = checkOwner(await lockAssignment(trx, engine, input.assignment_id), actor);
    const evaluation = await lockV2EvaluationShared(trx, engine, assignment.evaluation_id);
    checkAnswerable(assignment, evaluation?.status);
    if (!v2MayDecline(assignment.relation)) throw conflict(M.selfNotDeclinable);
    const at = nowIso();
    if (!(await declineAssignment(trx, assignment.id, input.reason, at))) {
      throw conflict(M.alreadyAnswered, ERROR_CODES.alreadyAnswered);
    }
    await deleteDraft(trx, assignment.id);
    await audit(trx, {
      userId: actor.userId,
      action: 'decline',
      entity: 'v2_assignment',
      entityId: assignment.id,
      before: { status: 'pending' },
      after: {
        status: 'declined',
        evaluation_id: assignment.evaluation_id,
        evaluatee_id: assignment.evaluatee_id,
        decline_reason: input.reason,
      },
      ip: actor.ip,
    });
    return {
      assignment_id: assignment.id,
      status: 'declined' as const,
      decline_reason: input.reason,
      declined_at: at,
    };
  });
}
