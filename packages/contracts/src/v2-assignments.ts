import { z } from 'zod';
import { MAX_ID, pageQuerySchema, pagedSchema, requiredId } from './common';
import { endpoint } from './endpoint';
import { evaluationIdParamsSchema } from './v2-evaluations';
import { RELATIONS } from './enums';
import { raterStandingSchema } from './rater-standing';

export const V2_ASSIGNMENT_MESSAGES = {
  evaluationRequired: 'La evaluación es obligatoria.',
  batchEmpty: 'No hay asignaciones en el lote.',
  batchTooLarge: 'Un lote admite como máximo 5000 asignaciones.',
  /** The spec's sentence for an incomplete batch entry. */
  entryIncomplete: 'Completa evaluator_id, evaluatee_id y relación.',
  relationInvalid: 'La relación debe ser autoevaluación, jefe, par o colaborador directo.',
  idListInvalid: 'La lista de usuarios no es válida.',
  idListTooLarge: 'Se admiten como máximo 5000 usuarios por cambio.',
  // Checked by the server against the database:
  evaluationMissing: 'La evaluación no existe.',
  userMissing: 'El usuario no existe.',
  selfMismatch: 'En una autoevaluación el evaluador y el evaluado deben ser la misma persona.',
  sameNeedsSelf: 'Si el evaluador y el evaluado son la misma persona, la relación debe ser autoevaluación.',
  selfNotAllowed: 'Esta evaluación no permite autoevaluación.',
  closed: 'La evaluación está cerrada: sus asignaciones ya no se pueden cambiar.',
  // Relations chosen per evaluator and changed later (decision 035):
  relationsInvalid: 'Las relaciones de los evaluadores no son válidas.',
  relationRequired: 'La relación es obligatoria.',
  confirmInvalid: 'Indica si se confirma más de un jefe (sí o no).',
  assignmentMissing: 'La asignación no existe.',
} as const;

/**
 * A second manager for one evaluatee needs HR's confirmation (decision 023): with several managers
 * their answers form an anonymous group, shown only from the anonymity threshold.
 */
export const multipleManagersMessage = (evaluateeId: number) =>
  `La persona ${evaluateeId} tendría más de un jefe en esta evaluación. Con varios jefes, sus respuestas se tratan como las de los pares: no se muestran por separado hasta reunir el mínimo de anonimato. Confirma para asignar más de un jefe.`;
const M = V2_ASSIGNMENT_MESSAGES;

export const userInvalidMessage = (id: number) => `El usuario ${id} no existe o no está activo.`;
export const addAndRemoveMessage = (id: number) =>
  `El usuario ${id} no puede estar a la vez en agregar y en quitar.`;
export const completedRemovalMessage = (id: number) =>
  `El evaluador ${id} ya completó esta evaluación; su asignación no se puede quitar.`;
/** A completed assignment keeps the relation its answers were given under (decision 035). */
/**
 * A manager request of a group of managers someone already answered in is neither removed nor given
 * another relation when that would leave a single manager (decision 041): the answers given as one of
 * several managers, anonymous, would be shown as the lone manager's.
 */
export const managerGroupAnsweredMessage = (id: number) =>
  `El evaluador ${id} no se puede quitar ni dejar de ser jefe: otro jefe de esta persona ya respondió cuando eran varios jefes, con la promesa de que sus respuestas no se mostrarían por separado, y quedaría como su único jefe, con sus respuestas a la vista. Si no le corresponde evaluar, puede rechazar la solicitud.`;
export const completedRelationMessage = (id: number) =>
  `El evaluador ${id} ya completó esta evaluación; su relación no se puede cambiar.`;
export const relationNotAssignedMessage = (id: number) =>
  `El usuario ${id} no es evaluador de esta persona: márcalo antes de elegir su relación.`;
export const relationForRemovedMessage = (id: number) =>
  `El usuario ${id} no puede quitarse y cambiar de relación a la vez.`;

/** 'declined': the rater turned the request down, with a reason HR sees (decision 034). */
export const V2_ASSIGNMENT_STATUSES = ['pending', 'completed', 'declined'] as const;
export type V2AssignmentStatus = (typeof V2_ASSIGNMENT_STATUSES)[number];
export const V2_ASSIGNMENT_STATUS_LABELS: Record<V2AssignmentStatus, string> = {
  pending: 'Pendiente',
  completed: 'Completada',
  declined: 'Rechazada',
};

export const BATCH_MAX = 5000;

