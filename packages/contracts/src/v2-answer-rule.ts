import { STATUS3_VALUES, type ItemType } from './enums';
import { V2_TEXT_MAX, v2AnswerMessages as A } from './v2-answers';
import { V2_NA_VALUE } from './v2-scoring';

/**
 * THE rule for one 360 answer, used by both sides: the server refuses a submit with it (400 with the
 * message, on the answer's field) and the form shows the same sentence before anything is sent.
 */

/** What the rule reads of the question. */
export interface V2CheckedItem {
  type: ItemType;
  scale_min: number;
  scale_max: number;
}

/** One answer as sent: the value typed (number, boolean, text), null while unanswered; N/A is skip. */
export interface V2AnswerToCheck {
  /** When given, it must be the question's type. */
  type?: ItemType | undefined;
  value?: unknown;
  skip: boolean;
}

/** The value that is stored: the answer as given (text trimmed), or 'na' for N/A. */
export type V2StoredValue = number | boolean | string;

export type V2AnswerCheck =
  { ok: true; value: V2StoredValue; skip: boolean } | { ok: false; message: string; field: 'type' | 'value' };

const refuse = (message: string, field: 'type' | 'value' = 'value'): V2AnswerCheck => ({
  ok: false,
  message,
  field,
});

/**
 * The answer to the n-th question of the evaluation (1-based, in the form's order) checked against
 * its question: rating an integer within the scale, yes_no a boolean, status_3 logrado | proceso |
 * no_logrado, text a non-empty text of at most V2_TEXT_MAX characters (trimmed); N/A carries 'na'.
 */
export function checkV2Answer(item: V2CheckedItem, n: number, answer: V2AnswerToCheck): V2AnswerCheck {
  if (answer.type !== undefined && answer.type !== item.type) return refuse(A.typeMismatch(n), 'type');
  const { value } = answer;
  if (answer.skip) {
    if (value !== undefined && value !== null && value !== V2_NA_VALUE) return refuse(A.naValue(n));
    return { ok: true, value: V2_NA_VALUE, skip: true };
  }
  switch (item.type) {
    case 'rating':
      if (
        typeof value !== 'number' ||
        !Number.isInteger(value) ||
        value < item.scale_min ||
        value > item.scale_max
      ) {
        return refuse(A.rating(n, item.scale_min, item.scale_max));
      }
      return { ok: true, value, skip: false };
    case 'yes_no':
      if (typeof value !== 'boolean') return refuse(A.yesNo(n));
      return { ok: true, value, skip: false };
    case 'status_3':
      if (typeof value !== 'string' || !(STATUS3_VALUES as readonly string[]).includes(value)) {
        return refuse(A.status3(n));
      }
      return { ok: true, value, skip: false };
    case 'text': {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text === '') return refuse(A.text(n));
      if (text.length > V2_TEXT_MAX) return refuse(A.textTooLong(n));
      return { ok: true, value: text, skip: false };
    }
  }
}
