import { dayIn, isOverdue } from '@evalua/contracts';
import { formatDay } from '../i18n/format';
import { messages } from '../i18n/messages';

const t = messages.deadlines;

/**
 * Today's calendar day (YYYY-MM-DD) where the browser is. The server counts due dates in the
 * organisation's time zone; for a school in one place both are the same day.
 */
export function localToday(now: Date = new Date()): string {
  return dayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, now);
}

/** What a list shows of a due date: 'Vence el 5 dic 2026', and whether to mark it 'Vencida'. */
export interface DueDateView {
  text: string;
  overdue: boolean;
}

/**
 * A due date as a list shows it, or null when there is none. `pending`: the work is still to be
 * done (an open evaluation, an unanswered assignment): only then can it be overdue.
 */
export function dueDateView(due: string | null, today: string, pending: boolean): DueDateView | null {
  if (due === null) return null;
  return { text: t.dueOn(formatDay(due)), overdue: pending && isOverdue(due, today) };
}

/** An input's text ('' when empty) as the contract's `due_date`: YYYY-MM-DD or null. */
export function dueDateValue(input: string): string | null {
  const trimmed = input.trim();
  return trimmed === '' ? null : trimmed;
}
