import { z } from 'zod';
import {
  idParamsSchema,
  numericInput,
  pageQuerySchema,
  pagedSchema,
  requiredId,
  requiredText,
} from './common';
import { dueDateSchema } from './reminders';
import { endpoint, noContent } from './endpoint';
import { V2_STATUSES, type V2Status } from './enums';

/** Spanish sentences of the 360 evaluation calls (schema checks and the server's rules). */
export const V2_EVALUATION_MESSAGES = {
  nameRequired: 'El nombre es obligatorio.',
  periodRequired: 'El periodo es obligatorio.',
  weightsRequired: 'Los pesos son obligatorios.',
  weightRange: 'Cada peso debe estar entre 0 y 100.',
  weightsSum: 'Los pesos deben sumar 100.',
  allowSelfInvalid: 'Indica si se permite la autoevaluación (sí o no).',
  saveAsTemplateInvalid: 'Indica si se guarda como plantilla (sí o no).',
  templateRequired: 'La plantilla es obligatoria.',
  statusInvalid: 'El estado debe ser borrador, abierta o cerrada.',
  createStatusInvalid: 'Una evaluación nueva solo puede crearse en borrador.',
  noChanges: 'No hay cambios que guardar.',
  // Checked by the server against the database:
  notFound: 'La evaluación no existe.',
  templateMissing: 'La plantilla no existe.',
  templateNameTaken:
    'Ya existe una plantilla con ese nombre. Cambia el nombre de la evaluación o no la guardes como plantilla.',
  reopen: 'Una evaluación cerrada no se puede reabrir.',
  alreadyClosed: 'La evaluación ya está cerrada.',
  backToDraft: 'Una evaluación abierta no puede volver a borrador.',
  alreadyOpen: 'La evaluación ya está abierta.',
  alreadyDraft: 'La evaluación ya está en borrador.',
  closeFromDraft: 'La evaluación debe abrirse antes de cerrarse.',
  openNeedsItems: 'La evaluación necesita al menos un ítem para abrirse.',
  openNeedsRaters:
    'No se puede abrir: la evaluación no tiene evaluadores asignados ni participantes que propongan a los suyos. Asígnalos con «Asignaciones» o «Evaluadores por persona» y vuelve a abrirla.',
  fieldsLocked:
    'El nombre, el periodo y los pesos solo se pueden cambiar mientras la evaluación está en borrador.',
  deleteNotDraft: 'Solo se puede eliminar una evaluación en borrador.',
} as const;
const M = V2_EVALUATION_MESSAGES;

export const V2_STATUS_LABELS: Record<V2Status, string> = {
  draft: 'Borrador',
  open: 'Abierta',
  closed: 'Cerrada',
};

const weight = numericInput(
  z.number({ error: M.weightRange }).min(0, { error: M.weightRange }).max(100, { error: M.weightRange }),
);

/** {weight_objectives, weight_competencies}: each 0-100, summing to 100 (DESIGN §4b). */
export const v2WeightsSchema = z
  .object({ weight_objectives: weight, weight_competencies: weight }, { error: M.weightsRequired })
  .refine((w) => Math.abs(w.weight_objectives + w.weight_competencies - 100) < 1e-9, {
    error: M.weightsSum,
  });
export type V2Weights = z.infer<typeof v2WeightsSchema>;

const name = requiredText(M.nameRequired, 150);
const period = requiredText(M.periodRequired, 50);
const allowSelf = z.boolean({ error: M.allowSelfInvalid }).optional().default(false);
/**
 * 'draft' keeps a new evaluation a draft until someone opens it (what the web sends). Left out
 * (SPEC.md's bodies), it opens by itself as soon as it has an item (decision 046).
 */
const createStatus = z.literal('draft', { error: M.createStatusInvalid }).optional();

