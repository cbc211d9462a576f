import { expect, it } from 'vitest';
import type { TestClient } from '../../../test/client';
import { describeEngines } from '../../../test/context';
import { DEFAULT_PASSWORD, createUser, loginAs } from '../../../test/factories';
import { sha256 } from '../../auth/tokens';
import { minutesAgoIso } from '../../time';

describeEngines('auth', (t) => {
  it('GET /api/csrf-token answers a token and sets the readable _csrf cookie', async () => {
    const c = t().client();
    const res = await c.get('/api/csrf-token');
    expect(res.statusCode).toBe(200);
    const { csrfToken } = res.json<{ csrfToken: string }>();
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
    const res = await c.login('  ana.perez@escuela.do ', DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ user: Record<string, unknown> }>();
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
    const me = await c.get('/api/users/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, name: 'Ana Pérez', has_v2_assignments: false });
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
    const res = await c.post('/api/users/login', { email: '', password: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json<{
      error: string;
      code: string;
      details: Array<{ field: string; message: string }>;
    }>();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.error).toBe('El correo electrónico es obligatorio.');
    expect(body.details.map((d) => d.message)).toEqual([
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
      url: '/api/users/login',
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

  it.each(['/api/logout', '/api/users/logout'])('POST %s ends the session', async (path) => {
    const { client } = await loginAs(t(), 'evaluador');
    const sid = client.cookies.get('sid') as string;
    const res = await client.post(path);
    expect(res.statusCode).toBe(204);
    const row = await t()
      .db.selectFrom('sessions')
      .select('id')
      .where('id', '=', sha256(sid))
      .executeTakeFirst();
    expect(row).toBeUndefined();
    // Even a client that kept the cookie is logged out.
    const stale = t().client();
    stale.cookies.set('sid', sid);
    expect((await stale.get('/api/users/me')).statusCode).toBe(401);
  });

  it('GET /api/users/me is 401 without a session', async () => {
    const res = await t().client().get('/api/users/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Debes iniciar sesión para continuar.', code: 'UNAUTHENTICATED' });
  });

  it('expires a session after 15 idle minutes and after 12 hours in all', async () => {
    const { client: idle } = await loginAs(t(), 'colaborador');
    await t()
      .db.updateTable('sessions')
      .set({ last_seen_at: minutesAgoIso(16) })
      .where('id', '=', sha256(idle.cookies.get('sid') as string))
      .execute();
    expect((await idle.get('/api/users/me')).statusCode).toBe(401);

    const { client: old } = await loginAs(t(), 'colaborador');
    await t()
      .db.updateTable('sessions')
      .set({ created_at: minutesAgoIso(12 * 60 + 1) })
      .where('id', '=', sha256(old.cookies.get('sid') as string))
      .execute();
    expect((await old.get('/api/users/me')).statusCode).toBe(401);

    const { client: fresh } = await loginAs(t(), 'colaborador');
    expect((await fresh.get('/api/users/me')).statusCode).toBe(200);
  });

  it('ends the sessions of a user who is deactivated', async () => {
    const { user, client } = await loginAs(t(), 'evaluador');
    await t().db.updateTable('users').set({ active: 0 }).where('id', '=', user.id).execute();
    expect((await client.get('/api/users/me')).statusCode).toBe(401);
  });

  it('refuses a mutation without, or with a wrong, CSRF token (login included)', async () => {
    const anon = t().client();
    const noToken = await anon.post('/api/users/login', { email: 'a@b.do', password: 'x' }, { noCsrf: true });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json()).toEqual({ error: 'Token CSRF inválido.', code: 'CSRF_INVALID' });
    // A token this server did not mint is refused even when cookie and header agree.
    anon.cookies.set('_csrf', 'forjado.abc');
    const forged = await anon.post(
      '/api/users/login',
      { email: 'a@b.do', password: 'x' },
      { csrfToken: 'forjado.abc' },
    );
    expect(forged.statusCode).toBe(403);

    const { client } = await loginAs(t(), 'admin');
    const wrong = await client.post('/api/categories', { name: 'Sin token' }, { csrfToken: 'otro-token' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json<{ code: string }>().code).toBe('CSRF_INVALID');
    // A pre-login token is not the session's token.
    const preLogin = await t().client().csrfToken();
    const cross = await client.post('/api/categories', { name: 'Sin token' }, { csrfToken: preLogin });
    expect(cross.statusCode).toBe(403);
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

async function csrfHeaders(c: TestClient) {
  const token = await c.csrfToken();
  return { 'x-csrf-token': token, cookie: c.cookieHeader() };
}
