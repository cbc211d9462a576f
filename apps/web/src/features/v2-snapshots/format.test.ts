import { describe, expect, it } from 'vitest';
import { deltaCount, deltaPoints, NONE, pct } from './format';

describe('snapshot figures', () => {
  it('writes percentages with 2 decimals and — for none', () => {
    expect(pct(62.125)).toBe('62.13 %');
    expect(pct(null)).toBe(NONE);
    expect(pct(undefined)).toBe('—');
  });

  it('writes a change in points with its sign, 0 without one, — when either side is missing', () => {
    expect(deltaPoints(50, 62.5)).toBe('+12.50 pts');
    expect(deltaPoints(62.5, 50)).toBe('−12.50 pts');
    expect(deltaPoints(50, 50.001)).toBe('0.00 pts');
    expect(deltaPoints(null, 50)).toBe('—');
    expect(deltaPoints(50, undefined)).toBe('—');
  });

  it('writes a change of a count', () => {
    expect(deltaCount(3, 4)).toBe('+1');
    expect(deltaCount(4, 1)).toBe('−3');
    expect(deltaCount(2, 2)).toBe('0');
    expect(deltaCount(0, 1200)).toBe('+1,200');
  });
});
