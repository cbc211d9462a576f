import { allEndpoints, endpoint, endpointKey, idParamsSchema, noContent } from '@evalua/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeEngines } from '../../test/context';
import { registerEndpointCheck, routeOf } from './route';

const thing = z.object({ id: z.number() });
const endpoints = {
  get: endpoint({ method: 'GET', path: '/api/things/:id', params: idParamsSchema, response: thing }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/things/:id',
    params: idParamsSchema,
    response: noContent,
  }),
};

function bareApp(opts: Parameters<typeof registerEndpointCheck>[1]) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerEndpointCheck(app, { endpoints: Object.values(endpoints), ...opts });
  return app;
}

describe('routes and their endpoints (decision 024)', () => {
  it('serves a route declared by its endpoint, with its schemas', async () => {
    const app = bareApp({});
    app.route({ ...routeOf(endpoints.get), handler: (request) => ({ id: request.params.id }) });
    app.route({
      ...routeOf(endpoints.remove),
      handler: async (_request, reply) => reply.status(204).send(null),
    });
    await app.ready();
    const ok = await app.inject({ method: 'GET', url: '/api/things/7' });
    expect(ok.json()).toEqual({ id: 7 });
    const bad = await app.inject({ method: 'GET', url: '/api/things/x' });
    expect(bad.statusCode).toBe(400);
    await app.close();
  });

  it('refuses a route that has no endpoint', async () => {
    const app = bareApp({});
    expect(() => app.get('/api/orphan', async () => ({}))).toThrow(/no tiene un endpoint/);
    await app.close();
  });

  it('refuses a route whose schemas are not its endpoint’s', async () => {
    const app = bareApp({});
    expect(() =>
      app.route({
        method: 'GET',
        url: '/api/things/:id',
        schema: { params: z.object({ id: z.string() }) },
        handler: () => ({}),
      }),
    ).toThrow(/no coincide con su endpoint: su esquema params/);
    expect(() =>
      app.route({
        ...routeOf(endpoints.get),
        schema: { ...routeOf(endpoints.get).schema, response: { 200: z.object({ other: z.string() }) } },
        handler: () => ({ other: '' }),
      }),
    ).toThrow(/su respuesta 200/);
    await app.close();
  });

  it('refuses to start when an endpoint has no route', async () => {
    const app = bareApp({});
    app.route({ ...routeOf(endpoints.get), handler: (request) => ({ id: request.params.id }) });
    await expect(app.ready()).rejects.toThrow(
      `Endpoints sin ruta en el servidor: ${endpointKey('DELETE', '/api/things/:id')}`,
    );
  });
});

describeEngines('every endpoint of packages/contracts is served', (t) => {
  it('has one route per endpoint, and no two endpoints share a method and path', async () => {
    const all = allEndpoints();
    const keys = all.map((e) => endpointKey(e.method, e.path));
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of all) {
      expect(t().app.hasRoute({ method: e.method, url: e.path }), endpointKey(e.method, e.path)).toBe(true);
    }
  });
});
