import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, startApp, type AppProcess } from '../../../../bench/lib/app-process';
import { freshDatabase } from '../../../../bench/lib/database';
import { Session } from '../../../../bench/lib/http';
import { logIn } from '../../../../bench/lib/rounds';
import type { OutboxPage } from '@evalua/contracts';
import { enqueueMail, mailSettings } from '../../src/modules/mail';
import { testConfig } from '../context';
import { testEngines } from '../engines';
import { startSmtpReceiver, type ReceivedMail } from '../mail';

/**
 * Issue 27 §8, decision 044: the sender's process is killed (SIGKILL) in the instant after the SMTP
 * server accepted a message and before it recorded 'enviado'. Another instance sends it again once
 * the claim lapses — with the same Message-ID, so mail clients show it once — and Correos marks it
 * as a possible duplicate. Real processes (the app run from its sources), a real SMTP server.
 */

const PUBLIC_URL = 'https://evalua.colegio.test';
const SUBJECT = 'Mensaje del instante fatal';

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
});

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(testEngines())('a sender killed right after the SMTP server accepted [%s]', (engine) => {
  it('is sent again with the same Message-ID, and Correos shows it may have gone out twice', async () => {
    const db = await freshDatabase(engine, process.env.TEST_DATABASE_URL);
    cleanup.push(() => db.drop());

    // The first instance, once started (the SMTP server needs it before it exists).
    const started: { first?: AppProcess } = {};
    let killed = false;
    // The server stores the message, then — before its 250 reaches the sender — the sender's
    // process dies: accepted by the server, never recorded by the app.
    const smtp = await startSmtpReceiver(0, {
      async beforeAccept(mail: ReceivedMail) {
        if (mail.subject !== SUBJECT || killed || !started.first) return;
        killed = true;
        await started.first.kill('SIGKILL');
      },
    });
    cleanup.push(() => smtp.stop());
    const env = {
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      MAIL_FROM: 'Colegio Prueba <evalua@colegio.test>',
    };
    const entry = 'apps/server/src/serve.ts';
    const first = await startApp({ databaseUrl: db.url, admin: ADMIN, entry, env });
    started.first = first;
    cleanup.push(() => first.stop());

    const handle = db.open();
    cleanup.push(() => handle.destroy());
    const [id] = (await enqueueMail(handle.db, mailSettings(testConfig({ publicUrl: PUBLIC_URL })), {
      kind: 'reminder',
      to: { email: 'ana@colegio.test', name: 'Ana Pérez', userId: null },
      content: { subject: SUBJECT, greeting: 'Hola, Ana:', paragraphs: ['Tienes evaluaciones pendientes.'] },
    })) as [number];
    const row = () =>
      handle.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const messageId = (await row()).message_id;
    expect(messageId).toMatch(/^<evalua\.[0-9a-f-]{36}@evalua\.colegio\.test>$/);

    // The first instance picks it up (it polls), the server accepts it, the process dies.
    expect(await first.exited).toBe('SIGKILL');
    expect(smtp.messages.filter((m) => m.subject === SUBJECT)).toHaveLength(1);
    const cut = await row();
    expect(cut.status).toBe('enviando');
    expect(cut.attempt_started_at).not.toBeNull();
    expect(cut.possible_duplicate).toBe(0);

    // Two minutes pass: the dead instance's claim lapses.
    await handle.db
      .updateTable('outbox')
      .set({ claimed_until: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', id)
      .execute();

    // Another instance sends it again — with the same Message-ID — and records it.
    const second = await startApp({ databaseUrl: db.url, entry, env });
    cleanup.push(() => second.stop());
    await until(async () => (await row()).status === 'enviado', 'the second attempt is recorded');
    const copies = smtp.messages.filter((m) => m.subject === SUBJECT);
    expect(copies).toHaveLength(2);
    expect(copies.map((m) => m.messageId)).toEqual([messageId, messageId]);
    const done = await row();
    expect(done.attempts).toBe(2);
    expect(done.possible_duplicate).toBe(1);
    expect(done.attempt_started_at).toBeNull();

    // Correos (admin and gestionhumana read the same list) shows it.
    const admin = new Session(second.origin);
    await logIn(admin, ADMIN.email, ADMIN.password);
    const res = await admin.get(`/api/outbox?q=${encodeURIComponent(SUBJECT)}`);
    expect(res.status).toBe(200);
    const page = res.body as OutboxPage;
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({
      id,
      status: 'enviado',
      attempts: 2,
      possible_duplicate: true,
      message_id: messageId,
    });
  });
});
