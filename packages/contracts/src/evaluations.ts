import { z } from 'zod';
import { idParamsSchema, optionalId, requiredId, requiredText } from './common';
import { endpoint, noContent } from './endpoint';
import { textCheck } from './text';

/** The sentences of /api/evaluations (V1). */
export const EVALUATION_MESSAGES = {
  notFound: 'La evaluación no existe.',
  categoryMissing: 'La categoría no existe.',
  bankMissing: 'El banco de preguntas no existe.',
  hasResults: 'No se puede eliminar la evaluación porque ya tiene resultados registrados.',
  lockedByResults:
    'La evaluación ya tiene resultados registrados: no se pueden cambiar sus pesos, su categoría ni su banco de preguntas.',
  noneForCategory: 'No hay evaluaciones para esta categoría.',
} as const;

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

export const evaluationEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/evaluations', response: z.array(evaluationSchema) }),
  /** The evaluation a category is evaluated with (an evaluator: only for their collaborators' categories). */
  byCategory: endpoint({
    method: 'GET',
    path: '/api/evaluations/by-category/:categoryId',
    params: categoryIdParamsSchema,
    response: evaluationSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/evaluations/:id',
    params: idParamsSchema,
    response: evaluationSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/evaluations',
    body: evaluationInputSchema,
    status: 201,
    response: evaluationSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/evaluations/:id',
    params: idParamsSchema,
    body: evaluationInputSchema,
    response: evaluationSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/evaluations/:id',
    params: idParamsSchema,
    response: noContent,
  }),
};
