import type { CallResult, EndpointDef } from '@evalua/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';

/**
 * A response's body read through its endpoint's response schema (packages/contracts), instead of a
 * cast: a field the contract does not promise, or of another type, fails the test here.
 */
export function answerOf<E extends EndpointDef>(endpoint: E, res: LightMyRequestResponse): CallResult<E> {
  const schema = endpoint.response as z.ZodType;
  if (typeof (schema as { safeParse?: unknown }).safeParse !== 'function') {
    throw new Error(`${endpoint.method} ${endpoint.path} no responde JSON`);
  }
  const parsed = schema.safeParse(res.json());
  if (!parsed.success) {
    throw new Error(
      `${endpoint.method} ${endpoint.path} respondió fuera de su contrato: ${parsed.error.message}`,
    );
  }
  return parsed.data as CallResult<E>;
}
