import {
  ACCESS_LINK_DAYS,
  ACCESS_MESSAGES,
  ERROR_CODES,
  RESET_LINK_MINUTES,
  accessEndpoints,
  authEndpoints,
  userEndpoints,
  usersImportEndpoints,
  type UpdateUserInput,
  USER_MESSAGES,
} from '@evalua/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, reply, statusOf, type Reply } from '../../../test/call';
import type { TestClient } from '../../../test/client';
import { createTestContext, type TestContext } from '../../../test/context';
import { testEngines } from '../../../test/engines';
import { DEFAULT_PASSWORD, createUser, loginAs, unique, type TestUser } from '../../../test/factories';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../../../test/mail';
import { FORGOT_LIMITS } from './service';

const NEW_PASSWORD = 'Mi-Clave-Propia-789';
const TOKEN = /token=([A-Za-z0-9_-]+)/;

const linkSent = { message: ACCESS_MESSAGES.linkSent };
const resetRequested = { message: ACCESS_MESSAGES.resetRequested };
const invalid = { error: ACCESS_MESSAGES.linkInvalid, code: ERROR_CODES.linkInvalid };

function tokenOf(mail: ReceivedMail): string {
  const match = TOKEN.exec(mail.text);
  if (!match) throw new Error(`no link in: ${mail.text}`);
  return match[1]!;
}

