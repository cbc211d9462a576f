import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  ERROR_CODES,
  MAIL_MESSAGES,
  accessEndpoints,
  outboxEndpoints,
  type OutboxMessage,
} from '@evalua/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callExpecting, reply } from '../../../test/call';
import type { TestClient } from '../../../test/client';
import { createTestContext, type TestContext } from '../../../test/context';
import { testEngines } from '../../../test/engines';
import { createUser, loginAs, type TestUser } from '../../../test/factories';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../../../test/mail';
import { backupSqlite } from '../../db/backup';
import { endDeadLinks } from './service';

/**
 * Decision 043: once a message is sent, or the token of its link is used, voided or expired, its
 * single-use link is no longer readable anywhere the app keeps data — the outbox row, Correos (its
 * JSON and HTML, for admin and HR), a backup — and such a message is never sent again.
 */

const run = promisify(execFile);
const TOKEN = /token=([A-Za-z0-9_-]{43})/;
const NEW_PASSWORD = 'Mi-Clave-Propia-789';

function tokenIn(text: string): string {
  const match = TOKEN.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return match[1]!;
}

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A backup of the test database as `npm run backup` makes it — SQLite's copy, or on PostgreSQL the
 * pg_dump it prints (of this test's schema) — read as text.
 */
async function backupText(t: TestContext): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-link-backup-'));
  try {
    if (t.engine === 'sqlite') {
      const copy = await backupSqlite(t.handle.location, dir);
      return fs.readFileSync(copy).toString('latin1');
    }
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0]!.s;
    const file = path.join(dir, 'copia.sql');
    await run('pg_dump', [
      '--format=plain',
      '--no-owner',
      `--schema=${schema}`,
      '--file',
      file,
      t.databaseUrl as string,
    ]);
    return fs.readFileSync(file, 'utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Everything of the outbox a reader can get: the rows themselves, Correos' JSON and each message's HTML. */
async function readable(t: TestContext, readers: TestClient[]): Promise<string> {
  const parts = [JSON.stringify(await t.db.selectFrom('outbox').selectAll().execute())];
  for (const reader of readers) {
    const page = await call(reader, outboxEndpoints.list, { query: { page: 1, pageSize: 100 } });
    expect(page.status).toBe(200);
    parts.push(page.res.body);
    for (const row of page.body.rows) {
      const html = await call(reader, outboxEndpoints.html, { params: { id: row.id } });
      expect(html.status).toBe(200);
      parts.push(html.res.body);
    }
  }
  return parts.join('\n');
}

async function rowOf(t: TestContext, userId: number, kind: 'access-link' | 'password-reset' = 'access-link') {
  return t.db
    .selectFrom('outbox')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

async function shownTo(reader: TestClient, id: number): Promise<OutboxMessage> {
  const page = (await call(reader, outboxEndpoints.list, { query: { page: 1, pageSize: 100 } })).body;
  const row = page.rows.find((r) => r.id === id);
  if (!row) throw new Error(`message ${id} not listed`);
  return row;
}

/** The person's activation with the link's token: 204, or 400 for a token that no longer works. */
const activate = (t: TestContext, token: string, newPassword = NEW_PASSWORD) =>
  reply(t.client(), accessEndpoints.activate, { body: { token, newPassword } });

/** HR (or an administrator) mails a person a new access link: 202. */
const sendAccessLink = async (client: TestClient, person: TestUser) =>
  (await call(client, accessEndpoints.accessLink, { params: { id: person.id } })).status;

describe.each(testEngines())('single-use links leave the outbox (decision 043) [%s]', (engine) => {
  describe('with an SMTP server', () => {
    let smtp: SmtpReceiver;
    let t: TestContext;
    let admin: TestClient;
    let hr: TestClient;
    /** What the SMTP server does between receiving a message and accepting it. */
    let onReceive: ((mail: ReceivedMail) => Promise<void>) | undefined;

    beforeAll(async () => {
      smtp = await startSmtpReceiver(0, { beforeAccept: async (mail) => onReceive?.(mail) });
      t = await createTestContext(engine, { smtpUrl: smtp.url });
      admin = (await loginAs(t, 'admin')).client;
      hr = (await loginAs(t, 'gestionhumana')).client;
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.stop();
    });

    async function sentLink(person: TestUser): Promise<string> {
      expect(await sendAccessLink(hr, person)).toBe(202);
      await smtp.waitFor(() => smtp.to(person.email).length >= 1);
      await until(async () => (await rowOf(t, person.id)).status === 'enviado');
      return tokenIn(smtp.to(person.email)[0]!.text);
    }

    it('a sent access link is in the mailbox only: not in the row, Correos, its HTML or a backup', async () => {
      const person = await createUser(t, { name: 'Ana Pérez', password: null });
      const token = await sentLink(person);
      const row = await rowOf(t, person.id);
      expect(row).toMatchObject({ status: 'enviado', link: null, token_hash: null });
      expect(row.link_removed_at).not.toBeNull();
      expect(row.text).toContain(MAIL_MESSAGES.linkSent);
      expect(row.html).toContain(MAIL_MESSAGES.linkSent);
      expect(await readable(t, [admin, hr])).not.toContain(token);
      expect(await backupText(t)).not.toContain(token);
      for (const reader of [admin, hr]) {
        const shown = await shownTo(reader, row.id);
        expect(shown).toMatchObject({ status: 'enviado', link_removed: true });
        expect(shown.text).toContain(`Elegir mi contraseña: ${MAIL_MESSAGES.linkSent}`);
        const html = await call(reader, outboxEndpoints.html, { params: { id: row.id } });
        expect(html.res.body).toContain(MAIL_MESSAGES.linkSent);
      }
      // The e-mail itself carried the live link: the person gets in with it.
      expect((await activate(t, token)).status).toBe(204);
    });

    it('a sent message whose link is gone is not sent again: resend says to send a new access link', async () => {
      const person = await createUser(t, { password: null });
      await sentLink(person);
      const row = await rowOf(t, person.id);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          callExpecting(i % 2 ? admin : hr, outboxEndpoints.resend, { params: { id: row.id } }, 409),
        ),
      );
      for (const res of answers) {
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ code: ERROR_CODES.mailLinkGone, error: MAIL_MESSAGES.linkGone });
      }
      expect(await rowOf(t, person.id)).toEqual(row);
      const audited = await t.db
        .selectFrom('audit_log')
        .select('id')
        .where('entity', '=', 'outbox')
        .where('entity_id', '=', row.id)
        .execute();
      expect(audited).toEqual([]);
      expect(smtp.to(person.email)).toHaveLength(1);
      // The way that works: a new access link, a new message.
      expect(await sendAccessLink(hr, person)).toBe(202);
      await smtp.waitFor(() => smtp.to(person.email).length === 2);
    });

    it('a link used while its message is being handed to the SMTP server leaves the row too', async () => {
      const person = await createUser(t, { password: null });
      let used: number | undefined;
      onReceive = async (mail) => {
        if (!mail.to.includes(person.email)) return;
        used = (await activate(t, tokenIn(mail.text))).status;
      };
      try {
        expect(await sendAccessLink(hr, person)).toBe(202);
        await until(async () => (await rowOf(t, person.id)).status === 'enviado');
      } finally {
        onReceive = undefined;
      }
      expect(used).toBe(204);
      const token = tokenIn(smtp.to(person.email)[0]!.text);
      const row = await rowOf(t, person.id);
      expect(row.link).toBeNull();
      expect(await readable(t, [admin, hr])).not.toContain(token);
      expect(await backupText(t)).not.toContain(token);
    });

    it('a password reset link: the same once sent', async () => {
      const person = await createUser(t);
      const forgot = await call(t.client(), accessEndpoints.forgotPassword, {
        body: { email: person.email },
      });
      expect(forgot.status).toBe(202);
      await smtp.waitFor(() => smtp.to(person.email).length >= 1);
      await until(async () => (await rowOf(t, person.id, 'password-reset')).status === 'enviado');
      const token = tokenIn(smtp.to(person.email)[0]!.text);
      expect(await readable(t, [admin, hr])).not.toContain(token);
      expect(await backupText(t)).not.toContain(token);
    });
  });

  describe('without an SMTP server (messages wait)', () => {
    let t: TestContext;
    let admin: TestClient;
    let hr: TestClient;

    beforeAll(async () => {
      t = await createTestContext(engine);
      admin = (await loginAs(t, 'admin')).client;
      hr = (await loginAs(t, 'gestionhumana')).client;
    });
    afterAll(async () => {
      await t?.close();
    });

    /** Sends an access link and reads it where an administrator can while it waits (decision 033). */
    async function waitingLink(person: TestUser): Promise<{ id: number; token: string }> {
      expect(await sendAccessLink(hr, person)).toBe(202);
      const row = await rowOf(t, person.id);
      const shown = await shownTo(admin, row.id);
      expect(shown.status).toBe('pendiente');
      expect((await shownTo(hr, row.id)).text).toContain(MAIL_MESSAGES.linkHidden);
      return { id: row.id, token: tokenIn(shown.text) };
    }

    function expectEnded(row: Awaited<ReturnType<typeof rowOf>>): void {
      expect(row).toMatchObject({
        status: 'fallido',
        link: null,
        token_hash: null,
        last_error: MAIL_MESSAGES.linkEndedNotSent,
        claimed_until: null,
      });
      expect(row.link_removed_at).not.toBeNull();
      expect(row.text).toContain(MAIL_MESSAGES.linkEnded);
      expect(row.html).toContain(MAIL_MESSAGES.linkEnded);
    }

    it('a token from a backup made before its use is nowhere after the use, and opens nothing', async () => {
      const person = await createUser(t, { password: null });
      const { id, token } = await waitingLink(person);
      // While it waits to be sent the link must be kept; the copy is the owner's alone (0600).
      expect(await backupText(t)).toContain(token);
      expect((await activate(t, token)).status).toBe(204);
      expectEnded(await rowOf(t, person.id));
      expect(await readable(t, [admin, hr])).not.toContain(token);
      expect(await backupText(t)).not.toContain(token);
      for (const reader of [admin, hr]) {
        const shown = await shownTo(reader, id);
        expect(shown).toMatchObject({ status: 'fallido', link_removed: true });
        expect(shown.text).toContain(MAIL_MESSAGES.linkEnded);
      }
      // The copy's token: used, so refused.
      expect((await activate(t, token, 'Otra-Clave-Mas-000')).status).toBe(400);
      // The message is given up, never sent with a dead link, and cannot be put back in the queue.
      const resend = await callExpecting(admin, outboxEndpoints.resend, { params: { id } }, 409);
      expect(resend.status).toBe(409);
      expect(resend.body).toMatchObject({ code: ERROR_CODES.mailLinkGone });
    });

    it('ten uses at once of a waiting link: one works, and the link is gone', async () => {
      const person = await createUser(t, { password: null });
      const { token } = await waitingLink(person);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => activate(t, token, `Clave-Concurrente-${i}00`)),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([204, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
      expectEnded(await rowOf(t, person.id));
      expect(await readable(t, [admin, hr])).not.toContain(token);
    });

    it('a newer link voids the waiting one: its message loses the link and is not sent', async () => {
      const person = await createUser(t, { password: null });
      const first = await waitingLink(person);
      const second = await waitingLink(person);
      expect(second.id).not.toBe(first.id);
      const rows = await t.db
        .selectFrom('outbox')
        .selectAll()
        .where('id', 'in', [first.id, second.id])
        .execute();
      expectEnded(rows.find((r) => r.id === first.id)!);
      expect(rows.find((r) => r.id === second.id)).toMatchObject({ status: 'pendiente' });
      expect(await readable(t, [admin, hr])).not.toContain(first.token);
      expect((await activate(t, first.token)).status).toBe(400);
    });

    it('an expired link leaves the outbox at the next pass (housekeeping) or when Correos is read', async () => {
      const expire = (userId: number) =>
        t.db
          .updateTable('user_tokens')
          .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .where('user_id', '=', userId)
          .execute();
      const one = await createUser(t, { password: null });
      const a = await waitingLink(one);
      await expire(one.id);
      expect(await endDeadLinks(t.db)).toBe(1);
      expectEnded(await rowOf(t, one.id));
      expect(await backupText(t)).not.toContain(a.token);

      const two = await createUser(t, { password: null });
      const b = await waitingLink(two);
      await expire(two.id);
      // HR reads Correos: the expired link is taken out first.
      const read = await call(hr, outboxEndpoints.list, { query: { page: 1, pageSize: 100 } });
      expect(read.res.body).not.toContain(b.token);
      expectEnded(await rowOf(t, two.id));
      expect(await readable(t, [admin])).not.toContain(b.token);
      // Nothing more to do: nothing written.
      expect(await endDeadLinks(t.db)).toBe(0);
    });

    it('a token ended by any change of the account (its row deleted) leaves the outbox at the next pass', async () => {
      const person = await createUser(t, { password: null });
      const { token } = await waitingLink(person);
      await t.db.deleteFrom('user_tokens').where('user_id', '=', person.id).execute();
      await Promise.all(Array.from({ length: 10 }, () => endDeadLinks(t.db)));
      expectEnded(await rowOf(t, person.id));
      expect(await readable(t, [admin, hr])).not.toContain(token);
    });
  });
});
