import { allEndpoints, endpointKey, fileResponse, noContent, type EndpointDef } from '@evalua/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { isApiDocsUrl } from './api-docs';
import { isApiPath } from './api-path';

/** The response schema of every 204: no body. */
export const noContentSchema = z.null();

type Has<E, K extends keyof EndpointDef> = E extends { [P in K]: z.ZodType } ? true : false;
type StatusOf<E extends EndpointDef> = E['status'] extends number ? E['status'] : 200;

/** The Fastify schema an endpoint gives its route. */
export type SchemaOf<E extends EndpointDef> = (Has<E, 'params'> extends true
  ? { params: E['params'] }
  : unknown) &
  (Has<E, 'query'> extends true ? { querystring: E['query'] } : unknown) &
  (Has<E, 'body'> extends true ? { body: E['body'] } : unknown) &
  (E['response'] extends z.ZodType
    ? { response: { [S in StatusOf<E>]: E['response'] } & NonNullable<E['otherResponses']> }
    : E['response'] extends typeof noContent
      ? { response: { 204: typeof noContentSchema } }
      : unknown);

/**
 * Method, URL and schemas of a route, from its endpoint (decision 024):
 * `app.route({ ...routeOf(categoryEndpoints.get), config: { access }, handler })`.
 */
export function routeOf<const E extends EndpointDef>(
  endpoint: E,
): { method: E['method']; url: E['path']; schema: SchemaOf<E> } {
  const schema: Record<string, unknown> = {};
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.response === noContent) schema.response = { 204: noContentSchema };
  else if (endpoint.response !== fileResponse) {
    schema.response = { [endpoint.status ?? 200]: endpoint.response, ...endpoint.otherResponses };
  }
  return { method: endpoint.method, url: endpoint.path, schema: schema as SchemaOf<E> };
}

/** Why a route and its endpoint disagree, or null when they agree. */
export function disagreement(route: RouteOptions, endpoint: EndpointDef): string | null {
  const expected = routeOf(endpoint).schema as Record<string, unknown>;
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  for (const part of ['params', 'querystring', 'body'] as const) {
    if (schema[part] !== expected[part]) return `su esquema ${part} no es el del contrato`;
  }
  const want = (expected.response ?? {}) as Record<string, unknown>;
  const have = (schema.response ?? {}) as Record<string, unknown>;
  const statuses = new Set([...Object.keys(want), ...Object.keys(have)]);
  for (const status of statuses) {
    const a = want[status];
    const b = have[status];
    // The one 204 schema is z.null(); any z.null() a route declares is the same answer.
    const bothNull = a instanceof z.ZodNull && b instanceof z.ZodNull;
    if (a !== b && !bothNull) return `su respuesta ${status} no es la del contrato`;
  }
  return null;
}

/**
 * Every /api route is declared by an endpoint of packages/contracts and agrees with it, and every
 * endpoint has its route, or the app refuses to start (as it does for a route without
 * `config.access`). The API document's own routes (/api/docs) are Swagger's, not calls of the app.
 * `endpoints` is the list to check against (all of packages/contracts unless a test gives its own).
 */
export function registerEndpointCheck(
  app: FastifyInstance,
  { requireEndpoint = true, requireAllServed = true, endpoints = allEndpoints() } = {},
): void {
  const byKey = new Map(endpoints.map((e) => [endpointKey(e.method, e.path), e]));
  const served = new Set<EndpointDef>();
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url) || isApiDocsUrl(route.url)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const endpoint = byKey.get(endpointKey(method, route.url));
      if (!endpoint) {
        if (!requireEndpoint) continue;
        throw new Error(`La ruta ${method} ${route.url} no tiene un endpoint en packages/contracts`);
      }
      const why = disagreement(route, endpoint);
      if (why) throw new Error(`La ruta ${method} ${route.url} no coincide con su endpoint: ${why}`);
      served.add(endpoint);
    }
  });
  app.addHook('onReady', async () => {
    if (!requireAllServed) return;
    const missing = endpoints.filter((e) => !served.has(e)).map((e) => endpointKey(e.method, e.path));
    if (missing.length > 0) throw new Error(`Endpoints sin ruta en el servidor: ${missing.join(', ')}`);
  });
}
