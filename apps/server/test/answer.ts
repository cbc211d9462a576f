import { isDeepStrictEqual } from 'node:util';
import type { CallResult, EndpointDef } from '@evalua/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';

/**
 * A response's body read through its endpoint's response schema (packages/contracts), instead of a
 * cast: a field the contract does not promise, a missing one or one of another type fails the test
 * here, so the value returned is exactly what the server sent.
 */
export function answerOf<E extends EndpointDef>(endpoint: E, res: LightMyRequestResponse): CallResult<E> {
  const schema = endpoint.response as z.ZodType;
  if (typeof (schema as { safeParse?: unknown }).safeParse !== 'function') {
    throw new Error(`${endpoint.method} ${endpoint.path} no responde JSON`);
  }
  const raw: unknown = res.json();
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `${endpoint.method} ${endpoint.path} respondió fuera de su contrato: ${parsed.error.message}`,
    );
  }
  // Parsing drops fields the schema does not declare: the answer must have none, or a test reading
  // the parsed value (e.g. "no comment leaks") would not see what the server really sent.
  if (!isDeepStrictEqual(parsed.data, raw)) {
    throw new Error(`${endpoint.method} ${endpoint.path} respondió campos fuera de su contrato`);
  }
  return parsed.data as CallResult<E>;
}
