import { describe, expect, it } from 'vitest';
import { formatAverage } from './format';

describe('formatAverage', () => {
  it('shows one decimal only when the rounded figure has one', () => {
    expect(formatAverage(77.2)).toBe('77.2 %');
    expect(formatAverage(77.25)).toBe('77.3 %');
  });

  it('shows no decimal for a whole figure, also after rounding', () => {
    expect(formatAverage(80)).toBe('80 %');
    expect(formatAverage(80.04)).toBe('80 %');
    expect(formatAverage(99.96)).toBe('100 %');
    expect(formatAverage(0)).toBe('0 %');
  });
});