/** A row of GET /api/evaluations-v2, and the answer of the create, read and update calls. */
export const v2EvaluationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  period: z.string(),
  status: z.enum(V2_STATUSES),
  weight_objectives: z.number(),
  weight_competencies: z.number(),
  allow_self: z.boolean(),
  /** The template it was created from or saved as; null when none (or once that template is deleted). */
  template_id: z.number().int().nullable(),
  item_count: z.number().int(),
  assignment_count: z.number().int(),
  completed_count: z.number().int(),
  created_at: z.string(),
  /** YYYY-MM-DD or null (decision 033). */
  due_date: z.string().nullable(),
});
export type V2Evaluation = z.infer<typeof v2EvaluationSchema>;

export const v2EvaluationListSchema = z.object({ rows: z.array(v2EvaluationSchema) });

/**
 * POST /api/evaluations-v2: a blank draft; save_as_template also creates a template that follows it.
 * Without `status` it opens by itself once it has an item (decision 046).
 */
export const v2EvaluationCreateSchema = z.object({
  name,
  period,
  weights: v2WeightsSchema,
  allow_self: allowSelf,
  due_date: dueDateSchema.optional(),
  save_as_template: z.boolean({ error: M.saveAsTemplateInvalid }).optional().default(false),
  status: createStatus,
});
export type V2EvaluationCreateInput = z.input<typeof v2EvaluationCreateSchema>;

/**
 * POST /api/evaluations-v2/from-template: a draft with a copy of the template's items; without
 * `status` it opens at once when the copy has an item (decision 046).
 */
export const v2EvaluationFromTemplateSchema = z.object({
  template_id: requiredId(M.templateRequired),
  name,
  period,
  weights: v2WeightsSchema,
  allow_self: allowSelf,
  due_date: dueDateSchema.optional(),
  status: createStatus,
});
export type V2EvaluationFromTemplateInput = z.input<typeof v2EvaluationFromTemplateSchema>;

/** PATCH /api/evaluations-v2/{id}: status moves forward; name, period and weights only while draft. */
export const v2EvaluationPatchSchema = z
  .object({
    status: z.enum(V2_STATUSES, { error: M.statusInvalid }).optional(),
    name: name.optional(),
    period: period.optional(),
    weights: v2WeightsSchema.optional(),
    /** Any time before closing (not only in draft). */
    due_date: dueDateSchema.optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { error: M.noChanges });
export type V2EvaluationPatchInput = z.input<typeof v2EvaluationPatchSchema>;

export const evaluationIdParamsSchema = z.object({
  evaluationId: requiredId('El identificador no es válido.'),
});

export const v2EvaluationEndpoints = {
  /**
   * {rows} of every 360 evaluation, or a page of them with ?page= (and ?q=). The paged shape first:
   * {rows} alone would strip total/page/pageSize from a paged answer.
   */
  list: endpoint({
    method: 'GET',
    path: '/api/evaluations-v2',
    query: pageQuerySchema,
    response: z.union([pagedSchema(v2EvaluationSchema), v2EvaluationListSchema]),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/evaluations-v2',
    body: v2EvaluationCreateSchema,
    status: 201,
    response: v2EvaluationSchema,
  }),
  createFromTemplate: endpoint({
    method: 'POST',
    path: '/api/evaluations-v2/from-template',
    body: v2EvaluationFromTemplateSchema,
    status: 201,
    response: v2EvaluationSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/evaluations-v2/:id',
    params: idParamsSchema,
    response: v2EvaluationSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/evaluations-v2/:id',
    params: idParamsSchema,
    body: v2EvaluationPatchSchema,
    response: v2EvaluationSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/evaluations-v2/:id',
    params: idParamsSchema,
    response: noContent,
  }),
};

/** The current quarter, written like the spec's 'Q4-2025' (the default period of a new 360). */
export function currentQuarter(now = new Date()): string {
  return `Q${Math.floor(now.getMonth() / 3) + 1}-${now.getFullYear()}`;
}
