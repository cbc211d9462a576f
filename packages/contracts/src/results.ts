import { z } from 'zod';
import { evaluatorIdParamsSchema } from './assignments';
import { pageQuerySchema, pagedSchema, requiredId } from './common';
import { endpoint } from './endpoint';

export const userIdParamsSchema = z.object({ userId: requiredId('El identificador no es válido.') });

/** GET /api/evaluation-results/evaluated/{evaluatorId}: what that evaluator has submitted. */
export const evaluatedResultSchema = z.object({
  collaborator_id: z.number().int(),
  evaluation_id: z.number().int(),
  evaluation_name: z.string(),
  /** This evaluator's figure for the collaborator, unrounded. */
  overall_percentage: z.number(),
  created_at: z.string(),
});
export type EvaluatedResult = z.infer<typeof evaluatedResultSchema>;

export const LATEST_RESULT_MESSAGES = {
  none: 'No se encontró ninguna evaluación reciente.',
} as const;

/** GET /api/evaluation-results/latest/{userId}: the user's latest evaluation, averaged over its evaluators. */
export const latestResultSchema = z.object({
  evaluation_id: z.number().int(),
  evaluation_name: z.string(),
  overall_percentage: z.number(),
  /** When the latest submission for that evaluation was made. */
  created_at: z.string(),
});
export type LatestResult = z.infer<typeof latestResultSchema>;

/** GET /api/users/collaborators/history: people with at least one V1 result. */
export const historyCollaboratorSchema = z.object({
  collaborator_id: z.number().int(),
  collaborator_name: z.string(),
  position: z.string().nullable(),
  department: z.string().nullable(),
  /** Distinct evaluations the person has results in. */
  evaluations_count: z.number().int(),
});
export type HistoryCollaborator = z.infer<typeof historyCollaboratorSchema>;

/** GET /api/users/evaluation-history/{userId}: one row per evaluation, averaged across its evaluators. */
export const evaluationHistoryRowSchema = z.object({
  evaluation_id: z.number().int(),
  evaluation_name: z.string(),
  period: z.string(),
  overall_percentage: z.number(),
  competencies_percentage: z.number().nullable(),
  objectives_percentage: z.number().nullable(),
  evaluators_count: z.number().int(),
  /** The latest submission for that evaluation. */
  created_at: z.string(),
});
export type EvaluationHistoryRow = z.infer<typeof evaluationHistoryRowSchema>;

export const resultEndpoints = {
  /** What one evaluator has submitted, newest first: an evaluator reads only their own. */
  evaluated: endpoint({
    method: 'GET',
    path: '/api/evaluation-results/evaluated/:evaluatorId',
    params: evaluatorIdParamsSchema,
    response: z.array(evaluatedResultSchema),
  }),
  /** The user's latest result (themself, admin or HR); 404 when they have none. */
  latest: endpoint({
    method: 'GET',
    path: '/api/evaluation-results/latest/:userId',
    params: userIdParamsSchema,
    response: latestResultSchema,
  }),
};

export const historyEndpoints = {
  /** People with V1 results: all of them, or a page with ?page= (and ?q=). */
  collaborators: endpoint({
    method: 'GET',
    path: '/api/users/collaborators/history',
    query: pageQuerySchema,
    response: z.union([z.array(historyCollaboratorSchema), pagedSchema(historyCollaboratorSchema)]),
  }),
  /** One person's evaluations, newest first (themself, admin or HR). */
  ofUser: endpoint({
    method: 'GET',
    path: '/api/users/evaluation-history/:userId',
    params: userIdParamsSchema,
    response: z.array(evaluationHistoryRowSchema),
  }),
};
