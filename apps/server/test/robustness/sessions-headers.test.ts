import fs from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authEndpoints } from '@evalua/contracts';
import { sha256 } from '../../src/auth/tokens';
import { answerOf } from '../answer';
import { TestClient, UnexpectedServerError } from '../client';
import { describeEngines, type TestContext } from '../context';
import { DEFAULT_PASSWORD, createUser, loginAs, type TestUser } from '../factories';
import { INTERNAL_BODY, LEAK, THROWING_ROUTES, buildWebTestApp, makeWebDir } from './test-app';

/**
 * Sessions (no fixation, ended by a password change or a deactivation), cookie flags, security
 * headers on API answers and on index.html, and error bodies that never show internals.
 * Some of these are also in modules/auth/auth.test.ts and app.test.ts; this file is the full list.
 */

const NEW_PASSWORD = 'Otra-Clave-Segura-456';

async function sessionsOf(t: TestContext, userId: number): Promise<number> {
  const rows = await t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
  return rows.length;
}

async function isLoggedIn(c: TestClient): Promise<boolean> {
  const res = await c.get('/api/users/me');
  if (res.statusCode !== 200 && res.statusCode !== 401) throw new Error(`me: ${res.statusCode}`);
  return res.statusCode === 200;
}

/** `n` independent logged-in browsers of one user. */
async function browsersOf(t: TestContext, user: TestUser, n: number, password = DEFAULT_PASSWORD) {
  const out: TestClient[] = [];
  for (let i = 0; i < n; i += 1) {
    const c = t.client();
    const res = await c.login(user.email, password);
    expect(res.statusCode, res.body).toBe(200);
    out.push(c);
  }
  return out;
}

function cookiesOf(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
}