const entryId = requiredId(M.entryIncomplete);

/** One entry of a batch: evaluator, evaluatee and relation, all required. */
export const v2BatchEntrySchema = z.object(
  {
    evaluator_id: entryId,
    evaluatee_id: entryId,
    relation: z.enum(RELATIONS, {
      error: (issue) => (issue.input === undefined ? M.entryIncomplete : M.relationInvalid),
    }),
  },
  { error: M.entryIncomplete },
);
export type V2BatchEntry = z.infer<typeof v2BatchEntrySchema>;

/** POST /api/assignments-v2/bulk. */
export const v2BulkAssignSchema = z.object({
  evaluation_id: requiredId(M.evaluationRequired),
  assignments: z
    .array(v2BatchEntrySchema, { error: M.batchEmpty })
    .min(1, { error: M.batchEmpty })
    .max(BATCH_MAX, { error: M.batchTooLarge }),
  /** HR confirmed giving someone more than one manager (decision 023); without it that is refused. */
  allow_multiple_managers: z.boolean().optional(),
});
export type V2BulkAssignInput = z.input<typeof v2BulkAssignSchema>;

/** Answer of the bulk call: how many new assignments it created (duplicates are skipped). */
export const v2BulkResultSchema = z.object({ inserted_count: z.number().int() });
export type V2BulkResult = z.infer<typeof v2BulkResultSchema>;

/** A row of GET /api/assignments-v2/by-evaluation/{evaluationId}. */
export const v2AssignmentRowSchema = z.object({
  id: z.number().int(),
  evaluator_id: z.number().int(),
  evaluator_name: z.string(),
  evaluatee_id: z.number().int(),
  evaluatee_name: z.string(),
  relation: z.enum(RELATIONS),
  status: z.enum(V2_ASSIGNMENT_STATUSES),
  /** Why the rater declined (status 'declined'), else null (decision 034). */
  decline_reason: z.string().nullable(),
  /** Whether the rater counts toward anonymity, or why not yet (decision 040; RATER_STANDING_TEXT). */
  rater_standing: raterStandingSchema,
});
export type V2AssignmentRow = z.infer<typeof v2AssignmentRowSchema>;
export const v2AssignmentListSchema = z.object({ rows: z.array(v2AssignmentRowSchema) });

export const evaluateeParamsSchema = z.object({
  evaluationId: requiredId('El identificador no es válido.'),
  userId: requiredId('El identificador no es válido.'),
});

/** One of the evaluatee's assignments, as the per-person modal shows it (decision 035). */
export const v2EvaluatorAssignmentSchema = z.object({
  id: z.number().int(),
  evaluator_id: z.number().int(),
  evaluator_name: z.string(),
  relation: z.enum(RELATIONS),
  status: z.enum(V2_ASSIGNMENT_STATUSES),
  /** Whether the rater counts toward anonymity, or why not yet (decision 040). */
  rater_standing: raterStandingSchema,
});
export type V2EvaluatorAssignment = z.infer<typeof v2EvaluatorAssignmentSchema>;

/**
 * GET (and the POST's answer) /api/evaluations-v2/{evaluationId}/assignments/evaluatee/{userId}:
 * the spec's evaluator_ids, and beside them each assignment with its relation and status.
 */
export const v2EvaluatorIdsSchema = z.object({
  evaluator_ids: z.array(z.number().int()),
  assignments: z.array(v2EvaluatorAssignmentSchema),
});
export type V2EvaluatorIds = z.infer<typeof v2EvaluatorIdsSchema>;

const idList = z
  .array(requiredId(M.idListInvalid), { error: M.idListInvalid })
  .max(BATCH_MAX, { error: M.idListTooLarge })
  .optional()
  .default([]);

const relationValue = z.enum(RELATIONS, {
  error: (issue) => (issue.input === undefined ? M.relationRequired : M.relationInvalid),
});
/** Plain decimal digits, no leading zero (an id as a JSON object's key). */
const ID_KEY = /^[1-9][0-9]{0,9}$/;

/**
 * {evaluatorId: relation}: the relation of an evaluator added by this call (instead of peer), or a
 * new relation for one assigned already (decision 035).
 */
const relationMap = z
  .record(z.string().regex(ID_KEY, { error: M.relationsInvalid }), relationValue, {
    error: M.relationsInvalid,
  })
  .refine((r) => Object.keys(r).length <= BATCH_MAX, { error: M.idListTooLarge })
  .optional();

