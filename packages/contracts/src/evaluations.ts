import { z } from 'zod';
import { idParamsSchema, optionalId, requiredId, requiredText } from './common';
import { endpoint, noContent } from './endpoint';
import { V1_RELEASE_MODES, V1_STATUSES } from './enums';
import { dueDateSchema } from './reminders';
import { textCheck } from './text';

/** The sentences of /api/evaluations (V1). */
export const EVALUATION_MESSAGES = {
  notFound: 'La evaluación no existe.',
  categoryMissing: 'La categoría no existe.',
  bankMissing: 'El banco de preguntas no existe.',
  hasResults: 'No se puede eliminar la evaluación porque ya tiene resultados registrados.',
  lockedByResults:
    'La evaluación ya tiene resultados registrados: no se pueden cambiar sus pesos, su categoría, su banco de preguntas ni cuándo se publican sus resultados.',
  noneForCategory: 'No hay una evaluación abierta para esta categoría.',
  needsQuestions: 'La evaluación necesita un banco de preguntas con al menos una pregunta antes de abrirse.',
  onlyOpenCloses: 'Solo se puede cerrar una evaluación abierta.',
  openedMeanwhile:
    'Otra evaluación de esta categoría se abrió al mismo tiempo. Revisa la lista e inténtalo de nuevo.',
} as const;

/**
 * The 409 when HR opens a V1 round that nobody would answer: no active evaluator has an active
 * collaborator of its category assigned (issue 30). Opening by itself (decision 039) is not refused.
 */
export function needsAssignmentsMessage(categoryName: string): string {
  return `No se puede abrir: ningún evaluador tiene asignado a un colaborador activo de la categoría «${categoryName}». Asígnalos en Gestión de Asignaciones y vuelve a abrirla.`;
}

/** The 409 when an open evaluation would move to a category that has one open. */
export function moveOpenMessage(categoryName: string, openName: string): string {
  return `La categoría «${categoryName}» ya tiene abierta la evaluación «${openName}». Ciérrala antes de pasar a esa categoría una evaluación abierta.`;
}

/** The 409 when opening an evaluation would close the category's open one without confirmation. */
export function openInCategoryMessage(categoryName: string, openName: string): string {
  return `La categoría «${categoryName}» ya tiene abierta la evaluación «${openName}». Confirma que quieres cerrarla y abrir esta.`;
}

/**
 * What the confirmation before opening says when the category already has an open evaluation: what
 * closes, what stays and what evaluators will see (decision 026).
 */
export function replaceOpenQuestion(categoryName: string, openName: string, newName: string): string {
  return (
    `La categoría «${categoryName}» ya tiene abierta la evaluación «${openName}». ` +
    `Si abres «${newName}», «${openName}» se cerrará: sus resultados se conservan en Reportes e Historial, ` +
    `y los evaluadores pasarán a evaluar a todos sus colaboradores de esta categoría con «${newName}». ¿Continuar?`
  );
}

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
  status: z.enum(V1_STATUSES),
  /** YYYY-MM-DD or null (decision 033). */
  due_date: z.string().nullable(),
  /** When the person reads each result (decision 050). */
  release_mode: z.enum(V1_RELEASE_MODES),
  /** When HR released the round's results, or null. */
  released_at: z.string().nullable(),
});
export type Evaluation = z.infer<typeof evaluationSchema>;

const evaluationFields = {
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
  /** Absent: left as it is (a client of the first version never sends it). */
  due_date: dueDateSchema.optional(),
  /**
   * When the person reads each result (decision 050). Absent: 'al_enviar' on create (SPEC.md's
   * behaviour), left as it is on PUT. Locked once the evaluation has results.
   */
  release_mode: z
    .enum(V1_RELEASE_MODES, { error: 'Indica cuándo lee cada persona sus resultados.' })
    .optional(),
};

const weightsSumTo100 = (v: { weight_objectives: number; weight_competencies: number }) =>
  Math.abs(v.weight_objectives + v.weight_competencies - 100) < 1e-9;
const weightsRule = { error: WEIGHTS_SUM_MESSAGE, path: ['weight_objectives'] };

/** Whether to close the category's open evaluation when this one opens (asked first on the web). */
const replaceOpen = z.boolean({ error: 'El valor de replace_open no es válido.' }).optional();

/**
 * PUT /api/evaluations/{id}: the whole object (a `status` in it is ignored); the state changes with
 * /open and /close, and by itself once: an evaluation created without `status` opens on the PUT that
 * makes it ready while its category has no open one (decision 039).
 */
export const evaluationInputSchema = z.object(evaluationFields).refine(weightsSumTo100, weightsRule);
export type EvaluationInput = z.input<typeof evaluationInputSchema>;

/**
 * POST /api/evaluations. The server fills `period` with the current year when absent. `status`
 * absent (SPEC.md's body): open when the bank has a question and the category has no open
 * evaluation, else a draft that opens on the PUT that makes it ready (decision 039).
 */
export const evaluationCreateSchema = z
  .object({
    ...evaluationFields,
    status: z.enum(['borrador', 'abierta'], { error: 'El estado no es válido.' }).optional(),
    replace_open: replaceOpen,
  })
  .refine(weightsSumTo100, weightsRule);
export type EvaluationCreateInput = z.input<typeof evaluationCreateSchema>;

export const evaluationOpenSchema = z.object({ replace_open: replaceOpen });

export const categoryIdParamsSchema = z.object({
  categoryId: requiredId('El identificador no es válido.'),
});

/**
 * GET /api/evaluations/{id}/pending (admin, HR; issue 30 §3): what closing would leave unanswered —
 * each active collaborator of the evaluation's category still to be evaluated by an evaluator assigned
 * to them, of all such pairs. What the close dialog says before HR confirms.
 */
export const v1PendingSchema = z.object({
  evaluation_id: z.number().int(),
  /** Evaluator–collaborator pairs of the round (assigned, active collaborator of the category). */
  total: z.number().int(),
  pending: z.array(z.object({ evaluator_name: z.string(), collaborator_name: z.string() })),
});
export type V1Pending = z.infer<typeof v1PendingSchema>;

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
    body: evaluationCreateSchema,
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
  /** Opens a draft or closed evaluation (409 EVALUATION_OPEN_IN_CATEGORY unless replace_open). */
  open: endpoint({
    method: 'POST',
    path: '/api/evaluations/:id/open',
    params: idParamsSchema,
    body: evaluationOpenSchema,
    response: evaluationSchema,
  }),
  pending: endpoint({
    method: 'GET',
    path: '/api/evaluations/:id/pending',
    params: idParamsSchema,
    response: v1PendingSchema,
  }),
  close: endpoint({
    method: 'POST',
    path: '/api/evaluations/:id/close',
    params: idParamsSchema,
    response: evaluationSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/evaluations/:id',
    params: idParamsSchema,
    response: noContent,
  }),
};
