import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { enqueueMail, kickOutbox, mailSettings } from '../modules/mail';
import { startDemoMailbox, type DemoMailbox } from './mailbox';

describe("the demo's mailbox (npm run demo without SMTP_URL)", () => {
  let mailbox: DemoMailbox;
  let t: TestContext;
  beforeAll(async () => {
    mailbox = await startDemoMailbox(0, 0);
    t = await createTestContext('sqlite', {
      smtpUrl: mailbox.smtpUrl,
      organizationName: 'Colegio de demostración',
    });
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.close();
  });

  it('receives what the app sends over real SMTP and shows it in its web inbox, sandboxed', async () => {
    await enqueueMail(t.db, mailSettings(t.config), {
      kind: 'reminder',
      to: { email: 'rosa@demo.edu.do', name: 'Rosa <Díaz>', userId: null },
      content: {
        subject: 'Recordatorio <demo>',
        greeting: 'Hola, Rosa:',
        paragraphs: ['Tienes pendientes.'],
      },
    });
    kickOutbox(t.db);
    const until = Date.now() + 10_000;
    while (mailbox.messages.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    expect(mailbox.messages).toHaveLength(1);
    const list = await fetch(mailbox.inboxUrl);
    const listHtml = await list.text();
    expect(listHtml).toContain('Recordatorio &lt;demo&gt;');
    expect(listHtml).toContain('rosa@demo.edu.do');
    const one = await (await fetch(new URL('/mensaje/1', mailbox.inboxUrl))).text();
    expect(one).toContain('Tienes pendientes.');
    expect(one).toContain('sandbox');
    const raw = await fetch(new URL('/mensaje/1/html', mailbox.inboxUrl));
    expect(raw.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    expect(await raw.text()).toContain('Colegio de demostración');
    expect((await fetch(new URL('/mensaje/9', mailbox.inboxUrl))).status).toBe(404);
  });
});