function setCookie(res: LightMyRequestResponse, name: string): string {
  const all = cookiesOf(res);
  const found = all.find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no Set-Cookie for ${name}: ${JSON.stringify(all)}`);
  return found;
}

const attrs = (cookie: string) =>
  cookie
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());

describeEngines('sessions', (t) => {
  it('a sid planted before login is replaced at login and never becomes a session', async () => {
    const user = await createUser(t());
    const browser = t().client();
    const planted = 'a'.repeat(43);
    browser.cookies.set('sid', planted);
    const res = await browser.login(user.email, DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(200);
    const sid = browser.cookies.get('sid');
    expect(sid).toBeDefined();
    expect(sid).not.toBe(planted);
    expect(await isLoggedIn(browser)).toBe(true);
    // The attacker who planted the value holds nothing.
    const attacker = t().client();
    attacker.cookies.set('sid', planted);
    expect(await isLoggedIn(attacker)).toBe(false);
    const row = await t()
      .db.selectFrom('sessions')
      .select('id')
      .where('id', '=', sha256(planted))
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("logging in over someone else's live session gives a new id and ends the old one", async () => {
    const { client: attacker } = await loginAs(t(), 'colaborador');
    const attackerSid = attacker.cookies.get('sid') as string;
    const victim = await createUser(t(), { role: 'evaluador' });
    // The victim's browser carries the attacker's cookie, and logs in.
    const browser = t().client();
    browser.cookies.set('sid', attackerSid);
    const res = await browser.login(victim.email, DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(browser.cookies.get('sid')).not.toBe(attackerSid);
    expect(answerOf(authEndpoints.me, await browser.get('/api/users/me')).id).toBe(victim.id);
    // The planted id is gone: it neither shows the victim nor the attacker any more.
    expect(await isLoggedIn(attacker)).toBe(false);
    expect(
      await t()
        .db.selectFrom('sessions')
        .select('id')
        .where('id', '=', sha256(attackerSid))
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('a password change ends the other sessions of the user, keeps this one and the new password works', async () => {
    const user = await createUser(t(), { role: 'evaluador' });
    const [mine, other1, other2] = await browsersOf(t(), user, 3);
    const bystander = await loginAs(t(), 'evaluador');
    const res = await mine!.post('/api/profile/change-password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await isLoggedIn(mine!)).toBe(true);
    expect(await isLoggedIn(other1!)).toBe(false);
    expect(await isLoggedIn(other2!)).toBe(false);
    expect(await sessionsOf(t(), user.id)).toBe(1);
    expect(await isLoggedIn(bystander.client)).toBe(true);
    expect((await t().client().login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await t().client().login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a wrong current password changes nothing and ends no session', async () => {
    const user = await createUser(t());
    const [mine, other] = await browsersOf(t(), user, 2);
    const res = await mine!.post('/api/profile/change-password', {
      currentPassword: 'no-es-la-clave',
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(await isLoggedIn(other!)).toBe(true);
    expect(await sessionsOf(t(), user.id)).toBe(2);
  });

  it('a password set by an admin (users or evaluators screen) ends every session of that user', async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    const colab = await createUser(t(), { role: 'colaborador', name: 'Clara Díaz' });
    const colabBrowsers = await browsersOf(t(), colab, 2);
    // Without a password the edit leaves the sessions alone.
    const plain = await admin.put(`/api/users/${colab.id}`, {
      name: 'Clara Díaz',
      email: colab.email,
      role: 'colaborador',
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(await sessionsOf(t(), colab.id)).toBe(2);
    const withPassword = await admin.put(`/api/users/${colab.id}`, {
      name: 'Clara Díaz',
      email: colab.email,
      role: 'colaborador',
      password: NEW_PASSWORD,
    });
    expect(withPassword.statusCode, withPassword.body).toBe(200);
    for (const b of colabBrowsers) expect(await isLoggedIn(b)).toBe(false);
    expect(await sessionsOf(t(), colab.id)).toBe(0);

    const evaluator = await createUser(t(), { role: 'evaluador', name: 'Eva Ruiz' });
    const [evBrowser] = await browsersOf(t(), evaluator, 1);
    const ev = await admin.put(`/api/evaluators/${evaluator.id}`, {
      name: 'Eva Ruiz',
      email: evaluator.email,
      password: NEW_PASSWORD,
    });
    expect(ev.statusCode, ev.body).toBe(200);
    expect(await isLoggedIn(evBrowser!)).toBe(false);
    expect(await isLoggedIn(admin)).toBe(true);
  });

  it.each([
    ['PATCH /api/users/:id/status', 'colaborador'],
    ['DELETE /api/collaborators/:id', 'colaborador'],
    ['DELETE /api/evaluators/:id', 'evaluador'],
  ] as const)('deactivating a user through %s ends their sessions for good', async (call, role) => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const user = await createUser(t(), { role, position: 'Docente', category_id: null });
    const browsers = await browsersOf(t(), user, 2);
    const url = call.split(' ')[1]!.replace(':id', String(user.id));
    const res = call.startsWith('PATCH') ? await hr.patch(url, { status: false }) : await hr.delete(url);
    expect(res.statusCode, res.body).toBeLessThan(300);
    for (const b of browsers) expect(await isLoggedIn(b)).toBe(false);
    expect(await sessionsOf(t(), user.id)).toBe(0);
    expect((await t().client().login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    // Reactivating does not bring the old sessions back.
    const back = await hr.patch(`/api/users/${user.id}/status`, { status: true });
    expect(back.statusCode, back.body).toBe(200);
    for (const b of browsers) expect(await isLoggedIn(b)).toBe(false);
  });

  it('sets sid httpOnly, SameSite=Lax, Path=/ (not Secure by default) and a readable _csrf', async () => {
    const user = await createUser(t());
    const c = t().client();
    const csrf = await c.get('/api/csrf-token');
    const pre = attrs(setCookie(csrf, '_csrf'));
    expect(pre).not.toContain('httponly');
    expect(pre).toContain('samesite=lax');
    expect(pre).toContain('path=/');
    expect(setCookie(csrf, '_csrf')).toContain(`_csrf=${answerOf(authEndpoints.csrfToken, csrf).csrfToken}`);

    const res = await c.login(user.email, DEFAULT_PASSWORD);
    const sid = attrs(setCookie(res, 'sid'));
    expect(sid).toContain('httponly');
    expect(sid).toContain('samesite=lax');
    expect(sid).toContain('path=/');
    expect(sid).not.toContain('secure');
    const csrfAfter = attrs(setCookie(res, '_csrf'));
    expect(csrfAfter).not.toContain('httponly');
    expect(csrfAfter).toContain('path=/');
    // The readable cookie is the session's token, which the page echoes in x-csrf-token.
    const token = answerOf(authEndpoints.csrfToken, await c.get('/api/csrf-token')).csrfToken;
    expect(c.cookies.get('_csrf')).toBe(token);

    const out = await c.post('/api/logout');
    expect(out.statusCode).toBe(204);
    for (const name of ['sid', '_csrf']) {
      const cleared = setCookie(out, name);
      expect(cleared).toMatch(new RegExp(`^${name}=;`));
      expect(attrs(cleared).some((a) => a.startsWith('expires=thu, 01 jan 1970'))).toBe(true);
    }
  });
});

describeEngines(
  'cookie flags with COOKIE_SECURE=true',
  (t) => {
    // Penetration test, issue 13 (decision 022): `__Host-` names, HSTS only over HTTPS.
    it('names the cookies __Host-sid and __Host-csrf (Secure, Path=/, no Domain) and reads those names', async () => {
      const user = await createUser(t());
      const c = t().client();
      const csrf = await c.get('/api/csrf-token');
      const readable = attrs(setCookie(csrf, '__Host-csrf'));
      expect(readable).toEqual(expect.arrayContaining(['secure', 'samesite=lax', 'path=/']));
      expect(readable).not.toContain('httponly');
      expect(readable.some((a) => a.startsWith('domain='))).toBe(false);
      const res = await c.login(user.email, DEFAULT_PASSWORD);
      expect(res.statusCode).toBe(200);
      const sid = attrs(setCookie(res, '__Host-sid'));
      expect(sid).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', 'secure']));
      expect(sid.some((a) => a.startsWith('domain='))).toBe(false);
      expect(attrs(setCookie(res, '__Host-csrf'))).toEqual(expect.arrayContaining(['secure', 'path=/']));
      // No cookie under the plain names.
      const all = [...cookiesOf(csrf), ...cookiesOf(res)];
      expect(all.filter((x) => x.startsWith('sid=') || x.startsWith('_csrf='))).toEqual([]);
      // The server reads the session from __Host-sid…
      expect(await isLoggedIn(c)).toBe(true);
      // …and not from a plain `sid` (a cookie a sibling subdomain or plain HTTP could have planted).
      const planted = t().client();
      planted.cookies.set('sid', c.cookies.get('__Host-sid') as string);
      expect(await isLoggedIn(planted)).toBe(false);
      // Before login, the double-submit cookie is __Host-csrf: a planted `_csrf` does not count.
      const token = answerOf(authEndpoints.csrfToken, await t().client().get('/api/csrf-token')).csrfToken;
      const tossed = await t().app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { cookie: `_csrf=${token}`, 'x-csrf-token': token },
        payload: { email: user.email, password: DEFAULT_PASSWORD },
      });
      expect(tossed.statusCode).toBe(403);
      expect(tossed.json()).toEqual({ error: 'Token CSRF inválido.', code: 'CSRF_INVALID' });

      const out = await c.post('/api/logout');
      expect(out.statusCode).toBe(204);
      for (const name of ['__Host-sid', '__Host-csrf']) {
        const cleared = attrs(setCookie(out, name));
        expect(cleared).toEqual(expect.arrayContaining(['secure', 'path=/']));
        expect(cleared.some((a) => a.startsWith('expires=thu, 01 jan 1970'))).toBe(true);
      }
      expect(await isLoggedIn(c)).toBe(false);
    });

    it('sends Strict-Transport-Security on API answers', async () => {
      for (const url of ['/api/health', '/api/csrf-token', '/api/users/me', '/api/no-existe']) {
        const res = await t().app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
    });
  },
  { cookieSecure: true },
);

describeEngines('cookies and HSTS with COOKIE_SECURE=false (the default)', (t) => {
  it('sends no Strict-Transport-Security: the app is served over plain HTTP', async () => {
    const user = await createUser(t());
    const c = t().client();
    const answers = [
      await c.get('/api/csrf-token'),
      await c.login(user.email, DEFAULT_PASSWORD),
      await c.get('/api/users/me'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    // Plain names: a __Host- cookie needs Secure, which plain HTTP cannot give.
    expect([...c.cookies.keys()].sort()).toEqual(['_csrf', 'sid']);
  });
});

/** The directives of a CSP header, by name. */
function csp(res: LightMyRequestResponse): Map<string, string> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values.join(' ')] as const;
      }),
  );
}

/** A page's headers (index.html): the app's CSP with this response's style nonce, no framing. */
function expectSecurityHeaders(res: LightMyRequestResponse, what: string): void {
  const policy = csp(res);
  expect(policy.get('script-src'), what).toBe("'self'");
  expect(policy.get('default-src'), what).toBe("'self'");
  expect(policy.get('frame-ancestors'), what).toBe("'none'");
  expect(policy.get('object-src'), what).toBe("'none'");
  expect(String(res.headers['content-security-policy']), what).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  expect(policy.get('style-src'), what).toMatch(/^'self' 'nonce-[A-Za-z0-9+/=]{16,}'$/);
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(res.headers['x-request-id'], what).toBeTruthy();
}

/**
 * Any other answer's headers (JSON, errors, files; decision 031): a CSP under which nothing loads,
 * runs or frames it, no sniffing, no framing, same-origin reads only — and no nonce made for it.
 */
function expectResourceHeaders(res: LightMyRequestResponse, what: string): void {
  const policy = csp(res);
  expect(policy.get('default-src'), what).toBe("'none'");
  expect(policy.get('frame-ancestors'), what).toBe("'none'");
  expect(String(res.headers['content-security-policy']), what).not.toContain('nonce-');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['cross-origin-resource-policy'], what).toBe('same-origin');
  expect(res.headers['x-request-id'], what).toBeTruthy();
}

describeEngines('headers and error bodies', (t) => {
  let dir: string;
  let app: FastifyInstance;
  let admin: TestClient;

  beforeAll(async () => {
    dir = makeWebDir();
    app = await buildWebTestApp(t(), dir);
    const user = await createUser(t(), { role: 'admin' });
    admin = new TestClient(app);
    expect((await admin.login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('index.html: the CSP, no framing, nosniff, a fresh nonce in place of the placeholder, never cached', async () => {
    const nonces = new Set<string>();
    for (const url of ['/', '/evaluaciones-360/5/resultados', '/login?next=%2Finicio']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expectSecurityHeaders(res, url);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).not.toContain('__CSP_NONCE__');
      const nonce = /<meta name="csp-nonce" content="([^"]+)">/.exec(res.body)?.[1] as string;
      expect(res.body).toContain(`<style nonce="${nonce}">`);
      expect(csp(res).get('style-src')).toBe(`'self' 'nonce-${nonce}'`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  it('fails a test at once on a 5xx it did not ask for (the test client)', async () => {
    const anon = new TestClient(app);
    await expect(anon.get(THROWING_ROUTES.error)).rejects.toThrow(UnexpectedServerError);
    await expect(anon.get(THROWING_ROUTES.error)).rejects.toThrow(/Unexpected 500 on GET/);
    expect((await anon.get(THROWING_ROUTES.error, { expect5xx: true })).statusCode).toBe(500);
  });

  it('API answers (ok, refused, missing, failed, logged in or not): the same headers and no-store', async () => {
    const anon = new TestClient(app);
    const answers: Array<[string, LightMyRequestResponse]> = [
      ['health', await anon.get('/api/health')],
      ['csrf-token', await anon.get('/api/csrf-token')],
      ['me', await admin.get('/api/users/me')],
      ['list', await admin.get('/api/categories?page=1&pageSize=5')],
      ['create', await admin.post('/api/categories', { name: 'Cabeceras' })],
      ['401', await anon.get('/api/users/me')],
      ['403 csrf', await admin.post('/api/categories', { name: 'x' }, { noCsrf: true })],
      ['400', await admin.post('/api/categories', { name: '' })],
      ['404', await admin.get('/api/no-existe')],
      ['500', await anon.get(THROWING_ROUTES.error, { expect5xx: true })],
    ];
    for (const [what, res] of answers) {
      expectResourceHeaders(res, what);
      expect(res.headers['cache-control'], what).toBe('no-store');
      expect(res.headers['content-type'], what).toContain('application/json');
    }
    expect(answers.map(([, r]) => r.statusCode)).toEqual([200, 200, 200, 200, 201, 401, 403, 400, 404, 500]);
  });

  it.each(Object.entries(THROWING_ROUTES))(
    'a failing handler (%s) answers 500 with only the generic Spanish sentence and its code',
    async (_kind, url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual(INTERNAL_BODY);
      expect(res.body).not.toMatch(LEAK);
      expect(res.body).not.toContain(import.meta.dirname);
      expectResourceHeaders(res, url);
    },
  );

  it('refusals show no stack, path or driver message either', async () => {
    const anon = new TestClient(app);
    const json = { 'content-type': 'application/json' };
    const refusals = [
      await admin.post('/api/categories', undefined, { payload: '{"name": ', headers: json }),
      await admin.post('/api/categories', undefined, { payload: '{"__proto__":{"x":1}}', headers: json }),
      await admin.post('/api/categories', undefined, {
        payload: 'name=x',
        headers: { 'content-type': 'text/plain' },
      }),
      await admin.post('/api/categories', undefined, {
        payload: `{"name":"${'x'.repeat(1024 * 1024)}"}`,
        headers: json,
      }),
      await admin.post('/api/categories', { name: ['no', 'es', 'texto'] }),
      await admin.get('/api/categories/abc'),
      await admin.get('/api/categories/2147483648'),
      await admin.get('/api/users?pageSize=100000&page=-1'),
      await admin.put('/api/evaluations-v2/999999/items', { items: 'nada' }),
      await admin.get('/api/categories/%E0%A4%A'),
      await anon.post('/api/users/login', { email: "' OR 1=1 --", password: 'x' }),
      await anon.get('/api/users'),
    ];
    for (const res of refusals) {
      const what = `${res.statusCode} ${res.body.slice(0, 200)}`;
      expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, what).toBeLessThan(500);
      const body = res.json<{ error: unknown; code: unknown }>();
      expect(typeof body.error, what).toBe('string');
      expect(typeof body.code, what).toBe('string');
      expect(res.body, what).not.toMatch(LEAK);
    }
  });
});
