import { authEndpoints, v2AnswerEndpoints, v2ResultEndpoints } from '@evalua/contracts';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Responses written by a serializer compiled from their schema (issue 31, decision 063): the answers
 * asked for most (the session's /me, a rater's pending list, a person's 360 results and the 360
 * summary). zod checks and re-encodes every response (≈ 16 % of a person's results request);
 * fast-json-stringify writes the schema's properties, and only those: a field the schema does not
 * name never leaves, as with zod (tested). The schemas are the contract's, turned into JSON Schema
 * by zod itself. Every other response keeps zod's serializer.
 */
export const COMPILED_RESPONSES: ReadonlyArray<z.ZodType> = [
  authEndpoints.me.response,
  v2AnswerEndpoints.mine.response,
  v2ResultEndpoints.person.response,
  v2ResultEndpoints.summary.response,
];

type Serialize = (data: unknown) => string;

/**
 * The JSON Schema made for writing. Without `additionalProperties: false`: fast-json-stringify
 * writes the named properties only either way, but it picks a branch of a union (a nullable object)
 * by validating the data, and a stray field would then match no branch and fail the response
 * instead of being left out, as zod leaves it out.
 */
function lenient(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(lenient);
  if (node === null || typeof node !== 'object') return node;
  const { propertyNames, additionalProperties } = node as Record<string, unknown>;
  const keys = (propertyNames as { enum?: unknown } | undefined)?.enum;
  if (Array.isArray(keys) && typeof additionalProperties === 'object') {
    // A record keyed by an enum (z.partialRecord): its keys as named properties, so a key outside
    // the enum is left out as zod refuses it — fast-json-stringify does not read propertyNames.
    const value = lenient(additionalProperties);
    return { type: 'object', properties: Object.fromEntries(keys.map((k) => [String(k), value])) };
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'additionalProperties' && v === false) continue;
    out[k] = lenient(v);
  }
  return out;
}

/** The contract schema written as fast-json-stringify writes it, or null when it cannot be. */
export function compiledSerializer(schema: z.ZodType): Serialize | null {
  try {
    const json = lenient(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' }));
    return fastJsonStringify(json as Parameters<typeof fastJsonStringify>[0]) as Serialize;
  } catch {
    return null;
  }
}

const compiled = new Map<z.ZodType, Serialize | null>();

/** Fastify's serializer compiler: the compiled writer for COMPILED_RESPONSES, zod's for the rest. */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = route.schema as z.ZodType;
  if (COMPILED_RESPONSES.includes(schema)) {
    if (!compiled.has(schema)) compiled.set(schema, compiledSerializer(schema));
    const write = compiled.get(schema);
    if (write) return write;
  }
  return (zodSerializerCompiler as FastifySerializerCompiler<unknown>)(route);
};
