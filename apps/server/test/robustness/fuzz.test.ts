import { TEXT_MESSAGES, allEndpoints, endpointKey, type EndpointDef } from '@evalua/contracts';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it, vi } from 'vitest';
import type { RobustnessCase } from '../cases';
import { ROBUSTNESS_CASES } from '../cases-registry';
import type { TestClient } from '../client';
import { describeEngines, type TestContext } from '../context';
import { NUL_MESSAGE } from '../../src/http/input-guard';
import { DEFAULT_PASSWORD } from '../factories';
import { junkParam, junkQuery, mutatedBody, wrongBody } from './arbitraries';
import type { RawRoute } from './recorder';
import { discoverInputRoutes, objectKeys, routeKey, type ApiRoute } from './routes';
import { countRows, diffCounts, listTables, type Counts } from './table-counts';
import { LEAK } from './test-app';
import { buildWorld, type Ids, type World } from './world';

/**
 * Property-based fuzzing of every /api route that takes input (derived at run time from the routes
 * the app registers). Each case is a malformed body, path parameter or query string, sent mostly as
 * an admin (so authorization does not short-circuit) and sometimes as an anonymous visitor or a
 * colaborador, always with a valid CSRF token. Properties: never a 5xx; every 4xx is JSON with a
 * string `error` and no stack frame, file path or driver message; a 4xx changes no row in any table.
 *
 * Reproduce with FUZZ_SEED=<seed> (the default is fixed); FUZZ_SCALE multiplies the case counts.
 */

const sink = vi.hoisted(() => [] as RawRoute[]);
vi.mock('fastify', async (importOriginal) => {
  const { withRouteRecorder } = await import('./recorder');
  return withRouteRecorder(await importOriginal<{ default: unknown }>(), sink);
});

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_418);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
/** Cases per route and input kind on SQLite; PostgreSQL runs a share of them (same properties). */
const RUNS = { body: 32, params: 12, query: 16, others: 4 };
const PG_SHARE = 0.35;
const MIN_SQLITE_CASES = 1000;

/** Words of zod's and Fastify's English messages ("Invalid input: expected object, received array"). */
const ENGLISH =
  /\b(invalid|expected|received|required|too (big|small)|unrecognized|must|input|bad request|not a valid|unexpected|exceeding|too large)\b/i;

/** A real row's id spelled so that Number() or z.coerce read the same number (decision 022). */
function lenientSpellings(id: number): string[] {
  return [
    `${id}e0`,
    `%20${id}`,
    `${id}%20`,
    `%09${id}`,
    `0x${id.toString(16)}`,
    `0b${id.toString(2)}`,
    `0o${id.toString(8)}`,
    `+${id}`,
    `%2B${id}`,
    `0${id}`,
    `${id}.0`,
    `${id}.`,
    `${id / 10}e1`,
  ];
}

const PASSWORD_FIELDS = new Set(['password', 'newPassword', 'currentPassword']);
/** Multi-line fields (Textareas): comments, notes, descriptions — the rest is one line. */
const MULTI_LINE_FIELDS = new Set(['comments', 'comment', 'notes', 'description', 'reason']);

