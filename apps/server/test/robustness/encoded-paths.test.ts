import fs from 'node:fs';
import { authEndpoints } from '@evalua/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerOf } from '../answer';
import { describeEngines, type TestContext } from '../context';
import { DEFAULT_PASSWORD, createUser, loginAs } from '../factories';
import { buildWebTestApp, makeWebDir } from './test-app';

/**
 * Penetration test, issue 13 (decision 022): a percent-encoded path reaches the same route as the
 * plain one ('/%61pi/users/login' is routed to /api/users/login), so whether a request is an API
 * request — its session, its CSRF check, its no-store — is decided by the route that matched, never
 * by the raw URL. Each spelling below is either that route, with every check, or a 404.
 */

const CSRF_REFUSED = { error: 'Token CSRF inválido.', code: 'CSRF_INVALID' };
const NOT_FOUND = { error: 'Recurso no encontrado.', code: 'NOT_FOUND' };

/** Spellings of /api/users/login and /api/logout: routed to it (decoded) or to nothing. */
const LOGIN_SPELLINGS = [
  '/%61pi/users/login',
  '/%61%70%69/users/login',
  '/api/%75sers/login',
  '/api/users/%6Cogin',
  '/%41PI/users/login',
  '/API/users/login',
  '/api%2Fusers/login',
  '/api%2fusers%2flogin',
  '/%2561pi/users/login',
  '/%252561pi/users/login',
  '/api/users/login%2F',
  '/api/users/login/',
  '//api/users/login',
];
const LOGOUT_SPELLINGS = [
  '/%61pi/logout',
  '/%61pi/users/logout',
  '/api/%6Cogout',
  '/%41PI/logout',
  '/api%2Flogout',
];

async function sessionCount(t: TestContext): Promise<number> {
  const rows = await t.db.selectFrom('sessions').select('id').execute();
  return rows.length;
}

function setCookies(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
}

/** Refused as a cross-site write (403, CSRF) when routed, or unknown (404): never anything else. */
function expectRefused(res: LightMyRequestResponse, what: string): void {
  expect([403, 404], `${what} → ${res.statusCode} ${res.body}`).toContain(res.statusCode);
  expect(res.json(), what).toEqual(res.statusCode === 403 ? CSRF_REFUSED : NOT_FOUND);
  expect(
    setCookies(res).filter((c) => c.startsWith('sid=')),
    what,
  ).toEqual([]);
}

describeEngines('percent-encoded API paths', (t) => {
  it('POST /%61pi/users/login (and other spellings) without a CSRF token: 403 or 404, no session', async () => {
    const user = await createUser(t(), { role: 'admin' });
    const before = await sessionCount(t());
    let routed = 0;
    for (const url of LOGIN_SPELLINGS) {
      // A cross-site form: the right credentials, no CSRF header, no cookie of this site.
      for (const [type, payload] of [
        ['application/json', JSON.stringify({ email: user.email, password: DEFAULT_PASSWORD })],
        ['text/plain', JSON.stringify({ email: user.email, password: DEFAULT_PASSWORD })],
      ] as const) {
        const res = await t().app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload });
        expectRefused(res, `${url} (${type})`);
        if (res.statusCode === 403) routed += 1;
      }
    }
    // The decoded spellings did reach the login route, and met its CSRF check there.
    expect(routed).toBe(8);
    expect(await sessionCount(t())).toBe(before);
    // The same browser with the token logs in through the plain path.
    expect((await t().client().login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('POST /%61pi/logout with content-type text/plain does not log a browser out', async () => {
    const { user, client: browser } = await loginAs(t(), 'evaluador');
    const cookie = browser.cookieHeader();
    for (const url of LOGOUT_SPELLINGS) {
      // With the victim's cookie (a same-site attacker, or a browser without SameSite=Lax by default)
      // and without it (the answer's Set-Cookie would still clear the cookie cross-site).
      for (const headers of [{ 'content-type': 'text/plain', cookie }, { 'content-type': 'text/plain' }]) {
        const res = await t().app.inject({ method: 'POST', url, headers, payload: 'x=1' });
        expectRefused(res, `${url} ${headers.cookie ? 'with' : 'without'} the cookie`);
        expect(setCookies(res), url).toEqual([]);
      }
    }
    const me = await browser.get('/api/users/me');
    expect(me.statusCode).toBe(200);
    expect(answerOf(authEndpoints.me, me).id).toBe(user.id);
    const rows = await t().db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('an encoded path to any other write meets the same CSRF check (403, nothing written)', async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    const before = await t().db.selectFrom('categories').select('id').execute();
    for (const url of ['/%61pi/categories', '/api/%63ategories']) {
      const res = await admin.post(url, { name: 'Sin token' }, { noCsrf: true });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual(CSRF_REFUSED);
    }
    expect(await t().db.selectFrom('categories').select('id').execute()).toHaveLength(before.length);
    // With the token the encoded path is the same route, with the same session.
    const ok = await admin.post('/%61pi/categories', { name: 'Con token' });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('an encoded path to a read has the session loaded and the API headers (no-store)', async () => {
    const { user, client } = await loginAs(t(), 'colaborador');
    for (const url of ['/%61pi/users/me', '/api/users/%6De']) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(answerOf(authEndpoints.me, res).id).toBe(user.id);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describeEngines('percent-encoded paths with the web app served', (t) => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = makeWebDir();
    app = await buildWebTestApp(t(), dir);
  });
  afterAll(async () => {
    await app?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('an unknown encoded API path is a JSON 404 with no-store, not the page', async () => {
    for (const url of ['/%61pi/nada', '/%61pi/nada/mas?x=1', '/api/%6Eada']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.json(), url).toEqual(NOT_FOUND);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // A page path is still the page.
    const page = await app.inject({ method: 'GET', url: '/evaluaciones' });
    expect(page.headers['content-type']).toContain('text/html');
  });
});
