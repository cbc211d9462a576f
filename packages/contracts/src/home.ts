import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * GET /api/home/pending (any signed-in user; issue 30 §2): the caller's own pending work for the start
 * page, counted in SQL — V1 collaborators still to evaluate in open rounds, 360 assignments still to
 * answer, raters still to propose, and proposals waiting for their approval.
 */
const roundWork = z.object({
  evaluation_id: z.number().int(),
  evaluation_name: z.string(),
  /** YYYY-MM-DD or null. */
  due_date: z.string().nullable(),
  pending: z.number().int(),
});
export type RoundWork = z.infer<typeof roundWork>;

export const myPendingSchema = z.object({
  v1: z.array(roundWork),
  v2: z.array(roundWork),
  /** 360 evaluations in which the caller still has to propose their raters (a draft nomination). */
  nominations_to_make: z.array(z.object({ evaluation_id: z.number().int(), evaluation_name: z.string() })),
  /** Proposals of people who report to the caller, sent and waiting for the caller's approval. */
  nominations_to_approve: z.number().int(),
});
export type MyPending = z.infer<typeof myPendingSchema>;

/**
 * GET /api/home/first-steps (admin and HR; issue 30 §4, decision 054): which of the first run's steps,
 * in the real order, are done — each ticks itself from what the database holds.
 */
export const FIRST_STEPS = [
  'categories',
  'question_bank',
  'evaluation',
  'staff',
  'assignments',
  'open',
] as const;
export type FirstStep = (typeof FIRST_STEPS)[number];
export const firstStepsSchema = z.object(
  Object.fromEntries(FIRST_STEPS.map((s) => [s, z.boolean()])) as Record<FirstStep, z.ZodBoolean>,
);
export type FirstSteps = z.infer<typeof firstStepsSchema>;

export const homeEndpoints = {
  pending: endpoint({ method: 'GET', path: '/api/home/pending', response: myPendingSchema }),
  firstSteps: endpoint({ method: 'GET', path: '/api/home/first-steps', response: firstStepsSchema }),
};
