import { z } from 'zod';
import { endpoint } from './endpoint';

export const healthSchema = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['ok', 'error']) });
export type Health = z.infer<typeof healthSchema>;

export const healthEndpoints = {
  /** Liveness and the database: 200 ok, 503 when the database does not answer. */
  check: endpoint({
    method: 'GET',
    path: '/api/health',
    response: healthSchema,
    otherResponses: { 503: healthSchema },
  }),
};
