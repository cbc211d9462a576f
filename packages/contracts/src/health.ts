import { z } from 'zod';
import { endpoint } from './endpoint';

/** `overloaded`: the server refuses new requests for now (503 with Retry-After, decision 029). */
export const healthSchema = z.object({
  status: z.enum(['ok', 'error', 'overloaded']),
  db: z.enum(['ok', 'error']),
});
export type Health = z.infer<typeof healthSchema>;

export const healthEndpoints = {
  /** Liveness and the database: 200 ok; 503 when the database does not answer or the server is overloaded. */
  check: endpoint({
    method: 'GET',
    path: '/api/health',
    response: healthSchema,
    otherResponses: { 503: healthSchema },
  }),
};
