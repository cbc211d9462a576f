import { v2EvaluationCreateSchema, type V2Evaluation, type V2Weights } from '@evalua/contracts';
import type { Resolver } from 'react-hook-form';
import { createDefaults, failed, type CreateFormValues } from './create-form';

/** What the edit of a draft sends (PATCH /api/evaluations-v2/{id}): name, period and weights. */
export interface EditV2Body {
  name: string;
  period: string;
  weights: V2Weights;
}

/** The create form's values filled from the draft (only name, period and weights are shown). */
export function editDefaults(evaluation: V2Evaluation): CreateFormValues {
  return {
    ...createDefaults(),
    source: 'blank',
    name: evaluation.name,
    period: evaluation.period,
    weight_competencies: evaluation.weight_competencies,
    weight_objectives: evaluation.weight_objectives,
  };
}

const editSchema = v2EvaluationCreateSchema.pick({ name: true, period: true, weights: true });

/**
 * The create form's rules, through the contract's schema (so its sentences): name and period
 * non-empty, weights 0-100 summing to 100 ('Los pesos deben sumar 100.'). An emptied weight counts
 * as missing, never as 0.
 */
export const editResolver: Resolver<CreateFormValues, unknown, EditV2Body> = (values) => {
  const blankToMissing = (v: number | string) => (v === '' ? undefined : v);
  const parsed = editSchema.safeParse({
    name: values.name,
    period: values.period,
    weights: {
      weight_competencies: blankToMissing(values.weight_competencies),
      weight_objectives: blankToMissing(values.weight_objectives),
    },
  });
  return parsed.success ? { values: parsed.data, errors: {} } : failed<EditV2Body>(parsed.error);
};
