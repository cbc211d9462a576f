import { z } from 'zod';
import { evaluatorIdParamsSchema } from './assignments';
import { pageQuerySchema, pagedSchema, requiredId } from './common';
import { endpoint, fileResponse } from './endpoint';
import { QUESTION_TYPES } from './enums';
import { exportQuerySchema } from './exports';

/**
 * V1 results (decision 049), as the server's v1-results module serves them: a person's latest result
 * and what an evaluator submitted, the history, the full report and its list, training needs, and
 * the HR dashboard. The V1 answer form's submit (the writing side) is in full-evaluation.ts.
 */

// Latest result and history (server: v1-results/latest, v1-results/history).

export const userIdParamsSchema = z.object({ userId: requiredId('El identificador no es válido.') });

/** GET /api/evaluation-results/evaluated/{evaluatorId}: what that evaluator has submitted. */
export const evaluatedResultSchema = z.object({
  collaborator_id: z.number().int(),
  evaluation_id: z.number().int(),
  evaluation_name: z.string(),
  /** This evaluator's figure for the collaborator, unrounded. */
  overall_percentage: z.number(),
  created_at: z.string(),
  /** Whether the evaluator may still reopen it to correct it (open round, result not released). */
  can_correct: z.boolean(),
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

// Reports and training (server: v1-results/reports, v1-results/training).

export const REPORT_MESSAGES = {
  noData: 'No hay datos para este reporte.',
} as const;

/** GET /api/reports: one row per evaluated non-admin user and evaluation. */
export const reportRowSchema = z.object({
  evaluation_id: z.number().int(),
  evaluation_name: z.string(),
  period: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  /** Averaged across the user's evaluators in that evaluation, unrounded. */
  overall_percentage: z.number(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const fullReportParamsSchema = z.object({
  evaluationId: requiredId('El identificador no es válido.'),
  userId: requiredId('El identificador no es válido.'),
});

export const reportQuestionSchema = z.object({
  question_id: z.number().int(),
  question_text: z.string(),
  question_type: z.enum(QUESTION_TYPES),
  /** Mean score (1-4) across the evaluators' submissions. */
  average_score: z.number(),
});
export type ReportQuestion = z.infer<typeof reportQuestionSchema>;

export const reportTrainingSchema = z.object({
  /** True when any evaluator said yes. */
  requires_training: z.boolean(),
  /** Each evaluator's comment, oldest submission first. */
  comments: z.array(z.string()),
  comments_summary: z.string(),
});

/** GET /api/reports/full/{evaluationId}/{userId}. Percentages come from the per-question averages. */
export const fullReportSchema = z.object({
  user_name: z.string(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  evaluation_name: z.string(),
  period: z.string(),
  competencies_percentage: z.number().nullable(),
  objectives_percentage: z.number().nullable(),
  overall_percentage: z.number(),
  questions: z.array(reportQuestionSchema),
  training: reportTrainingSchema,
  evaluators_count: z.number().int(),
});
export type FullReport = z.infer<typeof fullReportSchema>;

/** 'Capacitación requerida por 1 de 2 evaluadores.' */
export function trainingSummary(requiredBy: number, evaluators: number): string {
  const noun = evaluators === 1 ? 'evaluador' : 'evaluadores';
  if (requiredBy === 0) {
    return evaluators === 1
      ? 'El evaluador no indicó necesidad de capacitación.'
      : `Ninguno de los ${evaluators} evaluadores indicó necesidad de capacitación.`;
  }
  return `Capacitación requerida por ${requiredBy} de ${evaluators} ${noun}.`;
}

/** GET /api/training-report: object keyed by evaluator name. */
export const trainingReportEntrySchema = z.object({
  collaborator_id: z.number().int(),
  collaborator_name: z.string(),
  evaluation_id: z.number().int(),
  evaluation_name: z.string(),
  comments: z.string(),
});
export type TrainingReportEntry = z.infer<typeof trainingReportEntrySchema>;

export const trainingReportSchema = z.record(z.string(), z.array(trainingReportEntrySchema));
export type TrainingReport = z.infer<typeof trainingReportSchema>;

/**
 * The training report's answer, checked against the schema but sent as built: parsing a record
 * rebuilds the object, and a key such as "__proto__" (an evaluator's name is free text) would
 * silently vanish on the way.
 */
export const trainingReportResponseSchema = z.custom<TrainingReport>(
  (v) => trainingReportSchema.safeParse(v).success,
);

export const reportEndpoints = {
  /** One row per evaluated person and evaluation: all, or a page with ?page= (and ?q=). */
  list: endpoint({
    method: 'GET',
    path: '/api/reports',
    query: pageQuerySchema,
    response: z.union([z.array(reportRowSchema), pagedSchema(reportRowSchema)]),
  }),
  /** One person's full report (admin, HR or the person); 404 without data. */
  full: endpoint({
    method: 'GET',
    path: '/api/reports/full/:evaluationId/:userId',
    params: fullReportParamsSchema,
    response: fullReportSchema,
  }),
  /** The same report as a PDF. */
  pdf: endpoint({
    method: 'GET',
    path: '/api/reports/full/:evaluationId/:userId/pdf',
    params: fullReportParamsSchema,
    response: fileResponse,
  }),
  /** The list (searched with ?q=) as a spreadsheet (?format=xlsx|csv). */
  export: endpoint({
    method: 'GET',
    path: '/api/reports/export',
    query: exportQuerySchema,
    response: fileResponse,
  }),
};

export const trainingEndpoints = {
  /** Who needs training, keyed by the evaluator who said so. */
  report: endpoint({ method: 'GET', path: '/api/training-report', response: trainingReportResponseSchema }),
  /** The report (searched with ?q=) as a spreadsheet (?format=xlsx|csv). */
  export: endpoint({
    method: 'GET',
    path: '/api/training-report/export',
    query: exportQuerySchema,
    response: fileResponse,
  }),
};

// Dashboard (server: v1-results/dashboard).

/** One evaluator's progress in the current evaluation of each assigned collaborator's category. */
export const evaluatorProgressSchema = z.object({
  evaluator_id: z.number().int(),
  evaluator_name: z.string(),
  /** Active collaborators assigned to the evaluator. */
  assigned: z.number().int(),
  /** Of those, the ones the evaluator has submitted for in their category's current evaluation. */
  evaluated: z.number().int(),
});
export type EvaluatorProgress = z.infer<typeof evaluatorProgressSchema>;

/** Bands of the score-distribution chart: collaborators' overall % in the current evaluations. */
export const SCORE_BANDS = [
  { label: '0–59', min: 0, max: 60 },
  { label: '60–69', min: 60, max: 70 },
  { label: '70–79', min: 70, max: 80 },
  { label: '80–89', min: 80, max: 90 },
  { label: '90–100', min: 90, max: 100 },
] as const;

export const scoreBandSchema = z.object({
  label: z.string(),
  /** Lower bound, included. */
  min: z.number(),
  /** Upper bound, excluded (except the last band, which includes 100). */
  max: z.number(),
  /** Collaborators whose result falls in the band. */
  count: z.number().int(),
});
export type ScoreBand = z.infer<typeof scoreBandSchema>;

/** GET /api/dashboard/metrics. Definitions: docs/decisions/015-v1-results-and-dashboard.md. */
export const dashboardMetricsSchema = z.object({
  /** Mean of the collaborators' results (each averaged over its evaluators), unrounded; 0 with none. */
  overall_average: z.number(),
  total_active_collaborators: z.number().int(),
  total_active_evaluators: z.number().int(),
  total_needing_training: z.number().int(),
  total_completed_evaluations: z.number().int(),
  evaluation_progress: z.array(evaluatorProgressSchema),
  score_distribution: z.array(scoreBandSchema),
  /**
   * Pending work past its due date today (decision 033): V1, active collaborators not yet evaluated
   * by their active evaluator in an open evaluation whose due date has passed; 360, pending
   * assignments of active raters in open evaluations whose due date has passed.
   */
  overdue_v1_pending: z.number().int(),
  overdue_v2_pending: z.number().int(),
});
export type DashboardMetrics = z.infer<typeof dashboardMetricsSchema>;

export const dashboardEndpoints = {
  metrics: endpoint({ method: 'GET', path: '/api/dashboard/metrics', response: dashboardMetricsSchema }),
};

/** The spec's display rule: assigned floored at 0, evaluated clamped to [0, assigned], whole percent. */
export function progressPercent(assigned: number, evaluated: number): number {
  const a = Math.max(0, assigned);
  const e = Math.min(Math.max(0, evaluated), a);
  return a === 0 ? 0 : Math.round((e / a) * 100);
}
