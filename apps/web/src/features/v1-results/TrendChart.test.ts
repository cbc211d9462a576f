import { describe, expect, it } from 'vitest';
import { pointLabels, trendCaption } from './TrendChart';

describe('the trend chart’s caption', () => {
  it('says there is only one evaluation when there is one point (issue 15)', () => {
    expect(trendCaption(1)).toBe(
      'Por ahora hay una sola evaluación: la evolución se verá cuando haya al menos dos.',
    );
  });

  it('describes the evolution when there are several', () => {
    expect(trendCaption(3)).toBe(
      'Evolución del resultado general por periodo, de la evaluación más antigua a la más reciente.',
    );
  });
});

describe('the trend chart’s axis', () => {
  it('labels each point by its period, or by its round when two rounds share a period (issue 30 §8)', () => {
    const row = (period: string, evaluation_name: string) => ({ period, evaluation_name });
    expect(pointLabels([row('2025', 'Anual 2025'), row('2026', 'Anual 2026')])).toEqual(['2025', '2026']);
    expect(pointLabels([row('2026', 'Primer semestre'), row('2026', 'Segundo semestre')])).toEqual([
      'Primer semestre',
      'Segundo semestre',
    ]);
  });
});
