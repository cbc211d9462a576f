import {
  ACCESS_MESSAGES,
  ERROR_CODES,
  accessEndpoints,
  categoryEndpoints,
  collaboratorEndpoints,
  userEndpoints,
  usersImportEndpoints,
  type UpdateUserInput,
} from '@evalua/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, reply, statusOf } from '../../../test/call';
import type { TestClient } from '../../../test/client';
import { createTestContext, type TestContext } from '../../../test/context';
import { testEngines } from '../../../test/engines';
import { createUser, loginAs, unique, type TestUser } from '../../../test/factories';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../../../test/mail';

/**
 * Decision 042: every outstanding access or reset link of an account ends when its status, role or
 * e-mail changes, on every path that changes them (Gestión de Usuarios, Colaboradores, the staff
 * import). Each case is the attack: a link mailed before the change, used after it.
 */

const NEW_PASSWORD = 'Mi-Clave-Propia-789';
const TOKEN = /token=([A-Za-z0-9_-]+)/;
const invalid = { error: ACCESS_MESSAGES.linkInvalid, code: ERROR_CODES.linkInvalid };

function tokenOf(mail: ReceivedMail): string {
  const match = TOKEN.exec(mail.text);
  if (!match) throw new Error(`no link in: ${mail.text}`);
  return match[1]!;
}