/** Each attack and the sentence expected by kind of field (null: the field takes it). */
const TEXT_ATTACKS: Record<string, Record<'single' | 'multi' | 'any', string | null>> = {
  '\u202e': { single: TEXT_MESSAGES.control, multi: TEXT_MESSAGES.control, any: null },
  '\u2066': { single: TEXT_MESSAGES.control, multi: TEXT_MESSAGES.control, any: null },
  '\u200f': { single: TEXT_MESSAGES.control, multi: TEXT_MESSAGES.control, any: null },
  '\u0085': { single: TEXT_MESSAGES.control, multi: TEXT_MESSAGES.control, any: null },
  '\u007f': { single: TEXT_MESSAGES.control, multi: TEXT_MESSAGES.control, any: null },
  '\u0007': { single: TEXT_MESSAGES.control, multi: TEXT_MESSAGES.control, any: null },
  '\t': { single: TEXT_MESSAGES.control, multi: TEXT_MESSAGES.control, any: null },
  '\n': { single: TEXT_MESSAGES.lineBreak, multi: null, any: null },
  '\r\nX-Injected: 1': { single: TEXT_MESSAGES.lineBreak, multi: null, any: null },
  '\r': { single: TEXT_MESSAGES.lineBreak, multi: TEXT_MESSAGES.control, any: null },
  '\u2028': { single: TEXT_MESSAGES.lineBreak, multi: TEXT_MESSAGES.control, any: null },
  '\ud800': { single: TEXT_MESSAGES.malformed, multi: TEXT_MESSAGES.malformed, any: TEXT_MESSAGES.malformed },
  '\udfff': { single: TEXT_MESSAGES.malformed, multi: TEXT_MESSAGES.malformed, any: TEXT_MESSAGES.malformed },
};

/** Values at the edges of what ids, pages and texts accept. */
const EDGES = ['0', '-1', '1.5', 'abc', '2147483648', '9007199254740993', '1e400', 'x'.repeat(201), '\u0000'];
/** What each leaf of a valid body is replaced with, one at a time. */
const BODY_EDGES: unknown[] = ['\u0000', null, 2_147_483_648, 'x'.repeat(5001), {}];

const ALL_ROUTES = await discoverInputRoutes(sink);
// Destructive calls last, so that earlier cases meet the records they name; then by URL.
const ROUTES = [...ALL_ROUTES].sort(
  (a, b) =>
    Number(a.method === 'DELETE') - Number(b.method === 'DELETE') || routeKey(a).localeCompare(routeKey(b)),
);

/** Each route's endpoint, and its robustness case (src/modules/<m>/<m>.cases.ts) when it has one. */
const ENDPOINTS = new Map(allEndpoints().map((e) => [endpointKey(e.method, e.path), e]));
const endpointOf = (route: ApiRoute): EndpointDef | undefined => ENDPOINTS.get(routeKey(route));
const CASE_OF = new Map<EndpointDef, RobustnessCase>(ROBUSTNESS_CASES.map((c) => [c.endpoint, c]));
const caseOf = (route: ApiRoute): RobustnessCase | undefined => {
  const endpoint = endpointOf(route);
  return endpoint && CASE_OF.get(endpoint);
};
const validBody = (route: ApiRoute, ids: Ids): unknown => caseOf(route)?.body?.(ids);
const mainActor = (route: ApiRoute): 'admin' | 'rater' => caseOf(route)?.actor ?? 'admin';

/** Valid path parameters for a route; one its case does not give gets the category's id. */
function validParams(route: ApiRoute, ids: Ids): Record<string, string> {
  const known: Record<string, string | number> = caseOf(route)?.params?.(ids) ?? {};
  return Object.fromEntries(route.params.map((p) => [p, String(known[p] ?? ids.category)]));
}

type Who = 'admin' | 'rater' | 'anon' | 'colaborador';
type Kind = 'body' | 'params' | 'query';

interface Case {
  kind: Kind;
  who: Who;
  path: string;
  query: string;
  payload?: string;
  contentType?: string;
  ops: string;
}

function seedOf(key: string): number {
  let h = SEED | 0;
  for (const ch of key) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

/** Paths to the leaves (strings, numbers, booleans, null) of a JSON value. */
function leafPaths(v: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(v)) return v.flatMap((x, i) => leafPaths(x, [...prefix, i]));
  if (v !== null && typeof v === 'object')
    return Object.entries(v).flatMap(([k, x]) => leafPaths(x, [...prefix, k]));
  return [prefix];
}

function replaceAt(root: unknown, path: Array<string | number>, value: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(root)) as Record<string | number, unknown>;
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
  at[path[path.length - 1]!] = value;
  return copy;
}

function fill(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, p: string) => params[p] ?? '1');
}

