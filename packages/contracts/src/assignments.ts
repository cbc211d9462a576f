import { z } from 'zod';
import { requiredId } from './common';

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
