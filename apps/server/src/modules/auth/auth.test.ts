import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import type { TestClient } from '../../../test/client';
import { describeEngines, type TestContext } from '../../../test/context';
import { DEFAULT_PASSWORD, createUser, loginAs, unique } from '../../../test/factories';
import { ARGON2_MAX_RUNNING, argon2Stats, resetArgon2Peak } from '../../auth/passwords';
import { sha256 } from '../../auth/tokens';
import { minutesAgoIso } from '../../time';
import { authEndpoints, categoryEndpoints, endpointName, healthEndpoints } from '@evalua/contracts';
import { call, callExpecting, statusOf } from '../../../test/call';

describeEngines('auth', (t) => {
  it('GET /api/csrf-token answers a token and sets the readable _csrf cookie', async () => {
    const c = t().client();
    const { status, body, res } = await call(c, authEndpoints.csrfToken);
    expect(status).toBe(200);
    const { csrfToken } = body;
    expect(csrfToken.length).toBeGreaterThan(20);
    const cookie = res.cookies.find((x) => x.name === '_csrf');
    expect(cookie?.value).toBe(csrfToken);
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('logs in with the right password and answers the user without any password field', async () => {
    const user = await createUser(t(), {
      role: 'evaluador',
      name: 'Ana Pérez',
      email: 'Ana.Perez@Escuela.do',
    });
    const c = t().client();
    const { status, body, res } = await call(c, authEndpoints.login, {
      body: { email: '  ana.perez@escuela.do ', password: DEFAULT_PASSWORD },
    });
    // The session's CSRF token replaces the visitor's (as TestClient.login does).
    c.forgetCsrf();
    expect(status).toBe(200);
    expect(body.user).toEqual({
      id: user.id,
      name: 'Ana Pérez',
      email: 'ana.perez@escuela.do',
      role: 'evaluador',
      position: null,
      department: null,
      category_id: null,
      status: true,
    });
    expect(res.body).not.toMatch(/password|hash|argon/i);
    const sid = res.cookies.find((x) => x.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Lax');
    const me = await call(c, authEndpoints.me);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, name: 'Ana Pérez', has_v2_assignments: false });
    // No SUPPORT_EMAIL configured: no address, and the web hides 'Contactar soporte' (decision 025).
    expect(me.body.support_email).toBeNull();
  });

  it('GET /api/session answers 200 with null before signing in, and what /api/users/me says after', async () => {
    const c = t().client();
    const before = await call(c, authEndpoints.session);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ me: null });
    const { client } = await loginAs(t(), 'evaluador');
    const after = await call(client, authEndpoints.session);
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ me: (await call(client, authEndpoints.me)).body });
    // Signed out: null again, never a 401.
    await client.post('/api/logout', {});
    expect((await call(client, authEndpoints.session)).body).toEqual({ me: null });
  });

  it('answers one generic 401 for an unknown e-mail, a wrong password and an inactive user', async () => {
    const active = await createUser(t());
    const inactive = await createUser(t(), { active: 0 });
    const c = t().client();
    const unknown = await c.login('nadie@escuela.do', DEFAULT_PASSWORD);
    const wrong = await c.login(active.email, 'otra-clave-123');
    const off = await c.login(inactive.email, DEFAULT_PASSWORD);
    for (const res of [unknown, wrong, off]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Credenciales incorrectas.', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('requires e-mail and password with Spanish messages', async () => {
    const c = t().client();
    const res = await callExpecting(c, authEndpoints.login, { body: { email: '', password: '' } }, 400);
    expect(res.status).toBe(400);
    const body = res.body;
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.error).toBe('El correo electrónico es obligatorio.');
    expect(body.details?.map((d) => d.message)).toEqual([
      'El correo electrónico es obligatorio.',
      'La contraseña es obligatoria.',
    ]);
  });

  it('locks an e-mail after 5 failures for 10 minutes, even with the right password', async () => {
    const user = await createUser(t());
    const c = t().client();
    for (let i = 0; i < 5; i += 1) {
      expect((await c.login(user.email, `mala-${i}-clave`)).statusCode).toBe(401);
    }
    const locked = await c.login(user.email, DEFAULT_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: 'Demasiados intentos fallidos. Intente de nuevo en 10 minutos.',
      code: 'TOO_MANY_ATTEMPTS',
    });
    // Another e-mail from the same address is not locked by it.
    const other = await createUser(t());
    expect((await c.login(other.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    // Ten minutes later the lock is over: age the failures in the database.
    await t()
      .db.updateTable('login_failures')
      .set({ created_at: minutesAgoIso(11) })
      .where('email', '=', user.email)
      .execute();
    expect((await t().client().login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('limits one address that fails with many e-mails, but never a successful login', async () => {
    const ip = '203.0.113.9';
    const rows = Array.from({ length: 30 }, (_, i) => ({
      email: `x${i}@spray.do`,
      ip,
      created_at: minutesAgoIso(1),
    }));
    await t().db.insertInto('login_failures').values(rows).execute();
    const user = await createUser(t());
    const res = await t().app.inject({
      method: 'POST',
      url: authEndpoints.login.path,
      remoteAddress: ip,
      headers: await csrfHeaders(t().client()),
      payload: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(res.statusCode).toBe(429);
    await t().db.deleteFrom('login_failures').where('ip', '=', ip).execute();
  });

  it('gives a new session id at login and deletes the old one (no fixation)', async () => {
    const { user, client } = await loginAs(t(), 'colaborador');
    const first = client.cookies.get('sid');
    const again = await client.login(user.email, DEFAULT_PASSWORD);
    expect(again.statusCode).toBe(200);
    const second = client.cookies.get('sid');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const old = await t()
      .db.selectFrom('sessions')
      .select('id')
      .where('id', '=', sha256(first as string))
      .executeTakeFirst();
    expect(old).toBeUndefined();
  });

  it.each([authEndpoints.logout, authEndpoints.usersLogout].map((e) => [endpointName(e), e] as const))(
    '%s ends the session',
    async (_name, endpoint) => {
      const { client } = await loginAs(t(), 'evaluador');
      const sid = client.cookies.get('sid') as string;
      const res = await call(client, endpoint);
      expect(res.status).toBe(204);
      const row = await t()
        .db.selectFrom('sessions')
        .select('id')
        .where('id', '=', sha256(sid))
        .executeTakeFirst();
      expect(row).toBeUndefined();
      // Even a client that kept the cookie is logged out.
      const stale = t().client();
      stale.cookies.set('sid', sid);
      expect(await statusOf(stale, authEndpoints.me)).toBe(401);
    },
  );

  it('GET /api/users/me is 401 without a session', async () => {
    const res = await callExpecting(t().client(), authEndpoints.me, {}, 401);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Debes iniciar sesión para continuar.', code: 'UNAUTHENTICATED' });
  });

  it('expires a session after 15 idle minutes and after 12 hours in all', async () => {
    const { client: idle } = await loginAs(t(), 'colaborador');
    await t()
      .db.updateTable('sessions')
      .set({ last_seen_at: minutesAgoIso(16) })
      .where('id', '=', sha256(idle.cookies.get('sid') as string))
      .execute();
    expect(await statusOf(idle, authEndpoints.me)).toBe(401);

    const { client: old } = await loginAs(t(), 'colaborador');
    await t()
      .db.updateTable('sessions')
      .set({ created_at: minutesAgoIso(12 * 60 + 1) })
      .where('id', '=', sha256(old.cookies.get('sid') as string))
      .execute();
    expect(await statusOf(old, authEndpoints.me)).toBe(401);

    const { client: fresh } = await loginAs(t(), 'colaborador');
    expect(await statusOf(fresh, authEndpoints.me)).toBe(200);
  });

  it('ends the sessions of a user who is deactivated', async () => {
    const { user, client } = await loginAs(t(), 'evaluador');
    await t().db.updateTable('users').set({ active: 0 }).where('id', '=', user.id).execute();
    expect(await statusOf(client, authEndpoints.me)).toBe(401);
  });

  it('refuses a mutation without, or with a wrong, CSRF token (login included)', async () => {
    const anon = t().client();
    const login = { body: { email: 'a@b.do', password: 'x' } };
    const noToken = await callExpecting(anon, authEndpoints.login, login, 403, { noCsrf: true });
    expect(noToken.status).toBe(403);
    expect(noToken.body).toEqual({ error: 'Token CSRF inválido.', code: 'CSRF_INVALID' });
    // A token this server did not mint is refused even when cookie and header agree.
    anon.cookies.set('_csrf', 'forjado.abc');
    const forged = await callExpecting(anon, authEndpoints.login, login, 403, { csrfToken: 'forjado.abc' });
    expect(forged.status).toBe(403);

    const { client } = await loginAs(t(), 'admin');
    const category = { body: { name: 'Sin token' } };
    const wrong = await callExpecting(client, categoryEndpoints.create, category, 403, {
      csrfToken: 'otro-token',
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('CSRF_INVALID');
    // A pre-login token is not the session's token.
    const preLogin = await t().client().csrfToken();
    const cross = await callExpecting(client, categoryEndpoints.create, category, 403, {
      csrfToken: preLogin,
    });
    expect(cross.status).toBe(403);
  });

  it('binds the CSRF token to the session after login', async () => {
    const { client } = await loginAs(t(), 'admin');
    const token = await client.csrfToken();
    expect(client.cookies.get('_csrf')).toBe(token);
    const row = await t()
      .db.selectFrom('sessions')
      .select('csrf_token')
      .where('id', '=', sha256(client.cookies.get('sid') as string))
      .executeTakeFirstOrThrow();
    expect(row.csrf_token).toBe(token);
  });
});

/**
 * The penetration test's attacks on the login (issue 13, decision 021): many attempts sent at once.
 * Each burst comes from its own address so that the suites' other tests keep theirs.
 */
describeEngines('login under attack', (t) => {
  const LOCKED = {
    error: 'Demasiados intentos fallidos. Intente de nuevo en 10 minutos.',
    code: 'TOO_MANY_ATTEMPTS',
  };

  it('50 wrong passwords at once for one e-mail: at most 5 reach a password check, the rest 429 without one', async () => {
    const user = await createUser(t());
    const ip = '198.51.100.10';
    const { results, checks } = await loginBurst(
      t(),
      50,
      () => ({ email: user.email, password: 'mala-clave-1' }),
      ip,
    );
    const wrong = count(results, 401);
    expect(wrong, codes(results)).toBeLessThanOrEqual(5);
    expect(count(results, 429), codes(results)).toBe(50 - wrong);
    // Every refusal was answered before any argon2 work: the checks are exactly the 401s.
    expect(checks).toBe(wrong);
    for (const r of results.filter((x) => x.statusCode === 429)) expect(r.json()).toEqual(LOCKED);
    // Refused attempts are not counted: the table holds the checked ones only.
    expect(await failuresOf(t(), user.email)).toBe(wrong);

    // However the burst went, the e-mail gets 5 checks in all, then the lock (the right password too).
    for (let i = wrong; i < 5; i += 1) {
      expect((await loginFrom(t(), ip, user.email, `otra-${i}-clave`)).statusCode).toBe(401);
    }
    const again = await loginBurst(
      t(),
      50,
      (i) => ({ email: user.email, password: i === 0 ? DEFAULT_PASSWORD : 'x' }),
      ip,
    );
    expect(count(again.results, 429), codes(again.results)).toBe(50);
    expect(again.checks).toBe(0);
    expect(await failuresOf(t(), user.email)).toBe(5);
  });

  it('exactly the limit at once (5) are all checked; the next one is refused without a check', async () => {
    const user = await createUser(t());
    const ip = '198.51.100.11';
    const { results, checks } = await loginBurst(
      t(),
      5,
      () => ({ email: user.email, password: 'mala-clave-2' }),
      ip,
    );
    expect(count(results, 401), codes(results)).toBe(5);
    expect(checks).toBe(5);
    const before = argon2Stats().verifications;
    expect((await loginFrom(t(), ip, user.email, DEFAULT_PASSWORD)).statusCode).toBe(429);
    expect(argon2Stats().verifications - before).toBe(0);
  });

  it('the right password among 20 wrong ones at once: a success clears the failures before it', async () => {
    const user = await createUser(t());
    const ip = '198.51.100.12';
    const { results } = await loginBurst(
      t(),
      21,
      (i) => ({ email: user.email, password: i === 0 ? DEFAULT_PASSWORD : `mala-${i}` }),
      ip,
    );
    expect(count(results, 401), codes(results)).toBeLessThanOrEqual(5);
    // Whatever the interleaving, the rows left are failures only, never more than the limit.
    expect(await failuresOf(t(), user.email)).toBeLessThanOrEqual(count(results, 401));
  });

  it('120 wrong logins at once from one address, one e-mail each: at most 30 checks, the rest 429 without one', async () => {
    const ip = '198.51.100.20';
    const { results, checks } = await loginBurst(
      t(),
      120,
      (i) => ({ email: `rociado-${i}@spray.do`, password: 'mala-clave-3' }),
      ip,
    );
    const wrong = count(results, 401);
    expect(wrong, codes(results)).toBeLessThanOrEqual(30);
    expect(count(results, 429), codes(results)).toBe(120 - wrong);
    expect(checks).toBe(wrong);
    const rows = await t()
      .db.selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(wrong);

    // Filled up one by one, the address is then refused, the right password too, without a check.
    for (let i = wrong; i < 30; i += 1) {
      expect((await loginFrom(t(), ip, `uno-${i}@spray.do`, 'mala')).statusCode).toBe(401);
    }
    const user = await createUser(t());
    const before = argon2Stats().verifications;
    expect((await loginFrom(t(), ip, user.email, DEFAULT_PASSWORD)).statusCode).toBe(429);
    expect(argon2Stats().verifications - before).toBe(0);
  });

  it(`a flood of password checks runs at most ${ARGON2_MAX_RUNNING} argon2 at once; other requests answer meanwhile`, async () => {
    resetArgon2Peak();
    // 40 addresses, 40 unknown e-mails: no limit applies, each one is a real (dummy-hash) check.
    const flood = Promise.all(
      Array.from({ length: 40 }, (_, i) => loginFrom(t(), `198.51.101.${i + 1}`, `nadie-${i}@flood.do`, 'x')),
    );
    // Let the flood reach argon2, then ask for something else.
    const deadline = Date.now() + 5_000;
    while (argon2Stats().waiting === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1));
    const health = await call(t().client(), healthEndpoints.check);
    expect(health.status).toBe(200);
    // Answered while password checks were still queued: the flood did not hold the server.
    expect(argon2Stats().waiting).toBeGreaterThan(0);
    const results = await flood;
    expect(count(results, 401), codes(results)).toBe(40);
    expect(argon2Stats().peakRunning).toBeLessThanOrEqual(ARGON2_MAX_RUNNING);
  });
});

/**
 * Review of the fixes (T1, T2; decision 021): what the per-address limit counts. A client's address
 * is the socket's, or with TRUST_PROXY the one a trusted proxy appends to X-Forwarded-For; it is
 * counted by its key: an IPv6 address by its /64, an IPv4-mapped address as its IPv4.
 */
describeEngines('login limit per address', (t) => {
  const LIMIT = 30;

  it('three addresses of one IPv6 /64 share one limit of 30; another /64 has its own', async () => {
    await t().db.deleteFrom('login_failures').execute();
    const headers = await preLogin(t());
    const sameNetwork = ['2001:db8:1:2::1', '2001:db8:1:2:0:0:0:2', '2001:DB8:1:2:FFFF:FFFF:FFFF:FFFE'];
    const before = argon2Stats().verifications;
    for (let i = 0; i < LIMIT; i += 1) {
      const res = await loginFrom(t(), sameNetwork[i % 3]!, `${unique('v6')}@spray.do`, 'mala', headers);
      expect(res.statusCode, res.body).toBe(401);
    }
    expect(argon2Stats().verifications - before).toBe(LIMIT);
    const user = await createUser(t());
    // The limit is reached for the whole /64: a fourth address of it too, with the right password.
    for (const ip of [...sameNetwork, '2001:db8:1:2::abcd']) {
      const res = await loginFrom(t(), ip, user.email, DEFAULT_PASSWORD, headers);
      expect(res.statusCode, ip).toBe(429);
    }
    expect(argon2Stats().verifications - before).toBe(LIMIT);
    const rows = await t().db.selectFrom('login_failures').select('ip').execute();
    expect(rows).toHaveLength(LIMIT);
    expect(new Set(rows.map((r) => r.ip))).toEqual(new Set(['2001:db8:1:2::/64']));
    // The next /64 is another network.
    expect((await loginFrom(t(), '2001:db8:1:3::1', user.email, DEFAULT_PASSWORD, headers)).statusCode).toBe(
      200,
    );
    await t().db.deleteFrom('login_failures').execute();
  });

  it('an IPv4-mapped address and its plain IPv4 share one limit of 30', async () => {
    await t().db.deleteFrom('login_failures').execute();
    const headers = await preLogin(t());
    for (let i = 0; i < LIMIT; i += 1) {
      const ip = i % 2 === 0 ? '::ffff:203.0.113.7' : '203.0.113.7';
      const res = await loginFrom(t(), ip, `${unique('v4')}@spray.do`, 'mala', headers);
      expect(res.statusCode, res.body).toBe(401);
    }
    const user = await createUser(t());
    for (const ip of ['203.0.113.7', '::ffff:203.0.113.7', '::FFFF:cb00:7107'])
      expect((await loginFrom(t(), ip, user.email, DEFAULT_PASSWORD, headers)).statusCode, ip).toBe(429);
    const rows = await t().db.selectFrom('login_failures').select('ip').execute();
    expect(new Set(rows.map((r) => r.ip))).toEqual(new Set(['203.0.113.7']));
    expect((await loginFrom(t(), '203.0.113.8', user.email, DEFAULT_PASSWORD, headers)).statusCode).toBe(200);
    await t().db.deleteFrom('login_failures').execute();
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: a new value at each attempt does not escape the limit', async () => {
    await t().db.deleteFrom('login_failures').execute();
    const headers = await preLogin(t());
    const ip = '203.0.113.21';
    for (let i = 0; i < LIMIT; i += 1) {
      const res = await loginFrom(t(), ip, `${unique('xff')}@spray.do`, 'mala', {
        ...headers,
        'x-forwarded-for': `198.51.100.${i + 1}`,
      });
      expect(res.statusCode, res.body).toBe(401);
    }
    const user = await createUser(t());
    const res = await loginFrom(t(), ip, user.email, DEFAULT_PASSWORD, {
      ...headers,
      'x-forwarded-for': '192.0.2.77',
    });
    expect(res.statusCode).toBe(429);
    const rows = await t().db.selectFrom('login_failures').select('ip').execute();
    expect(new Set(rows.map((r) => r.ip))).toEqual(new Set([ip]));
    await t().db.deleteFrom('login_failures').execute();
  });
});

describeEngines(
  'login behind a reverse proxy (TRUST_PROXY=127.0.0.1)',
  (t) => {
    // app.inject's connections come from 127.0.0.1: the proxy.
    const proxy = '127.0.0.1';

    it('two clients behind the proxy are counted apart: 30 failures of one refuse it alone, the victim logs in', async () => {
      await t().db.deleteFrom('login_failures').execute();
      const headers = await preLogin(t());
      const attacker = { ...headers, 'x-forwarded-for': '198.51.100.7' };
      for (let i = 0; i < 30; i += 1) {
        const res = await loginFrom(t(), proxy, `${unique('spray')}@spray.do`, 'mala', attacker);
        expect(res.statusCode, res.body).toBe(401);
      }
      const victim = await createUser(t());
      // The attacker is refused, also when it writes an address of its own before the one the
      // proxy appends (only the proxy's entry is believed).
      for (const xff of ['198.51.100.7', '203.0.113.99, 198.51.100.7']) {
        const res = await loginFrom(t(), proxy, victim.email, DEFAULT_PASSWORD, {
          ...headers,
          'x-forwarded-for': xff,
        });
        expect(res.statusCode, xff).toBe(429);
      }
      const res = await loginFrom(t(), proxy, victim.email, DEFAULT_PASSWORD, {
        ...headers,
        'x-forwarded-for': '192.0.2.77',
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows = await t().db.selectFrom('login_failures').select('ip').execute();
      expect(rows).toHaveLength(30);
      expect(new Set(rows.map((r) => r.ip))).toEqual(new Set(['198.51.100.7']));
      // The audit log records the client, not the proxy.
      const login = await t()
        .db.selectFrom('audit_log')
        .select('ip')
        .where('action', '=', 'login')
        .where('user_id', '=', victim.id)
        .executeTakeFirstOrThrow();
      expect(login.ip).toBe('192.0.2.77');
      await t().db.deleteFrom('login_failures').execute();
    });

    it('a connection from an address that is not a trusted proxy: its X-Forwarded-For is ignored', async () => {
      await t().db.deleteFrom('login_failures').execute();
      const headers = await preLogin(t());
      for (let i = 0; i < 30; i += 1) {
        const res = await loginFrom(t(), '203.0.113.30', `${unique('direct')}@spray.do`, 'mala', {
          ...headers,
          'x-forwarded-for': `198.51.100.${i + 1}`,
        });
        expect(res.statusCode, res.body).toBe(401);
      }
      const user = await createUser(t());
      const res = await loginFrom(t(), '203.0.113.30', user.email, DEFAULT_PASSWORD, {
        ...headers,
        'x-forwarded-for': '192.0.2.78',
      });
      expect(res.statusCode).toBe(429);
      await t().db.deleteFrom('login_failures').execute();
    });
  },
  { trustProxy: ['127.0.0.1'] },
);

const codes = (results: LightMyRequestResponse[]) => results.map((r) => r.statusCode).join(',');
const count = (results: LightMyRequestResponse[], status: number) =>
  results.filter((r) => r.statusCode === status).length;

async function failuresOf(ctx: TestContext, email: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A pre-login CSRF token as a browser holds it: the header to send and the cookie it goes with. */
async function preLogin(ctx: TestContext): Promise<Record<string, string>> {
  const c = ctx.client();
  const token = await c.csrfToken();
  return { 'x-csrf-token': token, cookie: c.cookieHeader() };
}

/** A login from `ip` (one pre-login token serves any number of calls). */
async function loginFrom(
  ctx: TestContext,
  ip: string,
  email: string,
  password: string,
  headers?: Record<string, string>,
) {
  return ctx.app.inject({
    method: 'POST',
    url: authEndpoints.login.path,
    remoteAddress: ip,
    headers: headers ?? (await preLogin(ctx)),
    payload: { email, password },
  });
}

/** `n` logins from `ip` at once; `checks` is how many password checks (argon2 verifications) they caused. */
async function loginBurst(
  ctx: TestContext,
  n: number,
  body: (i: number) => { email: string; password: string },
  ip: string,
): Promise<{ results: LightMyRequestResponse[]; checks: number }> {
  const headers = await preLogin(ctx);
  const before = argon2Stats().verifications;
  const results = await Promise.all(
    Array.from({ length: n }, (_, i) => {
      const { email, password } = body(i);
      return loginFrom(ctx, ip, email, password, headers);
    }),
  );
  return { results, checks: argon2Stats().verifications - before };
}

async function csrfHeaders(c: TestClient) {
  const token = await c.csrfToken();
  return { 'x-csrf-token': token, cookie: c.cookieHeader() };
}

describeEngines(
  'the support address (SUPPORT_EMAIL, decision 025)',
  (t) => {
    it('is given to every signed-in user with /api/users/me, and to nobody signed out', async () => {
      for (const role of ['colaborador', 'evaluador', 'gestionhumana', 'admin'] as const) {
        const { client } = await loginAs(t(), role);
        const me = (await call(client, authEndpoints.me)).body;
        expect(me.support_email).toBe('soporte@colegio.edu.do');
      }
      expect(await statusOf(t().client(), authEndpoints.me)).toBe(401);
    });
  },
  { supportEmail: 'soporte@colegio.edu.do' },
);