/** The arbitrary of one route's cases, with their share of runs by kind. */
function casesFor(
  route: ApiRoute,
  w: World,
): { arb: fc.Arbitrary<Case>; weights: Record<Kind, number>; examples: Case[] } {
  const valid = validParams(route, w.ids);
  const validBody = caseOf(route)?.body?.(w.ids);
  const bodyText = route.body && validBody !== undefined ? JSON.stringify(validBody) : undefined;
  const main: Who = mainActor(route);
  const parts: Array<{ weight: number; arbitrary: fc.Arbitrary<Omit<Case, 'who'>> }> = [];
  const weights: Record<Kind, number> = { body: 0, params: 0, query: 0 };

  if (route.body) {
    weights.body = RUNS.body;
    const bodies = fc.oneof(
      {
        weight: 4,
        arbitrary: mutatedBody(validBody ?? {}).map((b) => ({ ...b, contentType: 'application/json' })),
      },
      { weight: 1, arbitrary: wrongBody },
    );
    parts.push({
      weight: RUNS.body,
      arbitrary: bodies.map((b) => ({
        kind: 'body' as const,
        path: fill(route.url, valid),
        query: '',
        ...(b.payload !== undefined ? { payload: b.payload } : {}),
        contentType: b.contentType,
        ops: b.ops,
      })),
    });
  }
  if (route.params.length > 0) {
    weights.params = RUNS.params;
    // One or more parameters junk, the others valid.
    const n = route.params.length;
    const params = fc
      .tuple(
        fc.nat(n - 1),
        junkParam,
        fc.array(fc.option(junkParam, { freq: 3 }), { minLength: n, maxLength: n }),
      )
      .map(([i, junk, others]) =>
        Object.fromEntries(route.params.map((p, k) => [p, k === i ? junk : (others[k] ?? valid[p]!)])),
      );
    parts.push({
      weight: RUNS.params,
      arbitrary: params.map((p) => ({
        kind: 'params' as const,
        path: fill(route.url, p),
        query: '',
        ...(bodyText !== undefined ? { payload: bodyText, contentType: 'application/json' } : {}),
        ops: `params ${JSON.stringify(p)}`,
      })),
    });
  }
  if (route.querystring) {
    weights.query = RUNS.query;
    parts.push({
      weight: RUNS.query,
      arbitrary: junkQuery(objectKeys(route.querystring)).map((q) => ({
        kind: 'query' as const,
        path: fill(route.url, valid),
        query: q,
        ...(bodyText !== undefined ? { payload: bodyText, contentType: 'application/json' } : {}),
        ops: 'query',
      })),
    });
  }
  const who = fc.oneof(
    { weight: 10, arbitrary: fc.constant<Who>(main) },
    { weight: 1, arbitrary: fc.constant<Who>('anon') },
    { weight: 1, arbitrary: fc.constant<Who>('colaborador') },
  );
  const arb = fc.tuple(fc.oneof(...parts), who).map(([c, w]) => ({ ...c, who: w }));

  // The edges every run checks, whatever the random draw: each parameter and query key alone at
  // each of them, the rest valid.
  const examples: Case[] = [];
  const withBody = bodyText !== undefined ? { payload: bodyText, contentType: 'application/json' } : {};
  for (const p of route.params)
    for (const edge of EDGES)
      examples.push({
        kind: 'params',
        who: main,
        path: fill(route.url, { ...valid, [p]: encodeURIComponent(edge) }),
        query: '',
        ...withBody,
        ops: `edge ${p}=${edge.slice(0, 20)}`,
      });
  if (route.body && validBody !== undefined)
    for (const path of leafPaths(validBody))
      for (const edge of BODY_EDGES)
        examples.push({
          kind: 'body',
          who: main,
          path: fill(route.url, valid),
          query: '',
          payload: JSON.stringify(replaceAt(validBody, path, edge)),
          contentType: 'application/json',
          ops: `edge ${path.join('.')}=${JSON.stringify(edge).slice(0, 20)}`,
        });
  for (const k of objectKeys(route.querystring))
    for (const edge of EDGES)
      examples.push({
        kind: 'query',
        who: main,
        path: fill(route.url, valid),
        query: `${k}=${encodeURIComponent(edge)}`,
        ...withBody,
        ops: `edge ${k}=${edge.slice(0, 20)}`,
      });
  return { arb, weights, examples };
}

