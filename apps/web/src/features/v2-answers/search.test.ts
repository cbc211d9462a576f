import { describe, expect, it } from 'vitest';
import { matchesSearch } from './search';

const row = { evaluatee_name: 'María Núñez', evaluation_name: 'Evaluación 360 Q1' };

describe('matchesSearch', () => {
  it('finds by evaluatee or evaluation name, ignoring case and accents', () => {
    expect(matchesSearch(row, 'maria')).toBe(true);
    expect(matchesSearch(row, 'NUÑEZ')).toBe(true);
    expect(matchesSearch(row, 'nunez')).toBe(true);
    expect(matchesSearch(row, '  evaluacion 360 ')).toBe(true);
  });

  it('matches everything on an empty search and nothing unrelated', () => {
    expect(matchesSearch(row, '   ')).toBe(true);
    expect(matchesSearch(row, 'Pedro')).toBe(false);
  });
});