async function countRows(t: TestContext, table: 'outbox' | 'user_tokens', userId: number): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(testEngines())('access links and password resets [%s]', (engine) => {
  let smtp: SmtpReceiver;
  let t: TestContext;
  let admin: TestClient;
  let hr: TestClient;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestContext(engine, { smtpUrl: smtp.url, mailPollMilliseconds: 50 });
    admin = (await loginAs(t, 'admin')).client;
    hr = (await loginAs(t, 'gestionhumana')).client;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });
  beforeEach(async () => {
    // Every request here comes from 127.0.0.1: each test starts with no reset requests counted.
    await t.db
      .deleteFrom('attempt_throttles')
      .where('scope', 'in', ['forgot-email', 'forgot-address'])
      .execute();
  });

  /** The `n`-th message (1-based) to `email`, once it has arrived. */
  async function nthMail(email: string, n = 1): Promise<ReceivedMail> {
    await smtp.waitFor(() => smtp.to(email).length >= n);
    return smtp.to(email)[n - 1]!;
  }

  async function sendLink(
    by: TestClient,
    user: { id: number },
  ): Promise<Reply<typeof accessEndpoints.accessLink>> {
    return reply(by, accessEndpoints.accessLink, { params: { id: user.id } });
  }

  const activate = (client: TestClient, token: string, newPassword = NEW_PASSWORD) =>
    reply(client, accessEndpoints.activate, { body: { token, newPassword } });
  const reset = (client: TestClient, token: string, newPassword = NEW_PASSWORD) =>
    reply(client, accessEndpoints.resetPassword, { body: { token, newPassword } });
  const forgot = (email: string) => reply(t.client(), accessEndpoints.forgotPassword, { body: { email } });

  describe('access links', () => {
    it('mails a link that sets the password once and signs the person in', async () => {
      const person = await createUser(t, { name: 'Ana Pérez', password: null });
      const sent = await sendLink(hr, person);
      expect(sent.status, sent.res.body).toBe(202);
      expect(sent.body).toEqual(linkSent);

      const mail = await nthMail(person.email);
      expect(mail.subject).toBe('Tu acceso a Evalúa');
      expect(mail.text).toContain('Hola, Ana Pérez:');
      expect(mail.text).toContain(`${ACCESS_LINK_DAYS} días`);
      expect(mail.text).toMatch(/http:\/\/[^\s]+\/activar\?token=[A-Za-z0-9_-]{43}/);
      const token = tokenOf(mail);
      expect(mail.html).toContain(`/activar?token=${token}`);
      // Only the hash is stored.
      const stored = await t.db
        .selectFrom('user_tokens')
        .selectAll()
        .where('user_id', '=', person.id)
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.token_hash).not.toContain(token);
      expect(stored[0]!.purpose).toBe('access');

      const browser = t.client();
      const res = await activate(browser, token);
      expect(res.status, res.res.body).toBe(204);
      const me = await call(browser, authEndpoints.me);
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: person.id, password_set_by_other: false });
      const row = await t.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', person.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ password_set_by_other: 0, password_known_to_hr: 0 });
      expect((await t.client().login(person.email, NEW_PASSWORD)).statusCode).toBe(200);
      const audited = await t.db
        .selectFrom('audit_log')
        .select(['action', 'user_id'])
        .where('entity', '=', 'user')
        .where('entity_id', '=', person.id)
        .execute();
      expect(audited.map((a) => a.action).sort()).toEqual(['access_link', 'account_activation', 'login']);

      const again = await activate(t.client(), token, 'Otra-Clave-Mas-000');
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject(invalid);
      expect(await countRows(t, 'user_tokens', person.id)).toBe(0);
    });

    it('ends the other sessions of the person and the session the request came with', async () => {
      const { user, client: elsewhere } = await loginAs(t, 'evaluador');
      const stranger = (await loginAs(t, 'colaborador')).client;
      expect((await sendLink(admin, user)).status).toBe(202);
      const token = tokenOf(await nthMail(user.email));
      // A browser where somebody else was signed in: their session ends, the person's begins.
      expect((await activate(stranger, token)).status).toBe(204);
      expect((await call(stranger, authEndpoints.me)).body).toMatchObject({ id: user.id });
      expect(await statusOf(elsewhere, authEndpoints.me)).toBe(401);
      expect((await t.client().login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    });

    it('a newer link voids the older one', async () => {
      const person = await createUser(t, { password: null });
      expect((await sendLink(hr, person)).status).toBe(202);
      // Once the first is out (a message whose link a newer one voided is not sent: decision 043).
      const first = tokenOf(await nthMail(person.email, 1));
      expect((await sendLink(hr, person)).status).toBe(202);
      const second = tokenOf(await nthMail(person.email, 2));
      expect(first).not.toBe(second);
      expect((await activate(t.client(), first)).body).toMatchObject(invalid);
      expect((await activate(t.client(), second)).status).toBe(204);
    });

    it('an expired link is refused', async () => {
      const person = await createUser(t, { password: null });
      expect((await sendLink(admin, person)).status).toBe(202);
      const token = tokenOf(await nthMail(person.email));
      const row = await t.db
        .selectFrom('user_tokens')
        .select(['expires_at', 'created_at'])
        .where('user_id', '=', person.id)
        .executeTakeFirstOrThrow();
      const lifetime = Date.parse(row.expires_at) - Date.parse(row.created_at);
      expect(Math.abs(lifetime - ACCESS_LINK_DAYS * 86_400_000)).toBeLessThan(60_000);
      await t.db
        .updateTable('user_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', person.id)
        .execute();
      const res = await activate(t.client(), token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(invalid);
    });

    it('ten activations at once with one link: exactly one succeeds', async () => {
      const person = await createUser(t, { password: null });
      expect((await sendLink(admin, person)).status).toBe(202);
      const token = tokenOf(await nthMail(person.email));
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => activate(t.client(), token, `Clave-Concurrente-${i}00`)),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([204, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
      for (const a of answers.filter((x) => x.status === 400)) expect(a.body).toMatchObject(invalid);
      const sessions = await t.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', person.id)
        .execute();
      expect(sessions).toHaveLength(1);
    });

    it('refuses unknown users, people without e-mail, inactive people, and admins for HR', async () => {
      expect((await sendLink(hr, { id: 999_999 })).body).toMatchObject({ error: USER_MESSAGES.notFound });
      expect((await sendLink(hr, { id: 999_999 })).status).toBe(404);

      const noEmail = await createUser(t, { password: null });
      await t.db.updateTable('users').set({ email: null }).where('id', '=', noEmail.id).execute();
      const a = await sendLink(hr, noEmail);
      expect(a.status).toBe(409);
      expect(a.body).toMatchObject({ error: ACCESS_MESSAGES.noEmail });

      const inactive = await createUser(t, { password: null, active: 0 });
      const b = await sendLink(admin, inactive);
      expect(b.status).toBe(409);
      expect(b.body).toMatchObject({ error: ACCESS_MESSAGES.inactive });

      const otherAdmin = await createUser(t, { role: 'admin' });
      const c = await sendLink(hr, otherAdmin);
      expect(c.status).toBe(403);
      expect(c.body).toMatchObject({ error: USER_MESSAGES.adminOnly });
      expect(await countRows(t, 'user_tokens', otherAdmin.id)).toBe(0);
      expect(await countRows(t, 'outbox', otherAdmin.id)).toBe(0);
      expect((await sendLink(admin, otherAdmin)).status).toBe(202);

      for (const role of ['evaluador', 'colaborador'] as const) {
        const { client } = await loginAs(t, role);
        const res = await sendLink(client, noEmail);
        expect(res.status).toBe(403);
      }
      expect((await sendLink(t.client(), noEmail)).status).toBe(401);
    });

    it('a person deactivated after the link was sent cannot use it', async () => {
      const person = await createUser(t, { password: null });
      expect((await sendLink(admin, person)).status).toBe(202);
      const token = tokenOf(await nthMail(person.email));
      await t.db.updateTable('users').set({ active: 0 }).where('id', '=', person.id).execute();
      expect((await activate(t.client(), token)).body).toMatchObject(invalid);
    });

    it('the staff import mails an access link to each new person without a password', async () => {
      const emails = [unique('imp1'), unique('imp2')].map((e) => `${e}@importa.do`);
      const withPassword = `${unique('imp3')}@importa.do`;
      const csv = [
        'nombre;correo;rol;contraseña',
        `Primera Importada;${emails[0]};colaborador;`,
        `Segunda Importada;${emails[1]};evaluador;`,
        `Con Clave;${withPassword};colaborador;Clave-Importada-1`,
      ].join('\n');
      const res = await call(hr, usersImportEndpoints.apply, { body: { csv } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ created: 3, updated: 0, skipped: 0, links_sent: 2 });
      const first = await nthMail(emails[0]!);
      const second = await nthMail(emails[1]!);
      expect(first.text).toContain('Hola, Primera Importada:');
      expect(second.subject).toBe('Tu acceso a Evalúa');
      const browser = t.client();
      expect((await activate(browser, tokenOf(second))).status).toBe(204);
      expect((await call(browser, authEndpoints.me)).body).toMatchObject({
        email: emails[1],
        role: 'evaluador',
      });
      const withPasswordRow = await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', withPassword)
        .executeTakeFirstOrThrow();
      expect(await countRows(t, 'outbox', withPasswordRow.id)).toBe(0);
    });
  });

  describe('password reset', () => {
    it('mails a single-use link; the reset ends every session of the person', async () => {
      const { user, client } = await loginAs(t, 'colaborador', { name: 'Luis Gómez' });
      const res = await forgot(user.email.toUpperCase());
      expect(res.status).toBe(202);
      expect(res.body).toEqual(resetRequested);
      const mail = await nthMail(user.email);
      expect(mail.subject).toBe('Restablece tu contraseña de Evalúa');
      expect(mail.text).toContain('Hola, Luis Gómez:');
      expect(mail.text).toContain(`${RESET_LINK_MINUTES} minutos`);
      expect(mail.text).toContain('Si no pediste este cambio, ignora este correo.');
      expect(mail.text).toMatch(/\/restablecer-contrasena\?token=[A-Za-z0-9_-]{43}/);
      const token = tokenOf(mail);
      const row = await t.db
        .selectFrom('user_tokens')
        .select(['expires_at', 'created_at', 'purpose'])
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.purpose).toBe('reset');
      expect(
        Math.abs(Date.parse(row.expires_at) - Date.parse(row.created_at) - RESET_LINK_MINUTES * 60_000),
      ).toBeLessThan(60_000);

      // A reset link is not an access link.
      expect((await activate(t.client(), token)).body).toMatchObject(invalid);
      const browser = t.client();
      expect((await reset(browser, token)).status).toBe(204);
      expect(await statusOf(client, authEndpoints.me)).toBe(401);
      expect(await statusOf(browser, authEndpoints.me)).toBe(401);
      expect((await t.client().login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
      expect((await t.client().login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
      const again = await reset(t.client(), token, 'Otra-Clave-Mas-000');
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject(invalid);
      const audited = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity_id', '=', user.id)
        .where('action', 'in', ['reset_link', 'password_reset'])
        .execute();
      expect(audited.map((a) => a.action).sort()).toEqual(['password_reset', 'reset_link']);
    });

    it('a reset chosen by the person clears "set by someone else" and "known to HR", and waits for an admin to confirm the address (decision 040)', async () => {
      const user = await createUser(t);
      await t.db
        .updateTable('users')
        .set({ password_set_by_other: 1, password_known_to_hr: 1 })
        .where('id', '=', user.id)
        .execute();
      expect((await forgot(user.email)).status).toBe(202);
      expect((await reset(t.client(), tokenOf(await nthMail(user.email)))).status).toBe(204);
      const row = await t.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        password_set_by_other: 0,
        password_known_to_hr: 0,
        password_via_link: 1,
        email_confirmed: 0,
      });
    });

    it('an address changed by HR voids the links sent before, and HR may know what a link sets (decisions 023, 040)', async () => {
      const user = await createUser(t, { name: 'Carla Núñez' });
      expect((await forgot(user.email)).status).toBe(202);
      const oldToken = tokenOf(await nthMail(user.email));
      // HR points the account at another address (e.g. one HR reads).
      const other = `${unique('otra')}@prueba.do`;
      const edited = await call(hr, userEndpoints.update, {
        params: { id: user.id },
        body: {
          name: user.name,
          email: other,
          role: user.role as UpdateUserInput['role'],
          position: null,
          department: null,
          category_id: null,
        },
      });
      expect(edited.status).toBe(200);
      expect((await reset(t.client(), oldToken)).status).toBe(400);
      expect((await forgot(other)).status).toBe(202);
      expect((await reset(t.client(), tokenOf(await nthMail(other)))).status).toBe(204);
      const row = await t.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      // The new password is the person's choice — or HR's, who chose where the link went: it counts
      // toward 360 anonymity only once an administrator confirms that address (decision 040).
      expect(row).toMatchObject({
        password_set_by_other: 0,
        password_known_to_hr: 0,
        password_via_link: 1,
        email_confirmed: 0,
      });
    });

    it('answers the same for unknown and inactive e-mails and sends nothing', async () => {
      const inactive = await createUser(t, { active: 0 });
      const unknown = `${unique('nadie')}@prueba.do`;
      const known = await createUser(t);
      for (const email of [unknown, inactive.email, known.email]) {
        const res = await forgot(email);
        expect(res.status).toBe(202);
        expect(res.body).toEqual(resetRequested);
      }
      await nthMail(known.email);
      const outbox = await t.db
        .selectFrom('outbox')
        .select('to_email')
        .where('to_email', 'in', [unknown, inactive.email])
        .execute();
      expect(outbox).toEqual([]);
      expect(smtp.to(unknown)).toEqual([]);
      expect(smtp.to(inactive.email)).toEqual([]);
      expect(await countRows(t, 'user_tokens', inactive.id)).toBe(0);
    });

    it('a person without a password yet (an expired access link) can get in through a reset', async () => {
      const person = await createUser(t, { password: null });
      expect((await forgot(person.email)).status).toBe(202);
      expect((await reset(t.client(), tokenOf(await nthMail(person.email)))).status).toBe(204);
      expect((await t.client().login(person.email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('an expired reset link is refused', async () => {
      const user = await createUser(t);
      expect((await forgot(user.email)).status).toBe(202);
      const token = tokenOf(await nthMail(user.email));
      await t.db
        .updateTable('user_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      expect((await reset(t.client(), token)).body).toMatchObject(invalid);
      expect((await t.client().login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    });

    it('an unknown or malformed token is refused with the same sentence', async () => {
      const res = await reset(t.client(), 'x'.repeat(43));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(invalid);
      const empty = await reset(t.client(), '');
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({ error: ACCESS_MESSAGES.linkInvalid });
    });

    it('limits requests per e-mail (same answer, nothing sent) and per address (429)', async () => {
      const user: TestUser = await createUser(t);
      const perEmail = FORGOT_LIMITS.perEmail.maxAttempts;
      for (let i = 0; i < perEmail + 2; i += 1) {
        const res = await forgot(user.email);
        expect(res.status).toBe(202);
        expect(res.body).toEqual(resetRequested);
      }
      expect(await countRows(t, 'outbox', user.id)).toBe(perEmail);

      const perAddress = FORGOT_LIMITS.perAddress.maxAttempts;
      for (let i = perEmail + 2; i < perAddress; i += 1) {
        expect((await forgot(`${unique('otro')}@prueba.do`)).status).toBe(202);
      }
      const over = await forgot(`${unique('otro')}@prueba.do`);
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({
        error: ACCESS_MESSAGES.tooMany,
        code: ERROR_CODES.tooManyAttempts,
      });
    });
  });
});
