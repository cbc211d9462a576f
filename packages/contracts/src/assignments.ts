import { z } from 'zod';
import { idParamsSchema, pageQuerySchema, pagedSchema, requiredId, searchText } from './common';
import { endpoint, noContent } from './endpoint';
import { ROLES } from './enums';

/** The sentences of /api/assignments (V1). */
export const ASSIGNMENT_MESSAGES = {
  notFound: 'La asignación no existe.',
  duplicate: 'Este colaborador ya está asignado a este evaluador.',
  badEvaluator: 'El evaluador debe ser un usuario activo con rol evaluador.',
  badCollaborator: 'El colaborador debe ser un usuario activo que no sea administrador.',
  self: 'Un evaluador no puede asignarse a sí mismo.',
  /** A bulk assignment by filter that matches more people than one batch takes (decision 057). */
  filterTooBroad: (max: number) =>
    `La búsqueda y los filtros coinciden con más de ${max} personas: acótalos para asignar por partes.`,
} as const;

/** The people available to an evaluator come 5 a page unless ?pageSize= says otherwise (decision 014). */
export const AVAILABLE_PAGE_SIZE = 5;

export const assignmentSchema = z.object({
  id: z.number().int(),
  evaluator_id: z.number().int(),
  collaborator_id: z.number().int(),
  collaborator_name: z.string(),
  email: z.string().nullable(),
  position: z.string().nullable(),
  department: z.string().nullable(),
  /** The collaborator's category: it decides which evaluation they are evaluated with. */
  category_id: z.number().int().nullable(),
  /**
   * This evaluator has already submitted an evaluation of this collaborator: removing the assignment
   * keeps that result (reports, history), and the confirmation says so (issue 15).
   */
  evaluated: z.boolean(),
  /** The due date (YYYY-MM-DD) of the evaluation this collaborator is evaluated with, or null. */
  due_date: z.string().nullable(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const assignmentInputSchema = z.object({
  evaluator_id: requiredId('El evaluador es obligatorio.'),
  collaborator_id: requiredId('El colaborador es obligatorio.'),
});
export type AssignmentInput = z.input<typeof assignmentInputSchema>;

export const evaluatorIdParamsSchema = z.object({
  evaluatorId: requiredId('El identificador no es válido.'),
});

/** A person who can still be assigned to an evaluator (GET /api/assignments/{evaluatorId}/available). */
export const availableCollaboratorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  position: z.string().nullable(),
  department: z.string().nullable(),
  /** The category they are evaluated in (decision 057), or null. */
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  /** Their role: an evaluador can also be evaluated, and the list says so. */
  role: z.enum(ROLES),
});
export type AvailableCollaborator = z.infer<typeof availableCollaboratorSchema>;

/**
 * Filters of the available list (decision 057): the category the person is evaluated in and their
 * department, besides the name search. Absent filters filter nothing (the spec's call).
 */
export const availableFilterSchema = z.object({
  q: searchText(),
  category_id: requiredId('La categoría no es válida.').optional(),
  department: searchText(),
});
export type AvailableFilter = z.infer<typeof availableFilterSchema>;

export const availableQuerySchema = pageQuerySchema.extend(availableFilterSchema.shape);

/** At most this many people in one bulk assignment by list. */
export const BULK_ASSIGNMENT_MAX = 500;
/** A bulk assignment by filter takes at most this many people; more is refused in words (decision 057). */
export const BULK_FILTER_MAX = 5000;

/**
 * POST /api/assignments/bulk (decision 057): many collaborators to one evaluator at once, either a
 * list of ids (the people ticked) or a filter (every person still available that matches it). Those
 * already assigned are counted, never doubled; one invalid person refuses the whole batch.
 */
export const bulkAssignmentInputSchema = z
  .object({
    evaluator_id: requiredId('El evaluador es obligatorio.'),
    collaborator_ids: z
      .array(requiredId('El colaborador no es válido.'), { error: 'La lista de colaboradores no es válida.' })
      .min(1, { error: 'Selecciona al menos una persona.' })
      .max(BULK_ASSIGNMENT_MAX, { error: `Máximo ${BULK_ASSIGNMENT_MAX} personas por vez.` })
      .optional(),
    filter: availableFilterSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.collaborator_ids === undefined && v.filter === undefined) {
      ctx.addIssue({ code: 'custom', path: ['collaborator_ids'], message: 'Indica a quiénes asignar.' });
    } else if (v.collaborator_ids !== undefined && v.filter !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['collaborator_ids'],
        message: 'Indica las personas o un filtro, no ambos.',
      });
    }
  });
