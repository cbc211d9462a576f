import { z } from 'zod';
import { endpoint } from './endpoint';

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
