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

export const homeEndpoints = {
  pending: endpoint({ method: 'GET', path: '/api/home/pending', response: myPendingSchema }),
};
