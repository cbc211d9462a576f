import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { testEngines } from '../../../test/engines';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/mail';
import { enqueueMail, kickOutbox, mailSettings, type Recipient } from './service';

/**
 * Recipients the database should never hold but might (an old import, a hand edit): each message
 * ends on its own — sent to that one address or failed at once with the reason — and the others in
 * the same batch are delivered; a recipient field never reaches a second mailbox, and a name never
 * adds a header.
 */
describe.each(testEngines())('odd recipients in the outbox [%s]', (engine) => {
  let smtp: SmtpReceiver;
  let t: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    // Many attempts and a long wait between them: a message retried would still be 'pendiente'.
    t = await createTestContext(engine, { smtpUrl: smtp.url, mailMaxAttempts: 8, mailRetrySeconds: 600 });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  async function send(to: Recipient, subject: string): Promise<number> {
    const [id] = await enqueueMail(t.db, mailSettings(t.config), {
      kind: 'reminder',
      to,
      content: { subject, greeting: 'Hola:', paragraphs: ['Un párrafo.'] },
    });
    return id!;
  }

  async function settled(ids: number[]) {
    const end = Date.now() + 10_000;
    for (;;) {
      const rows = await t.db
        .selectFrom('outbox')
        .select(['id', 'status', 'attempts', 'last_error'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
      if (rows.every((r) => r.status === 'enviado' || r.status === 'fallido')) return rows;
      if (Date.now() > end) return rows;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('an empty or blank address fails at once (not retried for hours) and the rest go out', async () => {
    const ids = [
      await send({ email: '', name: 'Sin Correo', userId: null }, 'Vacío'),
      await send({ email: 'buena@colegio.test', name: 'Buena', userId: null }, 'Bueno 1'),
      await send({ email: '   ', name: null, userId: null }, 'Blanco'),
    ];
    kickOutbox(t.db);
    const rows = await settled(ids);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['fallido', 1],
      ['enviado', 1],
      ['fallido', 1],
    ]);
    expect(rows[0]!.last_error).toBeTruthy();
    expect(smtp.to('buena@colegio.test').map((m) => m.subject)).toEqual(['Bueno 1']);
  });

  it('a recipient without a name is one address, never a list', async () => {
    const ids = [
      await send({ email: 'x@colegio.test, intruso@otro.test', name: null, userId: null }, 'Lista'),
      await send({ email: 'Alguien <intruso2@otro.test>', name: null, userId: null }, 'Con nombre'),
      await send({ email: 'sola@colegio.test', name: null, userId: null }, 'Sola'),
    ];
    kickOutbox(t.db);
    const rows = await settled(ids);
    expect(rows.map((r) => r.status)).toEqual(['fallido', 'fallido', 'enviado']);
    expect(smtp.to('intruso@otro.test')).toEqual([]);
    expect(smtp.to('intruso2@otro.test')).toEqual([]);
    expect(smtp.to('x@colegio.test')).toEqual([]);
    const [alone] = smtp.to('sola@colegio.test');
    expect(alone!.to).toEqual(['sola@colegio.test']);
  });

  it('a name or subject with a line break adds no header and no recipient', async () => {
    const ids = [
      await send(
        { email: 'nombre@colegio.test', name: 'Ana\r\nBcc: oculto@otro.test', userId: null },
        'Asunto\r\nBcc: oculto2@otro.test',
      ),
    ];
    kickOutbox(t.db);
    const rows = await settled(ids);
    expect(rows[0]!.status).toBe('enviado');
    const [mail] = smtp.to('nombre@colegio.test');
    expect(mail!.to).toEqual(['nombre@colegio.test']);
    const headers = mail!.raw.split('\r\n\r\n')[0]!;
    expect(headers).not.toMatch(/^bcc:/im);
    expect(smtp.to('oculto@otro.test')).toEqual([]);
    expect(smtp.to('oculto2@otro.test')).toEqual([]);
  });
});
