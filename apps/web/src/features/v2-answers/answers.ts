import {
  V2_NA_VALUE,
  checkV2Answer,
  type ItemType,
  type V2AnswerInput,
  type V2CheckedItem,
  type V2Item,
} from '@evalua/contracts';

/**
 * The V2 form's answers as pure data: what the form holds, the per-question check (the rule of
 * packages/contracts the server applies too), and the submit payload (SPEC §5 "V2 answer
 * building"). No React here, so it can be tested on its own.
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

/** What a question's answer is as sent: number, boolean or text; null while unanswered. */
export type V2AnswerValue = number | boolean | string | null;

/**
 * The form's text as the typed value the server takes: rating → number; yes_no → boolean (the
 * radio's 'true' / 'false'); status_3 → its level; text → trimmed. Unanswered → null.
 */
export function answerValue(type: ItemType, raw: string): V2AnswerValue {
  switch (type) {
    case 'rating':
      return raw.trim() === '' ? null : Number(raw);
    case 'yes_no':
      return raw === YES ? true : raw === NO ? false : null;
    case 'status_3':
      return raw === '' ? null : raw;
    case 'text':
      return raw.trim();
  }
}

/** N/A gives value 'na' with skip true; otherwise the typed value; the comment or null. */
export function buildAnswers(
  items: ReadonlyArray<Pick<V2Item, 'id' | 'type'>>,
  draft: Draft,
): V2AnswerInput[] {
  return items.map((item) => {
    const d = draft[fieldOf(item)] ?? EMPTY_ANSWER;
    const comment = d.comment.trim() === '' ? null : d.comment.trim();
    if (d.na) return { item_id: item.id, type: item.type, value: V2_NA_VALUE, skip: true, comment };
    return {
      item_id: item.id,
      type: item.type,
      value: answerValue(item.type, d.value),
      skip: false,
      comment,
    };
  });
}

/**
 * Why the answer to the n-th question (1-based) cannot be sent, or null when it can: the rule the
 * server applies (checkV2Answer), so the form says what the server would.
 */
export function answerProblem(item: V2CheckedItem, n: number, d: DraftAnswer): string | null {
  const checked = checkV2Answer(item, n, {
    value: d.na ? V2_NA_VALUE : answerValue(item.type, d.value),
    skip: d.na,
  });
  return checked.ok ? null : checked.message;
}

/** Every question's problem, by form field: empty when the whole form can be sent. */
export function draftProblems(
  items: ReadonlyArray<Pick<V2Item, 'id'> & V2CheckedItem>,
  draft: Draft,
): Record<string, string> {
  const problems: Record<string, string> = {};
  items.forEach((item, i) => {
    const problem = answerProblem(item, i + 1, draft[fieldOf(item)] ?? EMPTY_ANSWER);
    if (problem) problems[fieldOf(item)] = problem;
  });
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Drafts and progress (decision 034).

/** One question as a draft answer (the body of PUT …/draft/{assignmentId}). */
export interface DraftAnswerOut {
  item_id: number;
  value: V2AnswerValue;
  skip: boolean;
  comment: string | null;
}

/** The form as the server keeps it: every question, unanswered ones with value null. */
export function draftAnswers(
  items: ReadonlyArray<Pick<V2Item, 'id' | 'type'>>,
  draft: Draft,
): DraftAnswerOut[] {
  return items.map((item) => {
    const d = draft[fieldOf(item)] ?? EMPTY_ANSWER;
    const comment = d.comment.trim() === '' ? null : d.comment.trim();
    if (d.na) return { item_id: item.id, value: V2_NA_VALUE, skip: true, comment };
    const value = answerValue(item.type, d.value);
    return { item_id: item.id, value: value === '' ? null : value, skip: false, comment };
  });
}

/** A key of the form's content: two forms with the same key save the same draft. */
export function draftKey(items: ReadonlyArray<Pick<V2Item, 'id' | 'type'>>, draft: Draft): string {
  return JSON.stringify(draftAnswers(items, draft));
}

/** What a stored value looks like in its input: '' while unanswered, 'true'/'false' for yes/no. */
function rawOf(value: V2AnswerValue): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? YES : NO;
  return String(value);
}

/**
 * The form from a saved draft: each question of the evaluation takes its saved answer; a question
 * the draft does not have starts empty, and a saved answer to a question no longer asked is dropped.
 */
export function draftFromSaved(
  items: ReadonlyArray<Pick<V2Item, 'id'>>,
  saved: ReadonlyArray<{ item_id: number; value: V2AnswerValue; skip: boolean; comment: string | null }>,
): Draft {
  const byItem = new Map(saved.map((a) => [a.item_id, a]));
  const draft = emptyDraft(items);
  for (const item of items) {
    const a = byItem.get(item.id);
    if (!a) continue;
    draft[fieldOf(item)] = { value: a.skip ? '' : rawOf(a.value), na: a.skip, comment: a.comment ?? '' };
  }
  return draft;
}

/** How many questions can be sent as they are (answered, or N/A), of how many. */
export function progressOf(
  items: ReadonlyArray<Pick<V2Item, 'id'> & V2CheckedItem>,
  draft: Draft,
): { answered: number; total: number } {
  const answered = items.filter(
    (item, i) => answerProblem(item, i + 1, draft[fieldOf(item)] ?? EMPTY_ANSWER) === null,
  ).length;
  return { answered, total: items.length };
}

/** '7 de 10 respondidas'. */
export const progressText = ({ answered, total }: { answered: number; total: number }) =>
  `${answered} de ${total} respondidas`;

/** Whether every question weighs the same (then no question shows its weight). */
export function sameWeights(items: ReadonlyArray<Pick<V2Item, 'weight'>>): boolean {
  return items.every((item) => item.weight === items[0]?.weight);
}
