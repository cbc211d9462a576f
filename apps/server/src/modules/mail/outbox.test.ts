import { outboxEndpoints } from '@evalua/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callExpecting, statusOf } from '../../../test/call';
import type { TestClient } from '../../../test/client';
import { createTestContext, describeEngines, type TestContext } from '../../../test/context';
import { testEngines } from '../../../test/engines';
import { createUser, loginAs } from '../../../test/factories';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/mail';
import { sha256 } from '../../auth/tokens';
import { MailSender } from './sender';
import { claimDue, enqueueMail, kickOutbox, mailSettings, type MailRequest } from './service';

const silent = pino({ level: 'silent' });

function request(email: string, subject: string, secretLink?: string): MailRequest {
  return {
    kind: secretLink ? 'access-link' : 'reminder',
    to: { email, name: 'Ana Pérez', userId: null },
    content: {
      subject,
      greeting: 'Hola, Ana:',
      paragraphs: ['Un párrafo.'],
      ...(secretLink ? { action: { label: 'Crear mi contraseña', href: secretLink } } : {}),
    },
    ...(secretLink ? { secretLink } : {}),
  };
}

async function statuses(t: TestContext): Promise<Record<string, number>> {
  const rows = await t.db.selectFrom('outbox').select(['status']).execute();
  const out: Record<string, number> = {};
  for (const r of rows) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(testEngines())('outbox delivery [%s]', (engine) => {
  let smtp: SmtpReceiver;
  let t: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestContext(engine, {
      smtpUrl: smtp.url,
      mailFrom: 'Colegio Prueba <evalua@colegio.test>',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('writes nothing when the change that causes a message fails (same transaction)', async () => {
    const before = await t.db.selectFrom('outbox').select('id').execute();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, mailSettings(t.config), request('nadie@colegio.test', 'No debe salir'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    kickOutbox(t.db);
    const after = await t.db.selectFrom('outbox').select('id').execute();
    expect(after.length).toBe(before.length);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.to('nadie@colegio.test')).toHaveLength(0);
  });

  it('delivers a committed message once, as HTML and text, and marks it sent', async () => {
    const [id] = await enqueueMail(
      t.db,
      mailSettings(t.config),
      request('ana@colegio.test', 'Asunto único 1'),
    );
    kickOutbox(t.db);
    const [mail] = await smtp
      .waitFor((m) => m.some((x) => x.subject === 'Asunto único 1'))
      .then((m) => m.filter((x) => x.subject === 'Asunto único 1'));
    expect(mail!.to).toEqual(['ana@colegio.test']);
    expect(mail!.from).toBe('evalua@colegio.test');
    expect(mail!.text).toContain('Hola, Ana:');
    expect(mail!.html).toContain('Hola, Ana:');
    await until(async () => {
      const row = await t.db.selectFrom('outbox').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
      return row.status === 'enviado' && row.sent_at !== null;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.filter((x) => x.subject === 'Asunto único 1')).toHaveLength(1);
  });

  it('marks a refused recipient failed with the server’s reason and still delivers the rest', async () => {
    smtp.rejectRecipient('rechazado@colegio.test');
    const ids = await enqueueMail(t.db, mailSettings(t.config), [
      request('rechazado@colegio.test', 'Lote rechazo'),
      request('bien1@colegio.test', 'Lote rechazo'),
      request('bien2@colegio.test', 'Lote rechazo'),
    ]);
    kickOutbox(t.db);
    await until(async () => {
      const rows = await t.db.selectFrom('outbox').select('status').where('id', 'in', ids).execute();
      return rows.every((r) => r.status === 'enviado' || r.status === 'fallido');
    });
    const refused = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    expect(refused.status).toBe('fallido');
    expect(refused.last_error).toMatch(/550/);
    expect(refused.last_error).toContain('rechazado@colegio.test');
    expect(smtp.to('bien1@colegio.test')).toHaveLength(1);
    expect(smtp.to('bien2@colegio.test')).toHaveLength(1);
  });

  it('retries while the SMTP server is down and delivers when it is back: nothing lost, nothing doubled', async () => {
    await smtp.pause();
    const ids = await enqueueMail(
      t.db,
      mailSettings(t.config),
      Array.from({ length: 5 }, (_, i) => request(`caida${i}@colegio.test`, `Caída ${i}`)),
    );
    kickOutbox(t.db);
    await until(async () => {
      const rows = await t.db.selectFrom('outbox').selectAll().where('id', 'in', ids).execute();
      return rows.every((r) => r.status === 'pendiente' && r.attempts >= 1 && r.last_error !== null);
    });
    const waiting = await t.db.selectFrom('outbox').selectAll().where('id', 'in', ids).execute();
    for (const row of waiting) expect(row.next_attempt_at > row.created_at).toBe(true);
    await smtp.resume();
    await until(async () => {
      const rows = await t.db.selectFrom('outbox').select('status').where('id', 'in', ids).execute();
      return rows.every((r) => r.status === 'enviado');
    }, 20_000);
    for (let i = 0; i < 5; i++) expect(smtp.to(`caida${i}@colegio.test`)).toHaveLength(1);
  });

  it('every attempt carries the Message-ID chosen when the message was written (decision 044)', async () => {
    await smtp.pause();
    const [id] = (await enqueueMail(
      t.db,
      mailSettings(t.config),
      request('mid@colegio.test', 'Con identificador'),
    )) as [number];
    const { message_id: messageId } = await t.db
      .selectFrom('outbox')
      .select('message_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(messageId).toMatch(/^<evalua\.[0-9a-f-]{36}@127\.0\.0\.1>$/);
    kickOutbox(t.db);
    // A first attempt fails (the server is down), a later one delivers: the same identifier.
    await until(async () => {
      const row = await t.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return row.status === 'pendiente' && row.attempts >= 1;
    });
    await smtp.resume();
    const [mail] = await smtp.waitFor((m) => m.some((x) => x.subject === 'Con identificador'));
    expect(smtp.messages.find((x) => x.subject === 'Con identificador')?.messageId).toBe(messageId);
    expect(mail).toBeDefined();
    await until(async () => {
      const row = await t.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return row.status === 'enviado';
    });
    const row = await t.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.possible_duplicate).toBe(0);
    expect(row.attempt_started_at).toBeNull();
  });

  it('a claim that lapsed before its attempt began is sent once and not marked as a possible duplicate', async () => {
    const own = await createTestContext(engine, { smtpUrl: smtp.url, mailPollMilliseconds: 60_000 });
    try {
      await own.app.close(); // this instance's sender stops: the claim below is an instance that died
      const [id] = (await enqueueMail(
        own.db,
        mailSettings(own.config),
        request('lapso@colegio.test', 'Lapso'),
      )) as [number];
      const claimed = await claimDue(
        own.db,
        own.engine,
        new Date().toISOString(),
        '2000-01-01T00:00:00.000Z',
        20,
      );
      expect(claimed.map((r) => r.id)).toContain(id);
      // Another sender takes the lapsed claim.
      const other = new MailSender(own.db, own.engine, own.config, silent);
      other.start();
      try {
        await until(async () => {
          const row = await own.db
            .selectFrom('outbox')
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          return row.status === 'enviado';
        });
      } finally {
        await other.stop();
      }
      const row = await own.db
        .selectFrom('outbox')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBe(2);
      expect(row.possible_duplicate).toBe(0);
      expect(smtp.to('lapso@colegio.test')).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  // Several instances share a PostgreSQL database; SQLite is one process's file (docs/deployment.md),
  // where two senders in the process compete instead.
  it('two senders (two instances on PostgreSQL) deliver each message exactly once', async () => {
    let otherDb = t.db;
    let extra: MailSender | undefined;
    if (engine === 'postgres') otherDb = (await t.secondInstance()).db;
    else {
      extra = new MailSender(t.db, t.engine, t.config, silent);
      extra.start();
    }
    const ids = await enqueueMail(
      t.db,
      mailSettings(t.config),
      Array.from({ length: 60 }, (_, i) => request(`doble${i}@colegio.test`, `Doble ${i}`)),
    );
    kickOutbox(t.db);
    kickOutbox(otherDb);
    await until(async () => {
      const rows = await t.db.selectFrom('outbox').select('status').where('id', 'in', ids).execute();
      return rows.every((r) => r.status === 'enviado');
    }, 20_000);
    await new Promise((r) => setTimeout(r, 300));
    await extra?.stop();
    for (let i = 0; i < 60; i++) expect(smtp.to(`doble${i}@colegio.test`)).toHaveLength(1);
  });

  it('the graceful stop (app.close) finishes the deliveries in flight before the database closes', async () => {
    const own = await createTestContext(engine, { smtpUrl: smtp.url, mailPollMilliseconds: 60_000 });
    try {
      const ids = await enqueueMail(
        own.db,
        mailSettings(own.config),
        Array.from({ length: 3 }, (_, i) => request(`parada${i}@colegio.test`, `Parada ${i}`)),
      );
      kickOutbox(own.db);
      await own.app.close();
      const rows = await own.db.selectFrom('outbox').select('status').where('id', 'in', ids).execute();
      expect(rows.map((r) => r.status)).toEqual(['enviado', 'enviado', 'enviado']);
      for (let i = 0; i < 3; i++) expect(smtp.to(`parada${i}@colegio.test`)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});

describeEngines('Correos (outbox) without SMTP', (t) => {
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let hr: Awaited<ReturnType<typeof loginAs>>;
  const link = 'http://127.0.0.1:3000/activar?token=SECRETO-abc&x=1';
  let linkId: number;
  let plainId: number;
  beforeAll(async () => {
    admin = await loginAs(t(), 'admin');
    hr = await loginAs(t(), 'gestionhumana');
    const user = await createUser(t(), { name: 'Beatriz Díaz' });
    // The link's token is live: the message keeps it until it is sent (decision 043).
    const tokenHash = sha256('SECRETO-abc');
    await t()
      .db.insertInto('user_tokens')
      .values({
        user_id: user.id,
        purpose: 'access',
        token_hash: tokenHash,
        expires_at: '2999-01-01T00:00:00.000Z',
        created_at: new Date().toISOString(),
      })
      .execute();
    [linkId] = (await enqueueMail(t().db, mailSettings(t().config), {
      ...request(user.email, 'Tu enlace de acceso', link),
      to: { email: user.email, name: user.name, userId: user.id },
      secretTokenHash: tokenHash,
    })) as [number];
    [plainId] = (await enqueueMail(
      t().db,
      mailSettings(t().config),
      Array.from({ length: 25 }, (_, i) => request(`lista${i}@colegio.test`, `Lista ${i}`)),
    )) as [number];
  });

  it('keeps messages waiting, and the list says no SMTP server is configured', async () => {
    kickOutbox(t().db);
    await new Promise((r) => setTimeout(r, 200));
    expect(await statuses(t())).toEqual({ pendiente: 26 });
    const res = await call(admin.client, outboxEndpoints.list, { query: { page: 1, pageSize: 10 } });
    expect(res.status).toBe(200);
    const page = res.body;
    expect(page.smtp_configured).toBe(false);
    expect(page.total).toBe(26);
    expect(page.rows).toHaveLength(10);
    expect(page.rows[0]!.subject).toBe('Lista 24');
    const last = (await call(admin.client, outboxEndpoints.list, { query: { page: 3, pageSize: 10 } })).body;
    expect(last.rows.map((r) => r.subject)).toEqual(
      expect.arrayContaining(['Lista 4', 'Lista 0', 'Tu enlace de acceso']),
    );
    expect(last.rows).toHaveLength(6);
    const past = (await call(admin.client, outboxEndpoints.list, { query: { page: 9, pageSize: 10 } })).body;
    expect(past).toMatchObject({ rows: [], total: 26 });
  });

  it('filters by status and searches recipient and subject (a % is a character)', async () => {
    const list = async (query: { q?: string; status?: string }) =>
      (await call(admin.client, outboxEndpoints.list, { query })).body;
    const q = await list({ q: 'beatriz' });
    expect(q.rows.map((r) => r.subject)).toEqual(['Tu enlace de acceso']);
    const pct = await list({ q: '%' });
    expect(pct.total).toBe(0);
    const sent = await list({ status: 'enviado' });
    expect(sent.total).toBe(0);
    const bad = await callExpecting(
      admin.client,
      outboxEndpoints.list,
      { query: { status: 'perdido' } },
      400,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'El estado no es válido.' });
  });

  it('shows an unsent access link to an administrator, and hides it from gestionhumana', async () => {
    const find = async (client: TestClient) => {
      const row = (await call(client, outboxEndpoints.list, { query: { q: 'beatriz' } })).body.rows[0];
      if (!row) throw new Error('no message to Beatriz');
      return row;
    };
    const html = async (client: TestClient) => {
      const res = await call(client, outboxEndpoints.html, { params: { id: linkId } });
      expect(res.status).toBe(200);
      return res.res.body;
    };
    const forAdmin = await find(admin.client);
    expect(forAdmin.text).toContain(link);
    expect('html' in forAdmin).toBe(false);
    expect(await html(admin.client)).toContain(link.replace('&', '&amp;'));
    const forHr = await find(hr.client);
    expect(forHr.text).not.toContain('SECRETO');
    expect(forHr.text).toContain('[enlace oculto]');
    const hrHtml = await html(hr.client);
    expect(hrHtml).not.toContain('SECRETO');
    expect(hrHtml).toContain('[enlace oculto]');
    // Once sent, nobody reads it there any more: it is not kept (decision 043).
    await t().db.updateTable('outbox').set({ status: 'enviado' }).where('id', '=', linkId).execute();
    const sentForAdmin = await find(admin.client);
    expect(sentForAdmin.text).not.toContain('SECRETO');
    expect(sentForAdmin.text).toContain('[enlace enviado]');
    expect(sentForAdmin.link_removed).toBe(true);
    expect(await html(admin.client)).not.toContain('SECRETO');
  });

  it('serves a message as a sandboxed document only this app may frame, with its styles', async () => {
    const { res } = await call(admin.client, outboxEndpoints.html, { params: { id: linkId } });
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(
      "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'",
    );
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/^<!doctype html>/i);
    expect(await statusOf(admin.client, outboxEndpoints.html, { params: { id: 999999 } })).toBe(404);
  });

  it('resend puts a message back in the queue and audits it; unknown ids are 404', async () => {
    await t()
      .db.updateTable('outbox')
      .set({ status: 'fallido', attempts: 8, last_error: '550 no' })
      .where('id', '=', plainId)
      .execute();
    const res = await call(hr.client, outboxEndpoints.resend, { params: { id: plainId } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: plainId, status: 'pendiente', attempts: 0, last_error: null });
    const entry = await t()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'outbox')
      .where('entity_id', '=', plainId)
      .executeTakeFirst();
    expect(entry).toMatchObject({ action: 'resend', user_id: hr.user.id });
    const missing = await callExpecting(
      admin.client,
      outboxEndpoints.resend,
      { params: { id: 999999 } },
      404,
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'El correo no existe.' });
  });

  it('refuses a message being sent right now (409), and changes nothing', async () => {
    await t()
      .db.updateTable('outbox')
      .set({ status: 'enviando', claimed_until: '2999-01-01T00:00:00.000Z' })
      .where('id', '=', plainId)
      .execute();
    const res = await callExpecting(admin.client, outboxEndpoints.resend, { params: { id: plainId } }, 409);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'MAIL_SENDING' });
    const row = await t()
      .db.selectFrom('outbox')
      .select('status')
      .where('id', '=', plainId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('enviando');
  });

  it('refuses evaluators, collaborators (403) and anonymous callers (401)', async () => {
    for (const role of ['evaluador', 'colaborador'] as const) {
      const { client } = await loginAs(t(), role);
      const theMessage = { params: { id: linkId } };
      expect(await statusOf(client, outboxEndpoints.list)).toBe(403);
      expect(await statusOf(client, outboxEndpoints.resend, theMessage)).toBe(403);
      expect(await statusOf(client, outboxEndpoints.html, theMessage)).toBe(403);
    }
    const anon = t().client();
    expect(await statusOf(anon, outboxEndpoints.list)).toBe(401);
    expect(await statusOf(anon, outboxEndpoints.html, { params: { id: linkId } })).toBe(401);
  });
});
