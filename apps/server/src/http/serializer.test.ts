import { authEndpoints, v2AnswerEndpoints, v2ResultEndpoints } from '@evalua/contracts';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { describeEngines } from '../../test/context';
import { build360, type Scenario } from '../../test/v2-answers';
import { COMPILED_RESPONSES, compiledSerializer, serializerCompiler } from './serializer';

/** zod's writer of a schema, as the app used it for every response before decision 063. */
function zodWrite(schema: z.ZodType): (data: unknown) => string {
  return zodSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (
    data: unknown,
  ) => string;
}

/** The same data with a field no schema names added to every object, at every depth. */
function withStrays(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withStrays);
  if (value !== null && typeof value === 'object') {
    // null: a valid value even inside a record of nullable numbers (only its key is stray).
    const copy: Record<string, unknown> = { contrasena_hash: null };
    for (const [k, v] of Object.entries(value)) copy[k] = withStrays(v);
    return copy;
  }
  return value;
}

describe('responses written from their compiled schema (decision 063)', () => {
  it('compiles every schema it names, and leaves the others to zod', () => {
    for (const schema of COMPILED_RESPONSES) expect(compiledSerializer(schema)).not.toBeNull();
    const other = v2ResultEndpoints.mine.response;
    expect(COMPILED_RESPONSES).not.toContain(other);
    const route = { schema: other, method: 'GET', url: '/x', httpStatus: '200' } as never;
    // zod's writer refuses what the schema refuses…
    expect(() => serializerCompiler(route)({ rows: 'no es una lista' })).toThrow();
    // …while each named response gets its one compiled writer (zod's compiler makes a new one per route).
    const me = { schema: authEndpoints.me.response, method: 'GET', url: '/x', httpStatus: '200' } as never;
    expect(serializerCompiler(me)).toBe(serializerCompiler(me));
    expect(serializerCompiler(route)).not.toBe(serializerCompiler(route));
  });
});

describeEngines('compiled responses write what zod wrote, and nothing more (decision 063)', (t) => {
  let s: Scenario;
  beforeAll(async () => {
    s = await build360(t());
  });

  it('for /me, the pending list, a person’s 360 results and the summary, with a stray field everywhere', async () => {
    const rater = s.raters.p4.client;
    const calls: Array<[z.ZodType, () => Promise<{ body: string }>]> = [
      [authEndpoints.me.response, () => rater.get('/api/users/me')],
      [v2AnswerEndpoints.mine.response, () => rater.get('/api/evaluations-v2/assignments/mine')],
      [
        v2ResultEndpoints.person.response,
        () => s.admin.get(`/api/evaluations-v2/${s.evaluation.id}/results/${s.evaluatees.A.user.id}`),
      ],
      [
        v2ResultEndpoints.summary.response,
        () => s.admin.get(`/api/evaluations-v2/${s.evaluation.id}/summary`),
      ],
    ];
    for (const [schema, get] of calls) {
      const res = await get();
      const data = JSON.parse(res.body) as unknown;
      const fast = compiledSerializer(schema)!;
      // What the app sent is what zod writes of it: the same fields and values (an object's keys may
      // come in the JSON Schema's order).
      expect(JSON.parse(res.body)).toStrictEqual(JSON.parse(zodWrite(schema)(data)));
      const stray = withStrays(data);
      const written = fast(stray);
      expect(written).not.toContain('contrasena_hash');
      // Exactly what was there without the strays.
      expect(JSON.parse(written)).toStrictEqual(JSON.parse(zodWrite(schema)(data)));
    }
  });
});
