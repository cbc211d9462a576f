import { authEndpoints, profileEndpoints, PASSWORD_CHANGE_MESSAGES } from '@evalua/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { call, callExpecting, reply, statusOf } from '../../../test/call';
import type { TestClient } from '../../../test/client';
import { describeEngines, type TestContext } from '../../../test/context';
import { DEFAULT_PASSWORD, loginAs } from '../../../test/factories';
import { argon2Stats } from '../../auth/passwords';
import { minutesAgoIso } from '../../time';

/** A password change the server must refuse with `status`. */
const refusedChange = (
  client: TestClient,
  body: { currentPassword: string; newPassword: string },
  status: number,
) => callExpecting(client, profileEndpoints.changePassword, { body }, status);

describeEngines('profile API', (t) => {
  it('GET /api/profile answers the own name, e-mail, department and position', async () => {
    const { client } = await loginAs(t(), 'colaborador', {
      name: 'Luis Gómez',
      email: 'luis.gomez@escuela.do',
      department: 'Matemáticas',
      position: 'Docente',
    });
    const res = await call(client, profileEndpoints.get);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Luis Gómez',
      email: 'luis.gomez@escuela.do',
      department: 'Matemáticas',
      position: 'Docente',
    });
  });

  it('changes the password and ends the other sessions of that user', async () => {
    const { user, client } = await loginAs(t(), 'evaluador');
    const other = t().client();
    expect((await other.login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    const res = await call(client, profileEndpoints.changePassword, {
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Nueva-Clave-456' },
    });
    expect(res.status).toBe(204);
    expect(await statusOf(client, authEndpoints.me)).toBe(200);
    expect(await statusOf(other, authEndpoints.me, {})).toBe(401);
    expect((await t().client().login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await t().client().login(user.email, 'Nueva-Clave-456')).statusCode).toBe(200);
  });

  it('refuses a wrong current password with a clear 400 and keeps the old one', async () => {
    const { user, client } = await loginAs(t(), 'colaborador');
    const res = await refusedChange(
      client,
      { currentPassword: 'no-es-esta', newPassword: 'Nueva-Clave-456' },
      400,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'La contraseña actual no es correcta.',
      code: 'WRONG_PASSWORD',
    });
    expect((await t().client().login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('validates the new password', async () => {
    const { client } = await loginAs(t(), 'colaborador');
    const short = await refusedChange(
      client,
      { currentPassword: DEFAULT_PASSWORD, newPassword: 'corta' },
      400,
    );
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('La nueva contraseña debe tener al menos 8 caracteres.');
    const missing = await client.post('/api/profile/change-password', {});
    expect(missing.json<{ error: string }>().error).toBe('La contraseña actual es obligatoria.');
  });

  it('answers 401 without a session', async () => {
    const anon = t().client();
    expect(await statusOf(anon, profileEndpoints.get, {})).toBe(401);
    const res = await refusedChange(anon, { currentPassword: 'a', newPassword: 'bbbbbbbb' }, 401);
    expect(res.status).toBe(401);
  });
});

/**
 * The penetration test's attack on the password change (issue 13, decision 021): a stolen session
 * could try current passwords without end.
 */
describeEngines('password change under attack', (t) => {
  const WRONG = { currentPassword: 'no-es-esta', newPassword: 'Nueva-Clave-456' };
  const LOCKED = { error: PASSWORD_CHANGE_MESSAGES.locked(10), code: 'TOO_MANY_ATTEMPTS' };
  const ENDED = { error: PASSWORD_CHANGE_MESSAGES.sessionEnded(10), code: 'TOO_MANY_ATTEMPTS' };

  it('50 wrong current passwords at once from a stolen session: 5 checks in all, then the session ends', async () => {
    const { user, client: thief } = await loginAs(t(), 'colaborador');
    const start = argon2Stats().verifications;
    const results = await changeBurst(t(), thief, 50, WRONG);
    const burstChecks = argon2Stats().verifications - start;
    expect(burstChecks, codes(results)).toBeLessThanOrEqual(5);
    for (const r of results) expect([400, 401, 429], codes(results)).toContain(r.statusCode);
    // The checked ones answered 400, or 429 with the session ended; every other 429 came unchecked.
    const ended = results.filter(
      (r) => r.statusCode === 429 && r.json<{ error: string }>().error === ENDED.error,
    );
    expect(count(results, 400) + ended.length).toBe(burstChecks);
    for (const r of results.filter((x) => x.statusCode === 429 && !ended.includes(x)))
      expect(r.json()).toEqual(LOCKED);

    // Going on one at a time, the thief gets 5 checks in all; the last ends the stolen session.
    for (let i = 0; i < 10; i += 1) {
      const res = await reply(thief, profileEndpoints.changePassword, { body: WRONG });
      if (res.status !== 400) break;
    }
    expect(argon2Stats().verifications - start).toBe(5);
    expect(await statusOf(thief, authEndpoints.me, {})).toBe(401);
    expect(await passwordFailures(t(), user.id)).toBe(5);

    // The owner logs in again (the login is not locked), but the change waits out the lock, refused
    // without a check even with the right password.
    const owner = t().client();
    expect((await owner.login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    const before = argon2Stats().verifications;
    const rightPassword = { body: { ...WRONG, currentPassword: DEFAULT_PASSWORD } };
    const refused = await callExpecting(owner, profileEndpoints.changePassword, rightPassword, 429);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(LOCKED);
    expect(argon2Stats().verifications - before).toBe(0);
    expect(await statusOf(owner, authEndpoints.me)).toBe(200);

    // Ten minutes later it works, and the success clears the failures.
    await t()
      .db.updateTable('attempt_throttles')
      .set({ created_at: minutesAgoIso(11) })
      .where('scope', '=', 'password')
      .where('subject', '=', String(user.id))
      .execute();
    const ok = await call(owner, profileEndpoints.changePassword, rightPassword);
    expect(ok.status).toBe(204);
    expect(await passwordFailures(t(), user.id)).toBe(0);
  });

  it('the 5th wrong current password answers 429, ends that session and clears its cookie; others stay', async () => {
    const { user, client } = await loginAs(t(), 'evaluador');
    const other = t().client();
    expect((await other.login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) {
      const res = await callExpecting(client, profileEndpoints.changePassword, { body: WRONG }, 400);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'La contraseña actual no es correcta.',
        code: 'WRONG_PASSWORD',
      });
    }
    const fifth = await callExpecting(client, profileEndpoints.changePassword, { body: WRONG }, 429);
    expect(fifth.status).toBe(429);
    expect(fifth.body).toEqual(ENDED);
    expect(fifth.res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect(client.cookies.has('sid')).toBe(false);
    expect(await statusOf(client, authEndpoints.me, {})).toBe(401);
    expect(await statusOf(other, authEndpoints.me)).toBe(200);
    const audit = await t()
      .db.selectFrom('audit_log')
      .select(['action', 'after_json'])
      .where('user_id', '=', user.id)
      .where('action', '=', 'logout')
      .execute();
    expect(audit).toEqual([
      { action: 'logout', after_json: JSON.stringify({ motivo: 'intentos de contraseña actual' }) },
    ]);
  });
});

const codes = (results: LightMyRequestResponse[]) => results.map((r) => r.statusCode).join(',');
const count = (results: LightMyRequestResponse[], status: number) =>
  results.filter((r) => r.statusCode === status).length;

async function passwordFailures(ctx: TestContext, userId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('attempt_throttles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('scope', '=', 'password')
    .where('subject', '=', String(userId))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `n` password changes at once through one session (its cookies and CSRF token, as a thief has them). */
async function changeBurst(ctx: TestContext, session: TestClient, n: number, body: object) {
  const csrf = await session.csrfToken();
  const headers = { cookie: session.cookieHeader(), 'x-csrf-token': csrf };
  return Promise.all(
    Array.from({ length: n }, () =>
      ctx.app.inject({ method: 'POST', url: profileEndpoints.changePassword.path, headers, payload: body }),
    ),
  );
}
