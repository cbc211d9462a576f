import { z } from 'zod';
import { idParamsSchema, pageQuerySchema, pagedSchema, requiredId } from './common';
import { endpoint, noContent } from './endpoint';

/** The sentences of /api/assignments (V1). */
export const ASSIGNMENT_MESSAGES = {
  notFound: 'La asignación no existe.',
  duplicate: 'Este colaborador ya está asignado a este evaluador.',
  badEvaluator: 'El evaluador debe ser un usuario activo con rol evaluador.',
  badCollaborator: 'El colaborador debe ser un usuario activo que no sea administrador.',
  self: 'Un evaluador no puede asignarse a sí mismo.',
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
});
export type AvailableCollaborator = z.infer<typeof availableCollaboratorSchema>;

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
    query: pageQuerySchema,
    response: pagedSchema(availableCollaboratorSchema),
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
