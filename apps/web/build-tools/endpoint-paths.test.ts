import { describe, expect, it } from 'vitest';
import { stripEndpointSchemas } from './endpoint-paths';

const source = [
  "import { z } from 'zod';",
  "import { endpoint, noContent } from './endpoint';",
  'export const thingSchema = z.object({ id: z.number() });',
  'export const thingEndpoints = {',
  "  get: endpoint({ method: 'GET', path: '/api/things/:id', params: idParamsSchema, response: thingSchema }),",
  '  remove: endpoint({',
  "    method: 'DELETE',",
  "    path: '/api/things/:id',",
  '    params: idParamsSchema,',
  '    response: noContent,',
  '  }),',
  '};',
].join('\n');

describe('the web keeps only method and path of each endpoint (decision 024)', () => {
  it('drops every schema of an endpoint and marks each constant built by calls as pure', () => {
    const out = stripEndpointSchemas(source, 'things.ts');
    expect(out?.code).toBe(
      [
        "import { z } from 'zod';",
        "import { endpoint, noContent } from './endpoint';",
        'export const thingSchema = /* @__PURE__ */ (() => (z.object({ id: z.number() })))();',
        'export const thingEndpoints = /* @__PURE__ */ (() => ({',
        "  get: endpoint({ method: 'GET', path: '/api/things/:id' }),",
        "  remove: endpoint({ method: 'DELETE', path: '/api/things/:id' }),",
        '}))();',
      ].join('\n'),
    );
  });

  it('leaves constants without calls, and functions, as they were', () => {
    const plain = "export const LIMIT = 3;\nexport const LABELS = { a: 'A' };\nexport const f = () => g();";
    expect(stripEndpointSchemas(plain, 'plain.ts')).toBeNull();
  });

  it('refuses an endpoint whose method or path is not written in it', () => {
    const spread = "const x = endpoint({ ...base, path: '/api/x' });";
    expect(() => stripEndpointSchemas(spread, 'x.ts')).toThrow(/sin method o path literal en la línea 1/);
  });
});