/**
 * POST …/assignments/evaluatee/{userId}: evaluators to add (as peers, or self, unless `relations`
 * says otherwise) and to remove; `relations` may also change an assigned evaluator's relation while
 * pending. A second manager needs `allow_multiple_managers` (decision 023).
 */
export const v2EvaluateeChangeSchema = z.object({
  add: idList,
  remove: idList,
  relations: relationMap,
  allow_multiple_managers: z.boolean({ error: M.confirmInvalid }).optional(),
});
export type V2EvaluateeChangeInput = z.input<typeof v2EvaluateeChangeSchema>;

export const assignmentIdParamsSchema = z.object({ id: requiredId('El identificador no es válido.') });

/** PATCH /api/assignments-v2/{id}: a pending assignment's new relation (decision 035). */
export const v2RelationChangeSchema = z.object(
  {
    relation: relationValue,
    allow_multiple_managers: z.boolean({ error: M.confirmInvalid }).optional(),
  },
  { error: M.relationRequired },
);
export type V2RelationChangeInput = z.input<typeof v2RelationChangeSchema>;

/** The PATCH's answer: the assignment with its relation now. */
export const v2AssignmentRelationSchema = z.object({
  id: z.number().int(),
  evaluation_id: z.number().int(),
  evaluator_id: z.number().int(),
  evaluatee_id: z.number().int(),
  relation: z.enum(RELATIONS),
  status: z.enum(V2_ASSIGNMENT_STATUSES),
});
export type V2AssignmentRelation = z.infer<typeof v2AssignmentRelationSchema>;

/** ?user_ids=1,2,3: the people of one page of the per-person screen (at most 200). */
export const raterCountsQuerySchema = z.object({
  user_ids: z
    .string({ error: 'La lista de personas no es válida.' })
    .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,199}$/, { error: 'La lista de personas no es válida.' })
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id <= MAX_ID), { error: 'La lista de personas no es válida.' })
    .optional(),
});

/** How many raters each person has in a 360, and how many have answered (issue 30 §7). */
export const raterCountsSchema = z.object({
  rows: z.array(
    z.object({ user_id: z.number().int(), raters: z.number().int(), completed: z.number().int() }),
  ),
});
export type RaterCounts = z.infer<typeof raterCountsSchema>;

export const v2AssignmentEndpoints = {
  /** The raters of each person of a page of 'Evaluadores por persona' (issue 30 §7, decision 059). */
  raterCounts: endpoint({
    method: 'GET',
    path: '/api/evaluations-v2/:evaluationId/rater-counts',
    params: evaluationIdParamsSchema,
    query: raterCountsQuerySchema,
    response: raterCountsSchema,
  }),
  /** Creates the batch's new assignments (duplicates skipped); a second manager needs the confirmation. */
  bulk: endpoint({
    method: 'POST',
    path: '/api/assignments-v2/bulk',
    body: v2BulkAssignSchema,
    response: v2BulkResultSchema,
  }),
  /**
   * {rows} of an evaluation's assignments, or a page of them with ?page= (and ?q=, evaluator or
   * evaluatee name). The paged shape first: {rows} alone would strip total/page/pageSize.
   */
  listByEvaluation: endpoint({
    method: 'GET',
    path: '/api/assignments-v2/by-evaluation/:evaluationId',
    params: evaluationIdParamsSchema,
    query: pageQuerySchema,
    response: z.union([pagedSchema(v2AssignmentRowSchema), v2AssignmentListSchema]),
  }),
  evaluatorsOf: endpoint({
    method: 'GET',
    path: '/api/evaluations-v2/:evaluationId/assignments/evaluatee/:userId',
    params: evaluateeParamsSchema,
    response: v2EvaluatorIdsSchema,
  }),
  /** Adds (as peers, or self, or with the relation given) and removes evaluators of one evaluatee. */
  changeEvaluators: endpoint({
    method: 'POST',
    path: '/api/evaluations-v2/:evaluationId/assignments/evaluatee/:userId',
    params: evaluateeParamsSchema,
    body: v2EvaluateeChangeSchema,
    response: v2EvaluatorIdsSchema,
  }),
  /** A pending assignment's relation (a completed one keeps its own: 409). */
  changeRelation: endpoint({
    method: 'PATCH',
    path: '/api/assignments-v2/:id',
    params: assignmentIdParamsSchema,
    body: v2RelationChangeSchema,
    response: v2AssignmentRelationSchema,
  }),
};
