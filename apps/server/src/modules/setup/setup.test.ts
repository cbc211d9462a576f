import { setupEndpoints } from '@evalua/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { call, callExpecting } from '../../../test/call';
import { describeEngines, type TestContext } from '../../../test/context';
import { createUser } from '../../../test/factories';
import { argon2Stats } from '../../auth/passwords';
import { bootstrap } from './service';

const admin = { name: 'Directora', email: 'directora@escuela.do', password: 'Primera-Clave-1' };

describeEngines('first run (empty database)', (t) => {
  it('reports that setup is needed, refuses a bad token, and creates the first admin once', async () => {
    const c = t().client();
    expect((await call(c, setupEndpoints.status)).body).toEqual({ needsSetup: true });
    const boot = await bootstrap(t().db, undefined);
    expect(boot.kind).toBe('setup-link');
    const token = boot.kind === 'setup-link' ? boot.token : '';

    const setup = setupEndpoints.complete;
    const bad = await callExpecting(c, setup, { body: { ...admin, token: 'no-es-el-token' } }, 403);
    expect(bad.status).toBe(403);
    expect(bad.body.error).toBe('El enlace de configuración no es válido o ya se usó.');

    const invalid = await callExpecting(
      c,
      setup,
      { body: { token, name: '', email: 'no-es-correo', password: 'x' } },
      400,
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.details?.map((d) => d.message)).toEqual([
      'El nombre es obligatorio.',
      'El correo electrónico no es válido.',
      'La nueva contraseña debe tener al menos 8 caracteres.',
    ]);

    const ok = await call(c, setup, { body: { ...admin, token } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ user: { email: 'directora@escuela.do', role: 'admin', status: true } });
    expect((await call(c, setupEndpoints.status)).body).toEqual({ needsSetup: false });

    const again = await callExpecting(c, setup, { body: { ...admin, email: 'otro@escuela.do', token } }, 409);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('La configuración inicial ya se completó.');

    expect((await t().client().login(admin.email, admin.password)).statusCode).toBe(200);
  });
});

describeEngines('first run with ADMIN_EMAIL and ADMIN_PASSWORD', (t) => {
  it('creates the admin from the environment, and does nothing once users exist', async () => {
    const boot = await bootstrap(t().db, { email: 'Admin@Escuela.do', password: 'Clave-Inicial-1' });
    expect(boot).toEqual({ kind: 'admin-created', email: 'Admin@Escuela.do' });
    expect((await t().client().login('admin@escuela.do', 'Clave-Inicial-1')).statusCode).toBe(200);
    expect(await bootstrap(t().db, undefined)).toEqual({ kind: 'ready' });
  });

  it('refuses the setup call once any user exists', async () => {
    await createUser(t());
    const res = await callExpecting(
      t().client(),
      setupEndpoints.complete,
      { body: { ...admin, token: 'cualquiera' } },
      409,
    );
    expect(res.status).toBe(409);
  });
});

/**
 * The penetration test's attacks on POST /api/setup (issue 13, decision 021): it hashed before
 * looking at the state or the token, and nothing limited it.
 */
describeEngines('setup under attack (empty database)', (t) => {
  let token = '';
  const LOCKED = {
    error: 'Demasiados intentos fallidos. Inténtalo de nuevo en 10 minutos.',
    code: 'TOO_MANY_ATTEMPTS',
  };

  it('50 wrong tokens at once from one address: nothing hashed, at most 5 × 403, the rest 429', async () => {
    const boot = await bootstrap(t().db, undefined);
    token = boot.kind === 'setup-link' ? boot.token : '';
    const ip = '203.0.113.50';
    const { results, hashes } = await setupBurst(t(), 50, () => ({ ...admin, token: 'no-es-el-token' }), ip);
    const bad = count(results, 403);
    expect(bad, codes(results)).toBeLessThanOrEqual(5);
    expect(count(results, 429), codes(results)).toBe(50 - bad);
    expect(hashes).toBe(0);
    for (const r of results.filter((x) => x.statusCode === 429)) expect(r.json()).toEqual(LOCKED);
    expect(await setupFailures(t(), ip)).toBe(bad);

    // Filled up one by one, the address is refused, even with the right token, without hashing.
    for (let i = bad; i < 5; i += 1) {
      expect((await setupFrom(t(), ip, { ...admin, token: `malo-${i}` })).statusCode).toBe(403);
    }
    const before = argon2Stats().hashes;
    const locked = await setupFrom(t(), ip, { ...admin, token });
    expect(locked.statusCode).toBe(429);
    expect(argon2Stats().hashes - before).toBe(0);
    expect((await call(t().client(), setupEndpoints.status)).body).toEqual({ needsSetup: true });
  });

  it('30 calls at once with the right token from 30 addresses: one admin and one hash, the others refused unhashed', async () => {
    const { results, hashes } = await setupBurst(
      t(),
      30,
      (i) => ({ ...admin, email: `admin-${i}@escuela.do`, token }),
      (i) => `203.0.113.${100 + i}`,
    );
    expect(count(results, 201), codes(results)).toBe(1);
    expect(count(results, 409) + count(results, 403), codes(results)).toBe(29);
    expect(hashes).toBe(1);
    const users = await t().db.selectFrom('users').select('email').execute();
    expect(users).toHaveLength(1);
    const stored = await t().db.selectFrom('app_meta').select('key').execute();
    expect(stored).toEqual([]);
  });

  it('once setup is done, 120 calls at once answer 409 without hashing or writing anything', async () => {
    const rowsBefore = await throttleRows(t());
    const { results, hashes } = await setupBurst(t(), 120, () => ({ ...admin, token }), '203.0.113.60');
    expect(count(results, 409), codes(results)).toBe(120);
    expect(hashes).toBe(0);
    expect(await throttleRows(t())).toBe(rowsBefore);
  });
});

