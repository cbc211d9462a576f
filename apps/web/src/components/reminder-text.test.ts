import { DEADLINE_MESSAGES } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../i18n/format';
import { messages } from '../i18n/messages';
import { nobodyToRemindText } from './reminder-text';

describe("'Enviar recordatorio' when nobody would get one", () => {
  it('says nobody has pending work, or when the next reminder is possible (decision 042)', () => {
    expect(nobodyToRemindText({ recipients: 0, waiting: 0, next_at: null, cooldown_hours: 24 })).toBe(
      DEADLINE_MESSAGES.noneToRemind,
    );
    const nextAt = '2026-11-29T14:30:00.000Z';
    const text = nobodyToRemindText({ recipients: 0, waiting: 3, next_at: nextAt, cooldown_hours: 24 });
    expect(text).toBe(DEADLINE_MESSAGES.reminderCooldown(24, formatDateTime(nextAt)));
    expect(text).toContain('en las últimas 24 horas');
    expect(text).toContain(`a partir del ${formatDateTime(nextAt)}`);
  });

  it('the question counts who gets one now and who waits for the cooldown', () => {
    expect(messages.deadlines.reminderQuestion(2)).toBe(
      'Se enviará un recordatorio a 2 persona(s) con evaluaciones pendientes. ¿Continuar?',
    );
    expect(messages.deadlines.reminderQuestion(2, 1, 24)).toBe(
      'Se enviará un recordatorio a 2 persona(s) con evaluaciones pendientes. 1 persona(s) ya recibieron uno en las últimas 24 horas y no lo recibirán ahora. ¿Continuar?',
    );
  });
});
