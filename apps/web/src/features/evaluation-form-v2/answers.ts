import { STATUS3_VALUES, V2_TEXT_MAX, v2AnswerMessages, type ItemType, type V2Item } from '@evalua/contracts';

/**
 * The V2 form's answers as pure data: what the form holds, the per-question check, and the
 * submit payload (SPEC §5 "V2 answer building"). No React here, so it can be tested on its own.
 */

/** What the form holds for one question: the answer as text ('' while unanswered), N/A, comment. */
export interface DraftAnswer {
  value: string;
  na: boolean;
  comment: string;
}
export type Draft = Record<string, DraftAnswer>;

/** yes_no answers as the radio values hold them. */
export const YES = 'true';
export const NO = 'false';

/** The form field of one question (`q12`). */
export const fieldOf = (item: Pick<V2Item, 'id'>) => `q${item.id}`;

export const EMPTY_ANSWER: DraftAnswer = { value: '', na: false, comment: '' };

export function emptyDraft(items: ReadonlyArray<Pick<V2Item, 'id'>>): Draft {
  return Object.fromEntries(items.map((item) => [fieldOf(item), { ...EMPTY_ANSWER }]));
}

export type V2AnswerValue = number | boolean | string | null;

/** One answer of POST /api/responses-v2/submit. */
export interface V2AnswerPayload {
  item_id: number;
  type: ItemType;
  value: V2AnswerValue;
  skip: boolean;
  comment: string | null;
}

/** rating → number (null when unanswered); yes_no → boolean; status_3 → lowercase string; text → string. */
export function answerValue(type: ItemType, raw: string): V2AnswerValue {
  switch (type) {
    case 'rating':
      return raw.trim() === '' ? null : Number(raw);
    case 'yes_no':
      return raw === YES;
    case 'status_3':
      return raw.toLowerCase();
    case 'text':
      return raw.trim();
  }
}

/** N/A gives value 'na' with skip true; otherwise the typed value; the comment or null. */
export function buildAnswers(
  items: ReadonlyArray<Pick<V2Item, 'id' | 'type'>>,
  draft: Draft,
): V2AnswerPayload[] {
  return items.map((item) => {
    const d = draft[fieldOf(item)] ?? EMPTY_ANSWER;
    const comment = d.comment.trim() === '' ? null : d.comment.trim();
    if (d.na) return { item_id: item.id, type: item.type, value: 'na', skip: true, comment };
    return {
      item_id: item.id,
      type: item.type,
      value: answerValue(item.type, d.value),
      skip: false,
      comment,
    };
  });
}

type CheckedItem = Pick<V2Item, 'type' | 'scale_min' | 'scale_max'>;

/** Why the answer to the n-th question (1-based) cannot be sent, or null when it can. */
export function answerProblem(item: CheckedItem, n: number, d: DraftAnswer): string | null {
  if (d.na) return null;
  switch (item.type) {
    case 'rating': {
      const v = Number(d.value);
      const ok = d.value !== '' && Number.isInteger(v) && v >= item.scale_min && v <= item.scale_max;
      return ok ? null : v2AnswerMessages.rating(n, item.scale_min, item.scale_max);
    }
    case 'yes_no':
      return d.value === YES || d.value === NO ? null : v2AnswerMessages.yesNo(n);
    case 'status_3':
      return (STATUS3_VALUES as readonly string[]).includes(d.value) ? null : v2AnswerMessages.status3(n);
    case 'text':
      if (d.value.trim() === '') return v2AnswerMessages.text(n);
      return d.value.trim().length > V2_TEXT_MAX ? v2AnswerMessages.textTooLong(n) : null;
  }
}

/** Every question's problem, by form field: empty when the whole form can be sent. */
export function draftProblems(
  items: ReadonlyArray<Pick<V2Item, 'id'> & CheckedItem>,
  draft: Draft,
): Record<string, string> {
  const problems: Record<string, string> = {};
  items.forEach((item, i) => {
    const problem = answerProblem(item, i + 1, draft[fieldOf(item)] ?? EMPTY_ANSWER);
    if (problem) problems[fieldOf(item)] = problem;
  });
  return problems;
}
