import { allEndpoints, endpointKey, USER_MESSAGES } from '@evalua/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { urlOf, type AuthzCase, type Route } from '../cases';
import { AUTHZ_CASES, unlistedCasesFiles } from '../cases-registry';
import type { TestClient } from '../client';
import { describeEngines } from '../context';
import { clientFor } from '../v1';
import { buildFixtures, type Fixtures } from './fixtures';
import { CALLERS, casesFor, expected, type Caller, type Outcome } from './matrix';

/** Every /api route each Fastify instance of this file registers, as 'METHOD /url' (HEAD left out). */
const registered = vi.hoisted(() => new WeakMap<object, string[]>());

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<{ default: (...args: unknown[]) => FastifyInstance }>();
  const create = (...args: unknown[]) => {
    const app = actual.default(...args);
    const routes: string[] = [];
    registered.set(app, routes);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api')) return;
      for (const method of [route.method].flat())
        if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
    });
    return app;
  };
  return { ...actual, default: create };
});

const FORBIDDEN = 'No tienes permisos para realizar esta acción.';
const keyOf = (route: Route) => endpointKey(route.method, route.path);

/**
 * Whether an answer is the outcome the table expects. 'allow' is checked more strictly than "not
 * 401/403": the call must succeed (2xx), or answer the one status its request names; so a request
 * refused for its content can never hide a check that runs after the content's.
 */
function answers(res: LightMyRequestResponse, want: Outcome, status: number | undefined): boolean {
  const error = () => {
    try {
      return res.json<{ error?: unknown }>().error;
    } catch {
      return undefined;
    }
  };
  switch (want) {
    case 'allow':
      return status === undefined ? res.statusCode >= 200 && res.statusCode < 300 : res.statusCode === status;
    case 'deny':
      return res.statusCode === 403 && error() === FORBIDDEN;
    case 'adminOnly':
      return res.statusCode === 403 && error() === USER_MESSAGES.adminOnly;
    case 'unauth':
      return res.statusCode === 401;
  }
}

/** The route pattern as a regular expression over a concrete path (query string ignored). */
function patternOf(url: string): RegExp {
  return new RegExp(`^${url.replace(/:\w+/g, '[^/]+').replace(/\*$/, '.+')}$`);
}

it('the registry lists every <module>.cases.ts there is', () => {
  expect(unlistedCasesFiles()).toEqual({ unlisted: [], missing: [] });
});

describeEngines('authorization matrix', (t) => {
  let f: Fixtures;
  beforeAll(async () => {
    f = await buildFixtures(t());
  });

  async function clientOf(caller: Caller, fresh: boolean): Promise<TestClient> {
    if (caller === 'anonymous') return t().client();
    return fresh ? clientFor(t(), f.users[caller]) : f.clients[caller];
  }

  it.each(AUTHZ_CASES.map((c): [string, AuthzCase] => [keyOf(c.endpoint), c]))(
    '%s answers every caller as the table says',
    async (key, entry) => {
      const { method, path: pattern } = entry.endpoint;
      const problems: string[] = [];
      for (const caller of CALLERS) {
        for (const c of casesFor(entry, caller)) {
          const who = c === 'any' ? caller : `${caller} (${c})`;
          const want = expected(entry, caller, c);
          if (want === undefined) {
            problems.push(`${key} as ${who}: the table gives no outcome`);
            continue;
          }
          const req = await entry.request(f, caller, c);
          let url: string;
          try {
            url = urlOf(entry.endpoint, req);
          } catch (error) {
            problems.push(`${key} as ${who}: ${(error as Error).message}`);
            continue;
          }
          if (!patternOf(pattern).test(url.replace(/\?.*$/, ''))) {
            problems.push(`${key} as ${who}: the test built ${url}, which is not this route`);
            continue;
          }
          const client = await clientOf(caller, req.freshSession === true);
          const res = await client.request(method, url, req.body);
          if (!answers(res, want, req.status)) {
            const body = res.headers['content-type']?.toString().includes('json')
              ? ` ${res.body.slice(0, 160)}`
              : '';
            problems.push(
              `${key} as ${who}: got ${res.statusCode}${body}, expected ${want}` +
                (want === 'allow' ? ` (${req.status ?? '2xx'})` : ''),
            );
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('the table has one entry per registered /api route, and no other', async () => {
    const { db, engine, config, sessionSecret } = t();
    const app: FastifyInstance = await buildApp(
      { db, engine, config, sessionSecret },
      { webDir: null, logger: false },
    );
    await app.ready();
    const routes = registered.get(app) ?? [];
    await app.close();
    const keys = AUTHZ_CASES.map((c) => keyOf(c.endpoint));
    const table = new Set(keys);
    expect(
      keys.filter((k, i) => keys.indexOf(k) !== i),
      'routes with two cases',
    ).toEqual([]);
    const found = new Set(routes);
    expect(routes.length, 'routes registered twice').toBe(found.size);
    expect(
      [...found].filter((r) => !table.has(r)),
      'registered routes missing from the table',
    ).toEqual([]);
    expect(
      [...table].filter((r) => !found.has(r)),
      'table entries for routes the app does not register',
    ).toEqual([]);
  });

  it('every endpoint of the contracts has its authorization case (keyed by the endpoint itself)', () => {
    const keyed = new Set<Route>(AUTHZ_CASES.map((c) => c.endpoint));
    const endpoints = allEndpoints();
    expect(endpoints.length).toBeGreaterThan(100);
    expect(endpoints.filter((e) => !keyed.has(e)).map(keyOf), 'endpoints without an authz case').toEqual([]);
  });
});
