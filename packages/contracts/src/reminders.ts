import { z } from 'zod';
import { idParamsSchema } from './common';
import { endpoint } from './endpoint';
import { endSentence } from './text';

/**
 * Due dates and reminders (decision 033). A due date is a calendar day (YYYY-MM-DD) in the
 * organisation's time zone; work is overdue from the day after it.
 */
export const DEADLINE_MESSAGES = {
  dueDateInvalid: 'La fecha límite no es válida (AAAA-MM-DD).',
  remindersClosed: 'Solo se pueden enviar recordatorios de una evaluación abierta.',
  noneToRemind:
    'No hay nadie con evaluaciones pendientes en esta evaluación: no se envió ningún recordatorio.',
  /**
   * Everyone with pending work got HR's reminder of this evaluation less than `hours` ago (decision
   * 042); `when` is the moment the first of them can get another, as people read it (es-DO). A
   * moment ending in an abbreviation ('a. m.') ends the sentence with its own period.
   */
  reminderCooldown: (hours: number, when: string) =>
    `Todas las personas con evaluaciones pendientes ya recibieron un recordatorio de esta evaluación en las últimas ${hours} horas. El próximo se podrá enviar a partir del ${endSentence(when)}`,
} as const;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a YYYY-MM-DD text names a real calendar day (2026-02-30 does not). */
export function isCalendarDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 2000 || y > 2999 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** `due_date`: a calendar day or null (none). Absent from an update: left as it is. */
export const dueDateSchema = z
  .string({ error: DEADLINE_MESSAGES.dueDateInvalid })
  .refine(isCalendarDay, { error: DEADLINE_MESSAGES.dueDateInvalid })
  .nullable();

/** Today's calendar day (YYYY-MM-DD) in a time zone. */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Work due on `due` is overdue on `today` (both YYYY-MM-DD) when the due day has passed. */
export function isOverdue(due: string | null, today: string): boolean {
  return due !== null && due < today;
}

/**
 * How many people a reminder reaches (or would reach), and how many it leaves out because HR's
 * reminder of this evaluation reached them less than `cooldown_hours` ago (decision 042).
 */
export const reminderResultSchema = z.object({
  recipients: z.number().int(),
  /** People with pending work reminded within the cooldown: not reminded again now. */
  waiting: z.number().int(),
  /** When the first of them can be reminded again (ISO 8601), or null when nobody waits. */
  next_at: z.string().nullable(),
  cooldown_hours: z.number().int(),
});
export type ReminderResult = z.infer<typeof reminderResultSchema>;

export const reminderEndpoints = {
  /** How many people would get a reminder now (for the confirmation); admin and gestionhumana. */
  v1Preview: endpoint({
    method: 'GET',
    path: '/api/evaluations/:id/reminders',
    params: idParamsSchema,
    response: reminderResultSchema,
  }),
  /**
   * One e-mail per person with pending work in this V1 evaluation, listing all of it, except those
   * reminded within the cooldown. 202; 409 REMINDER_COOLDOWN when that leaves nobody.
   */
  v1Send: endpoint({
    method: 'POST',
    path: '/api/evaluations/:id/reminders',
    params: idParamsSchema,
    status: 202,
    response: reminderResultSchema,
  }),
  v2Preview: endpoint({
    method: 'GET',
    path: '/api/evaluations-v2/:id/reminders',
    params: idParamsSchema,
    response: reminderResultSchema,
  }),
  v2Send: endpoint({
    method: 'POST',
    path: '/api/evaluations-v2/:id/reminders',
    params: idParamsSchema,
    status: 202,
    response: reminderResultSchema,
  }),
};
