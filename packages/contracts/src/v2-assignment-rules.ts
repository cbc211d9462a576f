import type { Relation, V2Status } from './enums';
import { ERROR_CODES, type ErrorCode } from './errors';
import type { V2AssignmentStatus } from './v2-assignments';
import { V2_ANSWER_MESSAGES as A } from './v2-answers';
import { V2_STATUS_ALLOWS } from './v2-evaluation-rules';
import type { V2NominationStatus } from './v2-nominations';

/**
 * THE rules of a 360 request's state (an assignment: pending, completed or declined, decision 034)
 * and of a nomination's, used by both sides: the server refuses with them and the web shows only
 * what they allow.
 */

/** What can be done with a 360 assignment, each allowed in some of its states. */
export const V2_ASSIGNMENT_CAPABILITIES = [
  /** Its rater answers it (also declines it, keeps a draft of it), while its evaluation is open. */
  'answer',
  /** HR removes it or changes its relation (a completed one keeps the relation it was answered under). */
  'change',
] as const;
export type V2AssignmentCapability = (typeof V2_ASSIGNMENT_CAPABILITIES)[number];
export type V2AssignmentAllowances = Readonly<Record<V2AssignmentCapability, boolean>>;

/** What each state of a 360 assignment allows. */
export const V2_ASSIGNMENT_STATUS_ALLOWS: Readonly<Record<V2AssignmentStatus, V2AssignmentAllowances>> = {
  pending: { answer: true, change: true },
  completed: { answer: false, change: false },
  declined: { answer: false, change: true },
};

/** What a 360 assignment in this state allows. */
export function v2AssignmentAllows(status: V2AssignmentStatus): V2AssignmentAllowances {
  return V2_ASSIGNMENT_STATUS_ALLOWS[status];
}

/**
 * Whether the request still stands as assigned work: a declined one no longer does (decision 034),
 * so it counts neither in an evaluatee's total nor for anonymity. The server counts the same in SQL.
 */
export function v2AssignmentStands(status: V2AssignmentStatus): boolean {
  return status !== 'declined';
}

/** A refused answer: the 409's sentence and code. */
export interface V2AnswerRefusal {
  message: string;
  code: ErrorCode;
}

/**
 * Why the rater cannot answer (submit, decline, keep a draft of) the assignment, or null when it is
 * pending in an open evaluation. `evaluationStatus` undefined: the evaluation is gone.
 */
export function v2AnswerRefusal(
  assignmentStatus: V2AssignmentStatus,
  evaluationStatus: V2Status | undefined,
): V2AnswerRefusal | null {
  if (assignmentStatus === 'declined') return { message: A.declined, code: ERROR_CODES.assignmentDeclined };
  if (!V2_ASSIGNMENT_STATUS_ALLOWS[assignmentStatus].answer) {
    return { message: A.alreadyAnswered, code: ERROR_CODES.alreadyAnswered };
  }
  if (evaluationStatus === undefined || !V2_STATUS_ALLOWS[evaluationStatus].answer) {
    const code = evaluationStatus === 'closed' ? ERROR_CODES.evaluationClosed : ERROR_CODES.evaluationNotOpen;
    return { message: A.notOpen, code };
  }
  return null;
}

/** Whether a nomination in this state may still change (its nominees, its approval, its removal). */
export function v2NominationMayChange(status: V2NominationStatus): boolean {
  return status !== 'aprobada';
}

/**
 * Whether a rater may decline an assignment of this relation (decision 034; issue 30 §8): any request
 * from someone else, never a self-evaluation.
 */
export function v2MayDecline(relation: Relation): boolean {
  return relation !== 'self';
}