async function send(
  client: TestClient,
  method: ApiRoute['method'],
  c: Case,
): Promise<LightMyRequestResponse> {
  const url = c.query ? `${c.path}?${c.query}` : c.path;
  const headers: Record<string, string> = {};
  if (c.contentType !== undefined && c.contentType !== '') headers['content-type'] = c.contentType;
  if (c.payload === undefined) {
    return client.request(method, url, undefined, { headers });
  }
  return client.request(method, url, undefined, { headers, payload: c.payload });
}

function describeCase(route: ApiRoute, c: Case): string {
  const body = c.payload === undefined ? '' : ` body(${c.payload.length}B)=${c.payload.slice(0, 300)}`;
  return `${c.who} ${route.method} ${c.path}${c.query ? `?${c.query.slice(0, 200)}` : ''} [${c.kind}: ${c.ops}]${body}`;
}

interface Tally {
  cases: number;
  rejected: number;
  accepted: number;
  byKind: Record<Kind, number>;
  byWho: Record<Who, number>;
  routes: number;
}

describeEngines('fuzzing every input route', (t) => {
  let w: World;
  let tables: string[];
  let counts: Counts;
  const tally: Tally = {
    cases: 0,
    rejected: 0,
    accepted: 0,
    byKind: { body: 0, params: 0, query: 0 },
    byWho: { admin: 0, rater: 0, anon: 0, colaborador: 0 },
    routes: 0,
  };
  const relogins: string[] = [];

  beforeAll(async () => {
    w = await buildWorld(t());
    tables = await listTables(t());
    counts = await countRows(t(), tables);
  }, 60_000);

  const clientOf = (who: Who): TestClient =>
    who === 'admin' ? w.admin : who === 'rater' ? w.rater : who === 'anon' ? w.anon : w.colaborador;

  /** A case that ended the fuzzing admin's own session (a lenient id spelling hit them) gets it back. */
  async function keepAdminLoggedIn(ctx: TestContext, after: string): Promise<void> {
    if ((await w.admin.get('/api/users/me')).statusCode === 200) return;
    await ctx.db.deleteFrom('login_failures').execute();
    const res = await w.admin.login(w.adminUser.email, DEFAULT_PASSWORD);
    expect(res.statusCode, `re-login after ${after}`).toBe(200);
    relogins.push(after);
  }

  it('knows every route that takes input, and has a valid body for each body schema', () => {
    const keyOf = (e: EndpointDef) => endpointKey(e.method, e.path);
    expect(ROUTES.filter((r) => !endpointOf(r)).map(routeKey), 'input routes without an endpoint').toEqual(
      [],
    );
    const missing = ROUTES.filter((r) => r.body && !caseOf(r)?.body).map(routeKey);
    expect(missing, "routes with a body schema but no valid example in their module's cases").toEqual([]);
    const withBody = new Set(ROUTES.filter((r) => r.body).map(endpointOf));
    const stale = ROBUSTNESS_CASES.filter((c) => c.body && !withBody.has(c.endpoint)).map((c) =>
      keyOf(c.endpoint),
    );
    expect(stale, 'examples for routes that take no body any more').toEqual([]);
    const noParams = ROBUSTNESS_CASES.filter((c) => c.params && !/:\w/.test(c.endpoint.path));
    expect(
      noParams.map((c) => keyOf(c.endpoint)),
      'parameters for routes that take none',
    ).toEqual([]);
    const twice = ROBUSTNESS_CASES.filter(
      (c, i) => ROBUSTNESS_CASES.findIndex((o) => o.endpoint === c.endpoint) !== i,
    );
    expect(
      twice.map((c) => keyOf(c.endpoint)),
      'routes with two robustness cases',
    ).toEqual([]);
    const unknownParams = ROUTES.filter((r) => r.params.length > 0 && !caseOf(r)?.params).map(routeKey);
    // Unknown parameters still get junk; they only miss the "other parameters valid" variant.
    if (unknownParams.length > 0)
      console.warn(`[fuzz] routes without a params fixture: ${unknownParams.join(', ')}`);
    const n = (f: (r: ApiRoute) => boolean) => ROUTES.filter(f).length;
    console.info(
      `[fuzz] ${ROUTES.length} routes take input: ${n((r) => !!r.body)} a body, ` +
        `${n((r) => r.params.length > 0)} path parameters, ${n((r) => !!r.querystring)} a query string`,
    );
    expect(ROUTES.filter((r) => r.body).length).toBeGreaterThanOrEqual(25);
    expect(ROUTES.filter((r) => r.querystring).length).toBeGreaterThanOrEqual(10);
    expect(ROUTES.filter((r) => r.params.length > 0).length).toBeGreaterThanOrEqual(40);
  });

  // Regressions the fuzzing found (both were 500s on PostgreSQL).
  it('refuses U+0000 in a body, a query string or a path parameter with a 400 and writes nothing', async () => {
    const before = await countRows(t(), tables);
    const field = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json<{ error: string; code: string; details: Array<{ field: string }> }>();
      expect(body.error).toBe(NUL_MESSAGE);
      expect(body.code).toBe('VALIDATION_ERROR');
      return body.details[0]?.field;
    };
    expect(field(await w.admin.post('/api/categories', { name: 'Docentes\u0000' }))).toBe('body.name');
    expect(
      field(
        await w.admin.put(`/api/evaluations-v2/${w.ids.draft}/items`, {
          items: [
            { question_text: 'Sin problema', type: 'text' },
            { question_text: 'Con \u0000 dentro', type: 'text' },
          ],
        }),
      ),
    ).toBe('body.items.1.question_text');
    expect(field(await w.admin.get('/api/categories?q=%00'))).toBe('querystring.q');
    expect(
      field(await w.anon.post('/api/users/login', { email: 'ana\u0000@prueba.do', password: 'x' })),
    ).toBe('body.email');
    expect(field(await w.admin.get(`/api/evaluations-v2/${w.ids.open}/results/%00`))).toBe('params.userId');
    // A body nested 50,000 deep is refused by the schema, not by a stack overflow.
    const deep = await w.admin.post('/api/categories', undefined, {
      payload: '['.repeat(50_000) + ']'.repeat(50_000),
      headers: { 'content-type': 'application/json' },
    });
    expect(deep.statusCode).toBe(400);
    expect(diffCounts(before, await countRows(t(), tables))).toEqual([]);
  });

  it('refuses ids beyond the integer columns (2^31 and up) as invalid, in paths, bodies and queries', async () => {
    const invalid = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
    };
    invalid(await w.admin.get('/api/categories/2147483648'));
    invalid(await w.admin.get(`/api/reports/full/${w.ids.evaluation}/9007199254740991`));
    invalid(
      await w.admin.post('/api/assignments', {
        evaluator_id: 2_147_483_648,
        collaborator_id: w.ids.collaborator,
      }),
    );
    invalid(
      await w.admin.post('/api/assignments-v2/bulk', {
        evaluation_id: w.ids.draft,
        assignments: [{ evaluator_id: '2147483648', evaluatee_id: w.ids.evaluatee, relation: 'peer' }],
      }),
    );
    invalid(await w.admin.get('/api/audit?user_id=2147483648'));
    // The largest id a column holds is still an id: it names nothing, so 404.
    expect((await w.admin.get('/api/categories/2147483647')).statusCode).toBe(404);
  });

  // Penetration test, issue 13 (decision 022): ids are plain decimal digits, on every route.
  it('takes path ids only as plain decimal digits: 1e1, " 1", 0x10, +1, 01… answer 400 on every route', async () => {
    const before = await countRows(t(), tables);
    let checked = 0;
    for (const route of ROUTES.filter((r) => r.params.length > 0)) {
      const valid = validParams(route, w.ids);
      const client = clientOf(mainActor(route));
      for (const p of route.params) {
        const id = Number(valid[p]);
        const body = validBody(route, w.ids);
        const call = (spelling: string) =>
          client.request(route.method, fill(route.url, { ...valid, [p]: spelling }), body);
        // What the route answers for an id that is plainly not one: its own Spanish sentence.
        const reference = await call('abc');
        expect(reference.statusCode, `${routeKey(route)} ${p}=abc`).toBe(400);
        const sentence = reference.json<{ error: string }>().error;
        // Each of these is the same number as a real row's id to Number() or z.coerce.
        for (const spelling of lenientSpellings(id)) {
          const res = await call(spelling);
          const what = `${routeKey(route)} ${p}=${spelling} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, what).toBe(400);
          expect(res.json<{ error: string; code: string }>(), what).toMatchObject({
            error: sentence,
            code: 'VALIDATION_ERROR',
          });
          checked += 1;
        }
      }
    }
    console.info(`[fuzz] ${t().engine}: ${checked} lenient id spellings refused`);
    expect(checked).toBeGreaterThan(400);
    expect(diffCounts(before, await countRows(t(), tables))).toEqual([]);
  });

  // Penetration test, issue 13 (decision 022): no layout-changing character in any text field.
  it('refuses control, bidirectional, line-break and malformed characters in every text field of every body', async () => {
    const before = await countRows(t(), tables);
    const tally = { fields: 0, cases: 0, searches: 0 };
    for (const route of ROUTES.filter((r) => r.body && caseOf(r)?.body)) {
      const key = routeKey(route);
      const valid = validBody(route, w.ids);
      const schema = route.body!;
      const url = fill(route.url, validParams(route, w.ids));
      const client = clientOf(mainActor(route));
      for (const path of leafPaths(valid)) {
        const value = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], valid);
        // A text field takes any text: the body with 'x' in front of its value still parses.
        if (typeof value !== 'string' || !schema.safeParse(replaceAt(valid, path, `x${value}`)).success)
          continue;
        const name = String(path[path.length - 1]);
        if (name === 'csv') continue; // a file: its cells are checked one by one (users-import tests)
        const kind = PASSWORD_FIELDS.has(name) ? 'any' : MULTI_LINE_FIELDS.has(name) ? 'multi' : 'single';
        tally.fields += 1;
        const base = value.length >= 2 ? value : 'AB';
        for (const [attack, expected] of Object.entries(TEXT_ATTACKS)) {
          const message = expected[kind];
          if (message === null) continue;
          const injected = `${base.slice(0, 1)}${attack}${base.slice(1)}`;
          const res = await client.request(route.method, url, replaceAt(valid, path, injected));
          const what = `${key} ${path.join('.')} ← ${JSON.stringify(attack)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBe(400);
          const body = res.json<{ details?: Array<{ field: string; message: string }> }>();
          expect(body.details, what).toContainEqual({ field: `body.${path.join('.')}`, message });
          tally.cases += 1;
        }
      }
    }
    // The search box of every list (?q=) is one line too.
    for (const route of ROUTES.filter((r) => objectKeys(r.querystring).includes('q'))) {
      const url = fill(route.url, validParams(route, w.ids));
      for (const attack of ['\n', '\u202e', '\u0085']) {
        const res = await w.admin.get(`${url}?q=${encodeURIComponent(`A${attack}na`)}`);
        expect(res.statusCode, `${routeKey(route)} q ← ${JSON.stringify(attack)}`).toBe(400);
        tally.searches += 1;
      }
    }
    console.info(
      `[fuzz] ${t().engine}: ${tally.cases} text attacks over ${tally.fields} body text fields and ` +
        `${tally.searches} over the searches refused`,
    );
    expect(tally.fields).toBeGreaterThanOrEqual(35);
    expect(diffCounts(before, await countRows(t(), tables))).toEqual([]);
  });

  for (const route of ROUTES) {
    const key = routeKey(route);
    it(`${key} never answers 5xx and refuses junk without writing`, async () => {
      const ctx = t();
      const share = ctx.engine === 'postgres' ? PG_SHARE : 1;
      const { arb, weights, examples } = casesFor(route, w);
      const numRuns = Math.max(
        3,
        Math.ceil((weights.body + weights.params + weights.query + RUNS.others) * share * SCALE),
      );
      const seed = seedOf(key);
      counts = await countRows(ctx, tables);
      // A refused login records the failure on purpose (the lock counts them): not a write to refuse.
      // So does a refused password change (decision 021), and the one that completes the lock ends
      // that session, with its audit entry.
      const ignore =
        key === 'POST /api/users/login'
          ? ['login_failures']
          : key === 'POST /api/profile/change-password'
            ? ['attempt_throttles', 'sessions', 'audit_log']
            : [];
      const property = fc.asyncProperty(arb, async (c) => {
        const res = await send(clientOf(c.who), route.method, c);
        tally.cases += 1;
        tally.byKind[c.kind] += 1;
        tally.byWho[c.who] += 1;
        const label = `${describeCase(route, c)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        const after = await countRows(ctx, tables);
        if (res.statusCode >= 400) {
          tally.rejected += 1;
          const body = res.json<{ error?: unknown; details?: Array<{ message: string }> }>();
          expect(typeof body.error, label).toBe('string');
          expect(String(body.error).length, label).toBeGreaterThan(0);
          // Spanish, never zod's or Fastify's English (issue 13: 251 of 1,557 were).
          for (const text of [String(body.error), ...(body.details ?? []).map((d) => d.message)])
            expect(text, `English in a refusal: ${label}`).not.toMatch(ENGLISH);
          expect(res.body, `internals in a refusal: ${label}`).not.toMatch(LEAK);
          expect(diffCounts(counts, after, ignore), `rows changed by a refused call: ${label}`).toEqual([]);
        } else {
          tally.accepted += 1;
        }
        counts = after;
      });
      try {
        await fc.assert(property, {
          seed,
          numRuns: numRuns + examples.length,
          examples: examples.map((e) => [e] as [Case]),
          endOnFailure: true,
        });
      } catch (err) {
        const cause = (err as { cause?: unknown }).cause;
        throw new Error(
          `[fuzz] ${key} on ${ctx.engine} failed with seed ${seed} (FUZZ_SEED=${SEED}); ${(err as Error).message}` +
            (cause instanceof Error ? `\n${cause.message}` : ''),
        );
      } finally {
        if (key === 'POST /api/users/login') await ctx.db.deleteFrom('login_failures').execute();
        if (key === 'POST /api/profile/change-password')
          await ctx.db.deleteFrom('attempt_throttles').execute();
        counts = await countRows(ctx, tables);
      }
      await keepAdminLoggedIn(ctx, key);
      tally.routes += 1;
    }, 120_000);
  }

  it(`sent enough malformed inputs (at least ${MIN_SQLITE_CASES} on SQLite)`, () => {
    console.info(
      `[fuzz] ${t().engine}: ${tally.cases} cases over ${tally.routes} routes (seed ${SEED}); ` +
        `body ${tally.byKind.body}, params ${tally.byKind.params}, query ${tally.byKind.query}; ` +
        `admin ${tally.byWho.admin}, rater ${tally.byWho.rater}, anonymous ${tally.byWho.anon}, ` +
        `colaborador ${tally.byWho.colaborador}; refused ${tally.rejected}, accepted ${tally.accepted}` +
        (relogins.length ? `; admin re-logged in after ${relogins.join(', ')}` : ''),
    );
    expect(tally.routes).toBe(ROUTES.length);
    if (t().engine === 'sqlite') expect(tally.cases).toBeGreaterThanOrEqual(MIN_SQLITE_CASES * SCALE);
  });
});
