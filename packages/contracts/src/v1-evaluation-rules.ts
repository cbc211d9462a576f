import type { V1EvaluationStatus } from './enums';

/**
 * THE rules of a V1 evaluation's state (decision 026), used by both sides: the server refuses with
 * them and the web shows only the actions they allow. Editing and deleting do not depend on the
 * state (stored results lock the weights, category and bank, and the delete: checked apart).
 */

/** What can be done with a V1 evaluation, each allowed in some of its states. */
export const V1_EVALUATION_CAPABILITIES = [
  /** Edit it (PUT): name, period, weights, category, bank, due date. */
  'edit',
  /** Delete it. */
  'delete',
  /** Open it (a closed one opens again); an open one is answered as it is. */
  'open',
  /** Close it. */
  'close',
  /**
   * Its evaluators submit evaluations with it: its due date is pending work, and it keeps a bank
   * that asks something (its form never comes up empty).
   */
  'answer',
  /** Send its evaluators a reminder. */
  'remind',
  /** Release its results to the people evaluated (decision 050): once it was opened. */
  'release',
] as const;
export type V1EvaluationCapability = (typeof V1_EVALUATION_CAPABILITIES)[number];
export type V1EvaluationAllowances = Readonly<Record<V1EvaluationCapability, boolean>>;

/** What each state of a V1 evaluation allows. */
export const V1_STATUS_ALLOWS: Readonly<Record<V1EvaluationStatus, V1EvaluationAllowances>> = {
  borrador: {
    edit: true,
    delete: true,
    open: true,
    close: false,
    answer: false,
    remind: false,
    release: false,
  },
  abierta: { edit: true, delete: true, open: false, close: true, answer: true, remind: true, release: true },
  cerrada: {
    edit: true,
    delete: true,
    open: true,
    close: false,
    answer: false,
    remind: false,
    release: true,
  },
};

/** What a V1 evaluation in this state allows. */
export function v1EvaluationAllows(status: V1EvaluationStatus): V1EvaluationAllowances {
  return V1_STATUS_ALLOWS[status];
}

/**
 * Whether a question bank with this many questions is ready: a V1 evaluation opens, and stays open,
 * only with a bank that asks at least one question (the server counts them in the database).
 */
export function questionBankIsReady(questionCount: number): boolean {
  return questionCount > 0;
}
