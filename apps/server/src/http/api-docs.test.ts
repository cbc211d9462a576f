import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import type { Role } from '@evalua/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestClient } from '../../test/client';
import { createTestContext, describeEngines, type TestContext } from '../../test/context';
import { loginAs } from '../../test/factories';
import { repoRoot } from '../paths';
import { API_TAGS, SPANISH_SCRIPT, SPANISH_STYLES } from './api-docs';

/** What each app built in this file registers, as the onRoute hook saw it (HEAD left out). */
interface SeenRoute {
  method: string;
  url: string;
  access: unknown;
  schema?: { body?: unknown; params?: unknown; querystring?: unknown; response?: Record<string, unknown> };
}
const registered = vi.hoisted(() => new WeakMap<object, SeenRoute[]>());

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<{ default: (...args: unknown[]) => FastifyInstance }>();
  const create = (...args: unknown[]) => {
    const app = actual.default(...args);
    const routes: SeenRoute[] = [];
    registered.set(app, routes);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD')
          routes.push({
            method,
            url: route.url,
            access: route.config?.access,
            schema: route.schema as SeenRoute['schema'],
          });
    });
    return app;
  };
  return { ...actual, default: create };
});

/** Every call of SPEC §7, as OpenAPI writes it ({param} placeholders). */
const SPEC_CALLS = [
  // Session and users.
  'GET /api/csrf-token',
  'POST /api/users/login',
  'POST /api/logout',
  'POST /api/users/logout',
  'GET /api/users/me',
  'GET /api/users',
  'GET /api/users/{id}',
  'POST /api/users',
  'PUT /api/users/{id}',
  'PATCH /api/users/{id}/status',
  'GET /api/users/collaborators/history',
  'GET /api/users/evaluation-history/{userId}',
  'GET /api/profile',
  'POST /api/profile/change-password',
  // V1.
  'GET /api/dashboard/metrics',
  'GET /api/categories',
  'POST /api/categories',
  'PUT /api/categories/{id}',
  'DELETE /api/categories/{id}',
  'GET /api/evaluations',
  'GET /api/evaluations/{id}',
  'POST /api/evaluations',
  'PUT /api/evaluations/{id}',
  'DELETE /api/evaluations/{id}',
  'GET /api/evaluations/by-category/{categoryId}',
  'GET /api/question-banks',
  'POST /api/question-banks',
  'GET /api/question-banks/{id}/questions',
  'POST /api/question-banks/{id}/questions',
  'PUT /api/question-banks/{id}/questions/{qid}',
  'DELETE /api/question-banks/{id}/questions/{qid}',
  'GET /api/assignments/{evaluatorId}',
  'POST /api/assignments',
  'DELETE /api/assignments/{id}',
  'GET /api/evaluation-results/evaluated/{evaluatorId}',
  'GET /api/evaluation-results/latest/{userId}',
  'POST /api/full-evaluation/full-submit',
  'GET /api/reports/full/{evaluationId}/{userId}',
  'GET /api/training-report',
  'GET /api/evaluators',
  'POST /api/evaluators',
  'GET /api/evaluators/{id}',
  'PUT /api/evaluators/{id}',
  'DELETE /api/evaluators/{id}',
  'GET /api/collaborators',
  'POST /api/collaborators',
  'GET /api/collaborators/{id}',
  'PUT /api/collaborators/{id}',
  'DELETE /api/collaborators/{id}',
  // V2.
  'GET /api/evaluations-v2',
  'GET /api/templates',
  'GET /api/scales',
  'POST /api/evaluations-v2/from-template',
  'POST /api/evaluations-v2',
  'GET /api/evaluations-v2/{id}/items',
  'PUT /api/evaluations-v2/{id}/items',
  'GET /api/evaluations-v2/{id}/snapshots',
  'POST /api/evaluations-v2/{id}/snapshot',
  'GET /api/evaluations-v2/{id}/snapshots/{snapshotId}',
  'GET /api/assignments-v2/by-evaluation/{evaluationId}',
  'POST /api/assignments-v2/bulk',
  'GET /api/evaluations-v2/assignments/mine',
  'POST /api/responses-v2/submit',
  'GET /api/evaluations-v2/{evaluationId}/assignments/evaluatee/{userId}',
  'POST /api/evaluations-v2/{evaluationId}/assignments/evaluatee/{userId}',
] as const;

