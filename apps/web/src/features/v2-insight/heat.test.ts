import { describe, expect, it } from 'vitest';
import { cellText, heatColor, HEAT_BANDS, signedPoints } from './heat';

describe('heatmap cells', () => {
  it('colours by the score band, lower bound included', () => {
    expect(heatColor(0)).toBe(HEAT_BANDS[0].color);
    expect(heatColor(59.99)).toBe(HEAT_BANDS[0].color);
    expect(heatColor(60)).toBe(HEAT_BANDS[1].color);
    expect(heatColor(89.5)).toBe(HEAT_BANDS[3].color);
    expect(heatColor(100)).toBe(HEAT_BANDS[4].color);
    expect(heatColor(null)).toBeUndefined();
  });

  it('writes the figure, a withheld one as Oculto, and marks admin-only figures', () => {
    expect(cellText({ value: 52.5, state: 'shown', flagged: false })).toMatch(/^52.50\s%$/);
    expect(cellText({ value: 52.5, state: 'shown', flagged: true })).toMatch(/^52.50\s% \*$/);
    expect(cellText({ value: null, state: 'withheld', flagged: false })).toBe('Oculto');
    expect(cellText({ value: null, state: 'none', flagged: false })).toBe('—');
  });

  it('signs a change in points', () => {
    expect(signedPoints(95 / 9)).toBe('+10.56 puntos');
    expect(signedPoints(-3)).toBe('−3.00 puntos');
    expect(signedPoints(0)).toBe('0.00 puntos');
  });
});