describe.each(testEngines())('links end when the account changes [%s]', (engine) => {
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

  async function nthMail(email: string, n = 1): Promise<ReceivedMail> {
    await smtp.waitFor(() => smtp.to(email.toLowerCase()).length >= n);
    return smtp.to(email.toLowerCase())[n - 1]!;
  }

  /** An access link mailed by an admin, and its token. */
  async function accessLink(person: TestUser): Promise<string> {
    const sent = await call(admin, accessEndpoints.accessLink, { params: { id: person.id } });
    expect(sent.status).toBe(202);
    return tokenOf(await nthMail(person.email, smtp.to(person.email.toLowerCase()).length + 1));
  }

  /** A reset link the person asked for, and its token. */
  async function resetLink(person: TestUser): Promise<string> {
    const before = smtp.to(person.email.toLowerCase()).length;
    const asked = await call(t.client(), accessEndpoints.forgotPassword, { body: { email: person.email } });
    expect(asked.status).toBe(202);
    return tokenOf(await nthMail(person.email, before + 1));
  }

  const activate = (token: string) =>
    reply(t.client(), accessEndpoints.activate, { body: { token, newPassword: NEW_PASSWORD } });
  const reset = (token: string) =>
    reply(t.client(), accessEndpoints.resetPassword, { body: { token, newPassword: NEW_PASSWORD } });
  const setStatus = (by: TestClient, id: number, status: boolean) =>
    reply(by, userEndpoints.setStatus, { params: { id }, body: { status } });
  const edit = (by: TestClient, user: TestUser, changes: Partial<UpdateUserInput>) =>
    reply(by, userEndpoints.update, {
      params: { id: user.id },
      body: {
        name: user.name,
        email: user.email,
        role: user.role as UpdateUserInput['role'],
        position: null,
        department: null,
        category_id: null,
        ...changes,
      },
    });

  async function liveTokens(userId: number): Promise<number> {
    const row = await t.db
      .selectFrom('user_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('a reset link sent before a deactivation does not work after the reactivation', async () => {
    const person = await createUser(t, { role: 'evaluador' });
    const token = await resetLink(person);
    expect((await setStatus(hr, person.id, false)).status).toBe(200);
    expect((await setStatus(hr, person.id, true)).status).toBe(200);
    expect(await liveTokens(person.id)).toBe(0);
    const res = await reset(token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(invalid);
  });

  it('an access link sent before a deactivation does not work after the reactivation', async () => {
    const person = await createUser(t, { password: null });
    const token = await accessLink(person);
    expect((await setStatus(admin, person.id, false)).status).toBe(200);
    expect((await setStatus(admin, person.id, true)).status).toBe(200);
    expect((await activate(token)).body).toMatchObject(invalid);
  });

  it('the same through Colaboradores: DELETE deactivates, and the old links stay dead', async () => {
    const person = await createUser(t, { role: 'colaborador', password: null });
    const access = await accessLink(person);
    const resetToken = await resetLink(person);
    expect(await statusOf(hr, collaboratorEndpoints.remove, { params: { id: person.id } })).toBe(204);
    expect((await setStatus(hr, person.id, true)).status).toBe(200);
    expect((await activate(access)).body).toMatchObject(invalid);
    expect((await reset(resetToken)).body).toMatchObject(invalid);
  });

  it('an access link issued to a colaborador does not work once the account is an admin', async () => {
    const person = await createUser(t, { role: 'colaborador', password: null });
    const token = await accessLink(person);
    const promoted = await edit(admin, person, { role: 'admin' });
    expect(promoted.status, promoted.res.body).toBe(200);
    expect(await liveTokens(person.id)).toBe(0);
    const res = await activate(token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(invalid);
    // The account takes a link issued now, by an admin, to the admin it is.
    expect((await activate(await accessLink(person))).status).toBe(204);
  });

  it('a reset link does not survive a role change either, in either direction', async () => {
    const person = await createUser(t, { role: 'evaluador' });
    const token = await resetLink(person);
    expect((await edit(hr, person, { role: 'colaborador' })).status).toBe(200);
    expect((await reset(token)).body).toMatchObject(invalid);
  });

  it('the staff import ends the links of a person whose role it changes, not of the others', async () => {
    const changed = await createUser(t, { role: 'colaborador', password: null });
    const same = await createUser(t, { role: 'colaborador', password: null });
    const changedToken = await accessLink(changed);
    const sameToken = await accessLink(same);
    const csv = `\uFEFFnombre;correo;rol\r\n${changed.name};${changed.email};evaluador\r\n${same.name};${same.email};colaborador\r\n`;
    const applied = await call(hr, usersImportEndpoints.apply, { body: { csv } });
    expect(applied.status).toBe(200);
    expect((await activate(changedToken)).body).toMatchObject(invalid);
    expect((await activate(sameToken)).status).toBe(204);
  });

  it('an address changed through Colaboradores ends the links sent to the old one', async () => {
    const person = await createUser(t, { role: 'colaborador', password: null });
    const token = await accessLink(person);
    const category = (await call(hr, categoryEndpoints.create, { body: { name: unique('Cat') } })).body;
    const moved = await call(hr, collaboratorEndpoints.update, {
      params: { id: person.id },
      body: {
        name: person.name,
        email: `${unique('nueva')}@prueba.do`,
        position: 'Docente',
        department: null,
        category_id: category.id,
      },
    });
    expect(moved.status).toBe(200);
    expect((await activate(token)).body).toMatchObject(invalid);
  });

  it('other edits keep the links: a new position is no reason to send another one', async () => {
    const person = await createUser(t, { role: 'colaborador', password: null });
    const token = await accessLink(person);
    expect((await edit(hr, person, { position: 'Docente' })).status).toBe(200);
    expect((await setStatus(hr, person.id, true)).status).toBe(200);
    expect((await activate(token)).status).toBe(204);
  });

  it('a link used while the account is made admin: used before the change, or refused — never a 500', async () => {
    for (let round = 0; round < 5; round += 1) {
      const person = await createUser(t, { role: 'colaborador', password: null });
      const token = await accessLink(person);
      const [promoted, ...uses] = await Promise.all([
        edit(admin, person, { role: 'admin' }),
        ...Array.from({ length: 5 }, () => activate(token)),
      ]);
      expect(promoted!.status, promoted!.res.body).toBe(200);
      const codes = uses.map((r) => r.status);
      expect(codes.every((c) => c === 204 || c === 400)).toBe(true);
      expect(codes.filter((c) => c === 204).length).toBeLessThanOrEqual(1);
      const trail = await t.db
        .selectFrom('audit_log')
        .select(['id', 'action'])
        .where('entity', '=', 'user')
        .where('entity_id', '=', person.id)
        .where('action', 'in', ['account_activation', 'update'])
        .orderBy('id')
        .execute();
      // A link that worked was used before the role changed, never after.
      if (codes.includes(204)) expect(trail.map((e) => e.action)).toEqual(['account_activation', 'update']);
      else expect(trail.map((e) => e.action)).toEqual(['update']);
      expect(await liveTokens(person.id)).toBe(0);
    }
  });
});