/** The document, the page (with and without the trailing slash) and its assets. */
const DOCS_URLS = [
  '/api/docs',
  '/api/docs/',
  '/api/docs/json',
  '/api/docs/yaml',
  '/api/docs/static/index.html',
  '/api/docs/static/swagger-initializer.js',
  '/api/docs/static/swagger-ui-bundle.js',
  '/api/docs/static/swagger-ui.css',
  '/api/docs/static/theme/api-docs-spanish.js',
  '/api/docs/static/theme/api-docs-spanish.css',
  '/api/docs/static/no-such-file.js',
];

const FORBIDDEN = 'No tienes permisos para realizar esta acción.';
const OTHER_ROLES: Role[] = ['gestionhumana', 'evaluador', 'colaborador'];
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Operation {
  tags?: string[];
  description?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; schema?: unknown }>;
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    securitySchemes: Record<string, { type: string; in: string; name: string; description?: string }>;
  };
}

const toOpenApi = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const isDocsUrl = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

function operations(doc: OpenApiDocument): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const [p, ops] of Object.entries(doc.paths))
    for (const [m, op] of Object.entries(ops)) out.set(`${m.toUpperCase()} ${p}`, op);
  return out;
}

function expectJsonError(res: LightMyRequestResponse, status: number, code: string, label: string): void {
  expect(res.statusCode, label).toBe(status);
  expect(String(res.headers['content-type']), label).toContain('application/json');
  expect(res.json<{ code: string }>().code, label).toBe(code);
}

