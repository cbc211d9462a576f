import { describe, expect, it } from 'vitest';
import { mean, v1Overall, v1Percentages, v1SectionPercentage } from './scoring';

const w6040 = { weight_competencies: 60, weight_objectives: 40 };

describe('V1 scoring (DESIGN §5)', () => {
  it('section % is mean / 4 × 100, unrounded', () => {
    expect(v1SectionPercentage([4, 4, 4])).toBe(100);
    expect(v1SectionPercentage([1])).toBe(25);
    expect(v1SectionPercentage([3, 4])).toBe(87.5);
    // (3 + 3 + 2) / 3 = 2.666… → 66.666…%
    expect(v1SectionPercentage([3, 3, 2])).toBeCloseTo(66.6666667, 6);
    expect(v1SectionPercentage([])).toBeNull();
  });

  it('weights the two sections by the evaluation', () => {
    // competencies [4,3,3] → 83.333…%; objectives [2,4] → 75%
    const r = v1Percentages(
      [
        { question_type: 'competency', score: 4 },
        { question_type: 'competency', score: 3 },
        { question_type: 'competency', score: 3 },
        { question_type: 'objective', score: 2 },
        { question_type: 'objective', score: 4 },
      ],
      w6040,
    );
    expect(r.competencies_percentage).toBeCloseTo(83.3333333, 6);
    expect(r.objectives_percentage).toBe(75);
    // 83.333… × 0.6 + 75 × 0.4 = 50 + 30 = 80
    expect(r.overall_percentage).toBeCloseTo(80, 9);
  });

  it('gives the whole weight to the only section a bank has', () => {
    const onlyCompetencies = v1Percentages(
      [
        { question_type: 'competency', score: 3 },
        { question_type: 'competency', score: 2 },
      ],
      w6040,
    );
    expect(onlyCompetencies).toEqual({
      competencies_percentage: 62.5,
      objectives_percentage: null,
      overall_percentage: 62.5,
    });
    const onlyObjectives = v1Percentages([{ question_type: 'objective', score: 1 }], w6040);
    expect(onlyObjectives).toEqual({
      competencies_percentage: null,
      objectives_percentage: 25,
      overall_percentage: 25,
    });
  });

  it('computes a report from per-question averages across evaluators', () => {
    // Two evaluators: q1 (competency) 4 and 2 → 3; q2 (objective) 3 and 4 → 3.5
    const r = v1Percentages(
      [
        { question_type: 'competency', score: mean([4, 2])! },
        { question_type: 'objective', score: mean([3, 4])! },
      ],
      { weight_competencies: 50, weight_objectives: 50 },
    );
    expect(r.competencies_percentage).toBe(75);
    expect(r.objectives_percentage).toBe(87.5);
    expect(r.overall_percentage).toBe(81.25);
  });

  it('honours 100/0 weights when both sections exist, and refuses no questions at all', () => {
    expect(v1Overall(50, 100, { weight_competencies: 100, weight_objectives: 0 })).toBe(50);
    expect(() => v1Overall(null, null, w6040)).toThrow(RangeError);
    expect(mean([])).toBeNull();
  });
});
