import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * `overloaded`: the server refuses new requests for now (503 with Retry-After, decision 029).
 * `db: 'unwritable'`: the database answers but cannot take writes — its disk is full or it is
 * read-only (503 with Retry-After, decision 044).
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'error', 'overloaded']),
  db: z.enum(['ok', 'error', 'unwritable']),
});
export type Health = z.infer<typeof healthSchema>;

export const healthEndpoints = {
  /**
   * Liveness and the database: 200 ok; 503 when the database does not answer, cannot take writes
   * (decision 044) or the server is overloaded.
   */
  check: endpoint({
    method: 'GET',
    path: '/api/health',
    response: healthSchema,
    otherResponses: { 503: healthSchema },
  }),
};