describeEngines('API document (/api/docs)', (t) => {
  let admin: TestClient;
  let others: Array<[Role, TestClient]>;
  let doc: OpenApiDocument;
  let routes: SeenRoute[];

  beforeAll(async () => {
    admin = (await loginAs(t(), 'admin')).client;
    others = [];
    for (const role of OTHER_ROLES) others.push([role, (await loginAs(t(), role)).client]);
    routes = registered.get(t().app) ?? [];
    const res = await admin.get('/api/docs/json');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    doc = res.json<OpenApiDocument>();
  });

  it('serves the OpenAPI document to an admin: title, version, tags and security schemes', () => {
    const { version } = JSON.parse(
      fs.readFileSync(path.join(repoRoot, 'apps/server/package.json'), 'utf8'),
    ) as { version: string };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Evalúa API');
    expect(doc.info.version).toBe(version);
    expect(doc.tags.map((tag) => tag.name)).toEqual(API_TAGS.map((tag) => tag.name));
    expect(doc.tags.every((tag) => (tag.description ?? '').length > 0)).toBe(true);
    expect(doc.components.securitySchemes.sesion).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'sid',
    });
    expect(doc.components.securitySchemes.csrf).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-csrf-token',
    });
    expect(doc.components.schemas.Error).toMatchObject({ required: ['error', 'code'] });
  });

  it('lists every call of SPEC §7 with the request and response schemas its route declares', () => {
    expect(routes.length).toBeGreaterThan(80);
    const ops = operations(doc);
    const problems: string[] = [];
    for (const call of SPEC_CALLS) {
      const [method, p] = call.split(' ') as [string, string];
      const op = ops.get(call);
      const route = routes.find((r) => r.method === method && toOpenApi(r.url) === p);
      if (!route) problems.push(`${call}: the app registers no such route`);
      if (!op) {
        problems.push(`${call}: missing from the document`);
        continue;
      }
      const schema = route?.schema ?? {};
      if (schema.body) {
        const body = op.requestBody?.content?.['application/json']?.schema;
        if (!body || body.type !== 'object' || !body.properties)
          problems.push(`${call}: no request body schema (the route declares one)`);
      }
      const inPath = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const name of inPath)
        if (!op.parameters?.some((x) => x.in === 'path' && x.name === name && x.schema))
          problems.push(`${call}: no schema for the path parameter ${name}`);
      if (schema.querystring && !op.parameters?.some((x) => x.in === 'query' && x.schema))
        problems.push(`${call}: no query parameters (the route declares a query schema)`);
      const declared = Object.keys(schema.response ?? {});
      if (declared.length === 0) problems.push(`${call}: its route declares no response schema`);
      for (const status of declared) {
        const response = op.responses?.[status];
        if (!response) problems.push(`${call}: no ${status} response`);
        else if (status !== '204' && !response.content?.['application/json']?.schema)
          problems.push(`${call}: the ${status} response has no schema`);
        else if (status === '204' && response.content) problems.push(`${call}: a 204 with a body`);
      }
      if (!op.responses?.['4XX']?.content?.['application/json']?.schema)
        problems.push(`${call}: no error response`);
    }
    expect(problems).toEqual([]);
  });

  it('documents every /api route the app registers (not its own), each tagged, with its access and security', () => {
    const ops = operations(doc);
    const api = routes.filter((r) => r.url.startsWith('/api/') && !isDocsUrl(r.url));
    const expected = new Set(api.map((r) => `${r.method} ${toOpenApi(r.url)}`));
    expect(
      [...expected].filter((k) => !ops.has(k)),
      'routes missing from the document',
    ).toEqual([]);
    expect(
      [...ops.keys()].filter((k) => !expected.has(k)),
      'operations of no route',
    ).toEqual([]);
    expect(Object.keys(doc.paths).filter(isDocsUrl), 'the document lists itself').toEqual([]);
    expect(routes.filter((r) => isDocsUrl(r.url)).length, 'the docs routes').toBeGreaterThanOrEqual(5);

    const tagNames = new Set<string>(API_TAGS.map((tag) => tag.name));
    const problems: string[] = [];
    for (const r of api) {
      const key = `${r.method} ${toOpenApi(r.url)}`;
      const op = ops.get(key)!;
      if (op.tags?.length !== 1 || !tagNames.has(op.tags[0]!)) problems.push(`${key}: tags ${op.tags}`);
      if (!op.description?.startsWith('Acceso:')) problems.push(`${key}: no access description`);
      const writes = MUTATING.has(r.method);
      const security =
        r.access === 'public'
          ? writes
            ? [{ csrf: [] }]
            : []
          : [writes ? { sesion: [], csrf: [] } : { sesion: [] }];
      if (JSON.stringify(op.security) !== JSON.stringify(security))
        problems.push(
          `${key}: security ${JSON.stringify(op.security)}, expected ${JSON.stringify(security)}`,
        );
    }
    expect(problems).toEqual([]);
    // Every tag is used.
    const used = new Set([...ops.values()].flatMap((op) => op.tags ?? []));
    expect([...tagNames].filter((name) => !used.has(name))).toEqual([]);
  });

  it('serves the YAML document too', async () => {
    const res = await admin.get('/api/docs/yaml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('yaml');
    expect(res.body).toContain('title: Evalúa API');
    expect(res.body).toContain('/api/evaluations-v2/{id}/snapshots/{snapshotId}:');
  });

  it('answers anonymous callers 401 and every other role 403, in JSON, on the document, the page and its assets', async () => {
    for (const url of DOCS_URLS) {
      expectJsonError(await t().client().get(url), 401, 'UNAUTHENTICATED', `anonymous ${url}`);
      for (const [role, client] of others) {
        const res = await client.get(url);
        expectJsonError(res, 403, 'FORBIDDEN', `${role} ${url}`);
        expect(res.json<{ error: string }>().error).toBe(FORBIDDEN);
      }
      // HEAD, Fastify's copy of each GET, is guarded too.
      const head = await t().app.inject({ method: 'HEAD', url });
      expect(head.statusCode, `anonymous HEAD ${url}`).toBe(401);
    }
  });

  it("serves the page to an admin, with only this origin's scripts and styles and nothing inline", async () => {
    for (const page of ['/api/docs', '/api/docs/']) {
      const res = await admin.get(page);
      expect(res.statusCode, page).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Evalúa API</title>');
      expect(res.body).toContain('<html lang="es-DO">');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      // Nothing inline: every script has a src, no <style>, no style or on* attributes.
      const html = res.body;
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThanOrEqual(3);
      for (const [, attrs, body] of scripts) {
        expect(attrs).toMatch(/\bsrc="/);
        expect(body!.trim()).toBe('');
      }
      expect(html).not.toMatch(/<style\b/i);
      expect(html).not.toMatch(/\sstyle\s*=/i);
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
      // Every asset is this origin's, and answers an admin.
      const refs = [...html.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
      expect(refs.length).toBeGreaterThanOrEqual(5);
      for (const ref of refs) {
        expect(ref, ref).not.toMatch(/^(?:[a-z]+:)?\/\//i);
        const url = new URL(ref, `http://localhost${page}`).pathname;
        expect(url.startsWith('/api/docs/static/'), url).toBe(true);
        const asset = await admin.get(url);
        expect(asset.statusCode, url).toBe(200);
      }
    }
    // The generated initializer (with the CSRF request interceptor) is valid JavaScript.
    const init = await admin.get('/api/docs/static/swagger-initializer.js');
    expect(init.headers['content-type']).toContain('javascript');
    expect(() => new vm.Script(init.body)).not.toThrow();
    expect(init.body).toContain('x-csrf-token');
  });

  it('serves the files that put Swagger UI in Spanish: a script after Swagger UI, a stylesheet after its own', async () => {
    const page = (await admin.get('/api/docs')).body;
    const scripts = [...page.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.slice(-2)).toEqual([
      '/api/docs/static/swagger-initializer.js',
      `/api/docs/static/theme/${SPANISH_SCRIPT}`,
    ]);
    const styles = [...page.matchAll(/<link rel="stylesheet" type="text\/css" href="([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(styles.at(-1)).toBe(`/api/docs/static/theme/${SPANISH_STYLES}`);
    expect(styles.indexOf('/api/docs/static/swagger-ui.css')).toBeLessThan(styles.length - 1);

    const script = await admin.get(`/api/docs/static/theme/${SPANISH_SCRIPT}`);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(() => new vm.Script(script.body)).not.toThrow();
    expect(script.body).toBe(fs.readFileSync(path.join(import.meta.dirname, SPANISH_SCRIPT), 'utf8'));
    for (const [english, spanish] of [
      ['Try it out', 'Probar'],
      ['Execute', 'Ejecutar'],
      ['Authorize', 'Autorizar'],
    ])
      expect(script.body).toMatch(new RegExp(`'?${english}'?: '${spanish}'`));

    const css = await admin.get(`/api/docs/static/theme/${SPANISH_STYLES}`);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=UTF-8');
    expect(css.body).toContain(".swagger-ui .parameter__name.required:after {\n  content: 'obligatorio';");
  });
});

/**
 * The page in a real Chromium, served by a listening app, as an admin: Swagger UI renders every tag
 * with no CSP violation, console error or page error, and «Probar» ("Try it out") sends the CSRF header (a
 * logout executed from the page ends the session). SQLite only: the page does not depend on the engine.
 */
const CHROMIUM = '/usr/bin/chromium';
const browserPresent = fs.existsSync(CHROMIUM);
if (!browserPresent && process.env.REQUIRE_BROWSER === '1')
  throw new Error(`REQUIRE_BROWSER=1 pero no existe ${CHROMIUM}: instala el paquete chromium.`);

describe.runIf(browserPresent)('API document in Chromium', () => {
  let ctx: TestContext;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
    origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--no-first-run',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await ctx?.close();
  });

  it('renders Swagger UI without CSP violations, and «Probar» ("Try it out") writes with the CSRF header', async () => {
    const { client } = await loginAs(ctx, 'admin');
    await client.csrfToken();
    const context = await browser.newContext({ baseURL: origin });
    await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: origin })));
    await context.addInitScript(() => {
      const w = window as unknown as { cspViolations: string[] };
      w.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
    });

    const res = await page.goto('/api/docs');
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.locator('.opblock-tag').count(), { timeout: 15_000 }).toBe(API_TAGS.length);
    await expect(page.locator('.info .title').first().textContent()).resolves.toContain('Evalúa API');
    expect(await page.locator('.errors-wrapper').count()).toBe(0);

    // «Probar» ("Try it out"): POST /api/logout from the page. Without the CSRF header the server answers 403.
    await page.locator('.opblock-tag', { hasText: 'Sesión' }).click();
    const logout = page.locator('.opblock-post').filter({
      has: page.locator('.opblock-summary-path[data-path="/api/logout"]'),
    });
    await logout.locator('.opblock-summary').click();
    await logout.getByRole('button', { name: 'Probar' }).click();
    await logout.getByRole('button', { name: 'Ejecutar' }).click();
    await expect
      .poll(() => logout.locator('.live-responses-table tbody .response-col_status').first().textContent(), {
        timeout: 10_000,
      })
      .toContain('204');
    expect((await client.get('/api/users/me')).statusCode, 'the session ended').toBe(401);

    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
