import { z } from 'zod';
import { optionalId, requiredId, requiredText } from './common';
import { textCheck } from './text';

export const WEIGHTS_SUM_MESSAGE = 'La suma de los porcentajes debe ser igual a 100%.';
const WEIGHT_RANGE = 'Cada porcentaje debe estar entre 0 y 100.';

const weight = z.coerce
  .number({ error: WEIGHT_RANGE })
  .min(0, { error: WEIGHT_RANGE })
  .max(100, { error: WEIGHT_RANGE });

export const evaluationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  period: z.string(),
  weight_objectives: z.number(),
  weight_competencies: z.number(),
  category_id: z.number().int(),
  question_bank_id: z.number().int().nullable(),
  category_name: z.string(),
  question_bank_name: z.string().nullable(),
});
export type Evaluation = z.infer<typeof evaluationSchema>;

/** POST and PUT /api/evaluations. The server fills `period` with the current year when absent. */
export const evaluationInputSchema = z
  .object({
    name: requiredText('El nombre es obligatorio.', 150),
    period: z
      .string({ error: 'El periodo no es válido.' })
      .trim()
      .max(20, { error: 'El periodo no es válido.' })
      .check(textCheck('single'))
      .optional(),
    weight_objectives: weight,
    weight_competencies: weight,
    category_id: requiredId('La categoría es obligatoria.'),
    question_bank_id: optionalId('El banco de preguntas no es válido.').optional(),
  })
  .refine((v) => Math.abs(v.weight_objectives + v.weight_competencies - 100) < 1e-9, {
    error: WEIGHTS_SUM_MESSAGE,
    path: ['weight_objectives'],
  });
export type EvaluationInput = z.input<typeof evaluationInputSchema>;

export const categoryIdParamsSchema = z.object({
  categoryId: requiredId('El identificador no es válido.'),
});
