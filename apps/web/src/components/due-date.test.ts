import { describe, expect, it } from 'vitest';
import { formatDay } from '../i18n/format';
import { dueDateValue, dueDateView, localToday } from './due-date';

describe('due dates in lists', () => {
  it('writes the day in es-DO, as that calendar day whatever the time zone', () => {
    expect(formatDay('2026-12-05')).toBe('5 dic 2026');
    expect(formatDay('2026-01-01')).toBe('1 ene 2026');
    expect(formatDay('no es una fecha')).toBe('no es una fecha');
  });

  it('says when it is due, and marks pending work overdue from the next day', () => {
    expect(dueDateView(null, '2026-12-05', true)).toBeNull();
    expect(dueDateView('2026-12-05', '2026-12-05', true)).toEqual({
      text: 'Vence el 5 dic 2026',
      overdue: false,
    });
    expect(dueDateView('2026-12-05', '2026-12-06', true)).toEqual({
      text: 'Vence el 5 dic 2026',
      overdue: true,
    });
  });

  it('never marks finished work (or a closed evaluation) overdue', () => {
    expect(dueDateView('2026-12-05', '2027-01-10', false)?.overdue).toBe(false);
  });

  it('reads an emptied input as no due date', () => {
    expect(dueDateValue('')).toBeNull();
    expect(dueDateValue('  ')).toBeNull();
    expect(dueDateValue('2026-12-05')).toBe('2026-12-05');
  });

  it('gives today as YYYY-MM-DD', () => {
    expect(localToday(new Date(2026, 11, 5, 12))).toBe('2026-12-05');
  });
});
