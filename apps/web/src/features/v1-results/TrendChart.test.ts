import { describe, expect, it } from 'vitest';
import { trendCaption } from './TrendChart';

describe('the trend chart’s caption', () => {
  it('says there is only one evaluation when there is one point (issue 15)', () => {
    expect(trendCaption(1)).toBe(
      'Por ahora hay una sola evaluación: la evolución se verá cuando haya al menos dos.',
    );
  });

  it('describes the evolution when there are several', () => {
    expect(trendCaption(3)).toBe(
      'Evolución del resultado general por período, de la evaluación más antigua a la más reciente.',
    );
  });
});
