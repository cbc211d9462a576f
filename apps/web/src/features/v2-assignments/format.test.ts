import { describe, expect, it } from 'vitest';
import { dash, parseId, ratersText, relationLabel, statusOf } from './format';

describe('parseId', () => {
  it('reads a positive integer from the address, else null', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId(' 7 ')).toBe(7);
    expect(parseId('0')).toBeNull();
    expect(parseId('1.5')).toBeNull();
    expect(parseId('-3')).toBeNull();
    expect(parseId('abc')).toBeNull();
    expect(parseId('99999999999999999999')).toBeNull();
    expect(parseId(undefined)).toBeNull();
  });
});

describe('labels', () => {
  it('names the relation in Spanish, or “-” without one', () => {
    expect(relationLabel('manager')).toBe('Jefe');
    expect(relationLabel(null)).toBe('-');
    expect(relationLabel(undefined)).toBe('-');
  });

  it('takes a missing status as pending', () => {
    expect(statusOf('completed')).toEqual({ value: 'completed', label: 'Completada' });
    expect(statusOf(null)).toEqual({ value: 'pending', label: 'Pendiente' });
  });

  it('shows a blank department or position as “—”', () => {
    expect(dash('Docencia')).toBe('Docencia');
    expect(dash('  ')).toBe('—');
    expect(dash(null)).toBe('—');
  });
});

describe('ratersText', () => {
  it('says a person’s raters and answers in words, and what it is while loading or after a failure', () => {
    expect(ratersText({ raters: 3, completed: 2 })).toBe('3 (2 respondieron)');
    expect(ratersText({ raters: 1, completed: 1 })).toBe('1 (1 respondió)');
    expect(ratersText({ raters: 0, completed: 0 })).toBe('Sin evaluadores');
    expect(ratersText(undefined)).toBe('…');
    expect(ratersText(undefined, true)).toBe('No disponible');
  });
});
