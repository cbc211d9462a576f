import { z } from 'zod';
import { pageQuerySchema, pagedSchema, requiredId } from './common';
import { endpoint, fileResponse } from './endpoint';
import { exportQuerySchema } from './exports';
import { QUESTION_TYPES } from './enums';

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