/**
 * Review of the fixes (T2, decision 021): the setup limit counts an address by its key, as the login
 * does: an IPv4-mapped address as its IPv4, an IPv6 address by its /64.
 */
describeEngines('setup limit per address (empty database)', (t) => {
  it('an IPv4-mapped address and its IPv4 share one limit, and so do the addresses of one IPv6 /64', async () => {
    const boot = await bootstrap(t().db, undefined);
    const token = boot.kind === 'setup-link' ? boot.token : '';
    const wrong = { ...admin, token: 'no-es-el-token' };
    const before = argon2Stats().hashes;
    for (const ip of [
      '::ffff:198.51.100.5',
      '198.51.100.5',
      '::ffff:198.51.100.5',
      '198.51.100.5',
      '::ffff:c633:6405',
    ])
      expect((await setupFrom(t(), ip, wrong)).statusCode, ip).toBe(403);
    for (const ip of ['198.51.100.5', '::ffff:198.51.100.5'])
      expect((await setupFrom(t(), ip, { ...admin, token })).statusCode, ip).toBe(429);
    expect(await setupFailures(t(), '198.51.100.5')).toBe(5);

    for (let host = 1; host <= 5; host += 1)
      expect((await setupFrom(t(), `2001:db8:5:6::${host}`, wrong)).statusCode).toBe(403);
    const locked = await setupFrom(t(), '2001:db8:5:6:ffff::99', { ...admin, token });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: 'Demasiados intentos fallidos. Inténtalo de nuevo en 10 minutos.',
      code: 'TOO_MANY_ATTEMPTS',
    });
    expect(await setupFailures(t(), '2001:db8:5:6::/64')).toBe(5);
    expect(argon2Stats().hashes - before).toBe(0);
    // Another /64 is another network.
    expect((await setupFrom(t(), '2001:db8:5:7::1', { ...admin, token })).statusCode).toBe(201);
  });
});

const codes = (results: LightMyRequestResponse[]) => results.map((r) => r.statusCode).join(',');
const count = (results: LightMyRequestResponse[], status: number) =>
  results.filter((r) => r.statusCode === status).length;

async function setupFailures(ctx: TestContext, ip: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('attempt_throttles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('scope', '=', 'setup')
    .where('subject', '=', ip)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function throttleRows(ctx: TestContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('attempt_throttles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A pre-login CSRF token as a browser holds it: the header to send and the cookie it goes with. */
async function preLogin(ctx: TestContext): Promise<Record<string, string>> {
  const c = ctx.client();
  const token = await c.csrfToken();
  return { 'x-csrf-token': token, cookie: c.cookieHeader() };
}

async function setupFrom(ctx: TestContext, ip: string, body: object, headers?: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url: setupEndpoints.complete.path,
    remoteAddress: ip,
    headers: headers ?? (await preLogin(ctx)),
    payload: body,
  });
}

/** `n` setup calls at once; `hashes` is how many argon2 operations they caused. */
async function setupBurst(
  ctx: TestContext,
  n: number,
  body: (i: number) => object,
  ip: string | ((i: number) => string),
): Promise<{ results: LightMyRequestResponse[]; hashes: number }> {
  const headers = await preLogin(ctx);
  const before = argon2Stats();
  const results = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      setupFrom(ctx, typeof ip === 'string' ? ip : ip(i), body(i), headers),
    ),
  );
  const after = argon2Stats();
  return { results, hashes: after.hashes - before.hashes + (after.verifications - before.verifications) };
}
