import type { z } from 'zod';
import { buildApp } from '../../src/app';
import { TEST_SECRET, testConfig } from '../context';
import type { RawRoute } from './recorder';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One /api route as the app registered it. */
export interface ApiRoute {
  method: Method;
  url: string;
  access: unknown;
  params: string[];
  body?: z.ZodType;
  querystring?: z.ZodType;
  hasParamsSchema: boolean;
}

const METHODS = new Set<Method>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Builds an app (no database is touched while routes register) and answers its /api routes that
 * take input: a body, path parameters or a query string. HEAD routes are Fastify's copies of GET.
 */
export async function discoverInputRoutes(sink: RawRoute[]): Promise<ApiRoute[]> {
  sink.length = 0;
  const ctx = {
    db: {} as never,
    engine: 'sqlite' as const,
    config: testConfig(),
    sessionSecret: TEST_SECRET,
  };
  const app = await buildApp(ctx, { webDir: null, logger: false });
  await app.close();
  const out: ApiRoute[] = [];
  for (const r of sink) {
    if (!r.url.startsWith('/api')) continue;
    for (const m of Array.isArray(r.method) ? r.method : [r.method]) {
      if (!METHODS.has(m as Method)) continue;
      const params = [...r.url.matchAll(/:(\w+)/g)].map((x) => x[1] as string);
      const route: ApiRoute = {
        method: m as Method,
        url: r.url,
        access: r.config?.access,
        params,
        hasParamsSchema: r.schema?.params !== undefined,
        ...(r.schema?.body ? { body: r.schema.body as z.ZodType } : {}),
        ...(r.schema?.querystring ? { querystring: r.schema.querystring as z.ZodType } : {}),
      };
      if (route.body || route.querystring || params.length > 0) out.push(route);
    }
  }
  sink.length = 0;
  return out;
}

export const routeKey = (r: Pick<ApiRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;

/** The keys of an object schema, through optional/default/pipe/refine wrappers; [] when not an object. */
export function objectKeys(schema: z.ZodType | undefined): string[] {
  let s: unknown = schema;
  for (let i = 0; i < 10 && s; i += 1) {
    const def = (s as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return [];
    if (def.type === 'object') return Object.keys(def.shape as object);
    s = def.innerType ?? def.in ?? def.schema;
  }
  return [];
}
