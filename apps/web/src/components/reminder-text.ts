import { DEADLINE_MESSAGES, type ReminderResult } from '@evalua/contracts';
import { formatDateTime } from '../i18n/format';

/**
 * Why a press of 'Enviar recordatorio' would reach nobody: nobody has pending work, or everyone who
 * has got this evaluation's reminder within the cooldown — then when the next one is possible, in
 * the server's own sentence (decision 042).
 */
export function nobodyToRemindText(result: ReminderResult): string {
  if (result.waiting > 0 && result.next_at !== null) {
    return DEADLINE_MESSAGES.reminderCooldown(result.cooldown_hours, formatDateTime(result.next_at));
  }
  return DEADLINE_MESSAGES.noneToRemind;
}
