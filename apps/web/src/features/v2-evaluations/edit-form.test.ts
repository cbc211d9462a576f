import { V2_EVALUATION_MESSAGES as M, type V2Evaluation } from '@evalua/contracts';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { SUM_ERROR, type CreateFormValues } from './create-form';
import { editDefaults, editResolver } from './edit-form';

const draft: V2Evaluation = {
  id: 4,
  name: 'Docentes 2026',
  period: 'Q1-2026',
  status: 'draft',
  weight_objectives: 30,
  weight_competencies: 70,
  allow_self: true,
  template_id: null,
  item_count: 0,
  assignment_count: 0,
  completed_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  due_date: null,
};
const options: ResolverOptions<CreateFormValues> = { fields: {}, shouldUseNativeValidation: false };
const resolve = async (values: Partial<CreateFormValues>) =>
  editResolver({ ...editDefaults(draft), ...values }, undefined, options);

describe('the draft edit form (decision 035)', () => {
  it('starts from the draft’s name, period and weights', () => {
    expect(editDefaults(draft)).toMatchObject({
      name: 'Docentes 2026',
      period: 'Q1-2026',
      weight_competencies: 70,
      weight_objectives: 30,
    });
  });

  it('sends name, period and weights only', async () => {
    const result = await resolve({
      name: '  Docentes 2027 ',
      weight_competencies: 55,
      weight_objectives: 45,
    });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      name: 'Docentes 2027',
      period: 'Q1-2026',
      weights: { weight_competencies: 55, weight_objectives: 45 },
    });
  });

  it('refuses an empty name or period, and weights that do not sum to 100, with the create form’s sentences', async () => {
    const empty = await resolve({ name: ' ', period: '' });
    expect(empty.errors.name?.message).toBe(M.nameRequired);
    expect(empty.errors.period?.message).toBe(M.periodRequired);
    const sum = await resolve({ weight_competencies: 60, weight_objectives: 30 });
    expect(sum.errors.weight_objectives).toMatchObject({
      type: SUM_ERROR,
      message: 'Los pesos deben sumar 100.',
    });
    const blank = await resolve({ weight_competencies: '' });
    expect(Object.keys(blank.errors)).toContain('weight_competencies');
  });
});
