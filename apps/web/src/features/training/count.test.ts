import { describe, expect, it } from 'vitest';
import { trainingCountText } from './count';

const rows = (...ids: number[]) => ids.map((collaborator_id) => ({ collaborator_id }));

describe('trainingCountText', () => {
  it('counts one collaborator in the singular', () => {
    expect(trainingCountText(rows(7))).toBe('1 colaborador requiere capacitación');
  });

  it('counts collaborators when each has one evaluation', () => {
    expect(trainingCountText(rows(7, 8, 9))).toBe('3 colaboradores requieren capacitación');
  });

  it('counts a collaborator flagged in two evaluations once, and says how many evaluations', () => {
    expect(trainingCountText(rows(7, 7, 8))).toBe(
      '2 colaboradores requieren capacitación (en 3 evaluaciones)',
    );
    expect(trainingCountText(rows(7, 7))).toBe('1 colaborador requiere capacitación (en 2 evaluaciones)');
  });
});