export type BulkAssignmentInput = z.input<typeof bulkAssignmentInputSchema>;

export const bulkAssignmentResultSchema = z.object({
  created_count: z.number().int(),
  /** Of those asked, how many were already assigned to this evaluator. */
  existing_count: z.number().int(),
});
export type BulkAssignmentResult = z.infer<typeof bulkAssignmentResultSchema>;

/**
 * POST /api/assignments/by-reports-to (decision 057): each active evaluador gets, as collaborators,
 * the active people whose 'Reporta a' is them (only those of one evaluator when evaluator_id is sent).
 */
export const reportsToInputSchema = z.object({
  evaluator_id: requiredId('El evaluador no es válido.').optional(),
});

export const reportsToResultSchema = z.object({
  created_count: z.number().int(),
  /** Active people whose 'Reporta a' is someone without the evaluador role (or inactive): not assigned. */
  not_evaluator_count: z.number().int(),
});
export type ReportsToResult = z.infer<typeof reportsToResultSchema>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The sentences of bulk assignment (decision 057). */
export const BULK_ASSIGNMENT_TEXT = {
  bulkDone: ({ created_count, existing_count }: BulkAssignmentResult, evaluator: string) =>
    `${created_count === 0 ? 'No se creó ninguna asignación' : `Se ${created_count === 1 ? 'asignó' : 'asignaron'} ${plural(created_count, 'persona', 'personas')}`} a ${evaluator}.` +
    (existing_count > 0 ? ` ${plural(existing_count, 'ya estaba asignada', 'ya estaban asignadas')}.` : ''),
  reportsToDone: ({ created_count, not_evaluator_count }: ReportsToResult) =>
    (created_count === 0
      ? 'No había asignaciones nuevas según «Reporta a».'
      : `Se ${created_count === 1 ? 'creó' : 'crearon'} ${plural(created_count, 'asignación', 'asignaciones')} según «Reporta a».`) +
    (not_evaluator_count > 0
      ? ` ${plural(not_evaluator_count, 'persona reporta', 'personas reportan')} a alguien sin rol evaluador activo: no se ${not_evaluator_count === 1 ? 'asignó' : 'asignaron'}.`
      : ''),
} as const;

export const assignmentEndpoints = {
  /** One evaluator's collaborators: an evaluator reads only their own; admin and HR anyone's. */
  assigned: endpoint({
    method: 'GET',
    path: '/api/assignments/:evaluatorId',
    params: evaluatorIdParamsSchema,
    response: z.array(assignmentSchema),
  }),
  /** The people still available to an evaluator, always paged (AVAILABLE_PAGE_SIZE unless ?pageSize=). */
  available: endpoint({
    method: 'GET',
    path: '/api/assignments/:evaluatorId/available',
    params: evaluatorIdParamsSchema,
    query: availableQuerySchema,
    response: pagedSchema(availableCollaboratorSchema),
  }),
  /** The departments of active non-admin people, for the available list's filter (decision 057). */
  departments: endpoint({
    method: 'GET',
    path: '/api/assignments/departments',
    response: z.array(z.string()),
  }),
  /** Many collaborators to one evaluator at once (decision 057). */
  bulk: endpoint({
    method: 'POST',
    path: '/api/assignments/bulk',
    body: bulkAssignmentInputSchema,
    response: bulkAssignmentResultSchema,
  }),
  /** Each evaluador's collaborators from 'Reporta a' (decision 057). */
  byReportsTo: endpoint({
    method: 'POST',
    path: '/api/assignments/by-reports-to',
    body: reportsToInputSchema,
    response: reportsToResultSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/assignments',
    body: assignmentInputSchema,
    status: 201,
    response: assignmentSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/assignments/:id',
    params: idParamsSchema,
    response: noContent,
  }),
};
