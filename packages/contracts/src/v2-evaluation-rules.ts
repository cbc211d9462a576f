import type { V2Status } from './enums';
import { V2_EVALUATION_MESSAGES as M } from './v2-evaluations';

/**
 * THE rules of a 360 evaluation's state, used by both sides: the server refuses with them (409, with
 * the sentences of V2_EVALUATION_MESSAGES) and the web shows only the actions they allow. The status
 * moves forward only: draft → open → closed.
 */

/** What can be done with a 360 evaluation, each allowed in some of its states. */
export const V2_EVALUATION_CAPABILITIES = [
  /** Change its name, period and weights. */
  'edit',
  /** Change its items (they are frozen when it opens). */
  'editItems',
  /** Change its due date. */
  'dueDate',
  /** Delete it (it has no answers yet). */
  'delete',
  /** Open it. */
  'open',
  /** Close it. */
  'close',
  /** Its raters answer (also decline, keep a draft): its due date is pending work. */
  'answer',
  /** Send its raters a reminder. */
  'remind',
  /** Change who rates whom: its assignments and nominations. */
  'assign',
  /** Read its results, or freeze them into a snapshot (a draft has none). */
  'results',
] as const;
export type V2EvaluationCapability = (typeof V2_EVALUATION_CAPABILITIES)[number];
export type V2EvaluationAllowances = Readonly<Record<V2EvaluationCapability, boolean>>;

/** What each state of a 360 evaluation allows. */
export const V2_STATUS_ALLOWS: Readonly<Record<V2Status, V2EvaluationAllowances>> = {
  draft: {
    edit: true,
    editItems: true,
    dueDate: true,
    delete: true,
    open: true,
    close: false,
    answer: false,
    remind: false,
    assign: true,
    results: false,
  },
  open: {
    edit: false,
    editItems: false,
    dueDate: true,
    delete: false,
    open: false,
    close: true,
    answer: true,
    remind: true,
    assign: true,
    results: true,
  },
  closed: {
    edit: false,
    editItems: false,
    dueDate: false,
    delete: false,
    open: false,
    close: false,
    answer: false,
    remind: false,
    assign: false,
    results: true,
  },
};

/** What a 360 evaluation in this state allows. */
export function v2EvaluationAllows(status: V2Status): V2EvaluationAllowances {
  return V2_STATUS_ALLOWS[status];
}

/**
 * Why a status change is refused (the Spanish sentence), or null when it is the one allowed step
 * forward: draft → open, open → closed.
 */
export function v2TransitionRefusal(from: V2Status, to: V2Status): string | null {
  if (from === 'draft' && to === 'open') return null;
  if (from === 'open' && to === 'closed') return null;
  if (from === to)
    return from === 'draft' ? M.alreadyDraft : from === 'open' ? M.alreadyOpen : M.alreadyClosed;
  if (from === 'closed') return M.reopen;
  if (from === 'open') return M.backToDraft;
  return M.closeFromDraft;
}
