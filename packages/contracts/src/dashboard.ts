import { z } from 'zod';

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

/** GET /api/dashboard/metrics. Definitions: docs/decisions/015-v1-results-and-dashboard.md. */
export const dashboardMetricsSchema = z.object({
  /** Mean of the collaborators' results (each averaged over its evaluators), unrounded; 0 with none. */
  overall_average: z.number(),
  total_active_collaborators: z.number().int(),
  total_active_evaluators: z.number().int(),
  total_needing_training: z.number().int(),
  total_completed_evaluations: z.number().int(),
  evaluation_progress: z.array(evaluatorProgressSchema),
});
export type DashboardMetrics = z.infer<typeof dashboardMetricsSchema>;

/** The spec's display rule: assigned floored at 0, evaluated clamped to [0, assigned], whole percent. */
export function progressPercent(assigned: number, evaluated: number): number {
  const a = Math.max(0, assigned);
  const e = Math.min(Math.max(0, evaluated), a);
  return a === 0 ? 0 : Math.round((e / a) * 100);
}
