import path from 'node:path';
import {
  ACCESS_MESSAGES,
  assignmentEndpoints,
  authEndpoints,
  evaluationEndpoints,
  MAIL_MESSAGES,
  onePage,
  userEndpoints,
} from '@evalua/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/connection';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../apps/server/test/mail';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';

/**
 * Issue 18 in a browser: the demo app sends its mail to a real SMTP server in this process, and each
 * flow starts from a message as it arrived — an access link, a reset from /login, a reminder.
 */
describeInChromium('Reaching people by e-mail in Chromium', () => {
  let smtp: SmtpReceiver | undefined;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterAll(async () => {
    await smtp?.stop();
  });
  // No automatic reminder: the demo's due dates are a week away, one of the default reminder days, and
  // whether today's run has gone out would depend on the hour the test runs at.
  const app = useDemoApp({
    env: () => ({ SMTP_URL: smtp!.url, ORGANIZATION_NAME: 'Colegio Prueba E2E', REMINDER_DAYS: '365' }),
  });

  const mailTo = async (address: string, n = 1): Promise<ReceivedMail> => {
    await smtp!.waitFor(() => smtp!.to(address).length >= n, 20_000);
    return smtp!.to(address)[n - 1]!;
  };
  /** The path and query of the link in a message's text (the app's own address). */
  const linkIn = (mail: ReceivedMail, path: string): string => {
    const m = new RegExp(`https?://[^\\s/]+(${path.replace('?', '\\?')}[^\\s]+)`).exec(mail.text);
    if (!m) throw new Error(`no ${path} link in:\n${mail.text}`);
    return m[1]!;
  };
  const setPassword = async (page: Page, password: string, button: RegExp) => {
    await page.getByLabel(/^Nueva contraseña/).fill(password);
    await page.getByLabel(/^Confirmar nueva contraseña/).fill(password);
    await page.getByRole('button', { name: button }).click();
  };
  const userByEmail = async (page: Page, email: string) => {
    const body = onePage(await call(page, userEndpoints.list, { query: { q: email, page: 1 } }));
    return body.rows.find((r) => r.email === email)!;
  };

  it('HR mails an access link; the person sets a password from the e-mail and lands signed in', async () => {
    const colaborador = app.logins.byRole.colaborador;
    const { page, context } = await app.signIn('gestionhumana', '/home');
    await page.goto('/users');
    await page.getByLabel('Buscar usuario').fill(colaborador.email);
    await page
      .getByRole('button', { name: `Enviar enlace de acceso a ${colaborador.name}` })
      .first()
      .click();
    await page.getByText('Se envió el enlace de acceso.').first().waitFor();
    expect(pageProblems(page)).toEqual([]);
    await context.close();

    const mail = await mailTo(colaborador.email);
    expect(mail.subject).toMatch(/acceso/i);
    expect(mail.html).toContain('Colegio Prueba E2E');
    const link = linkIn(mail, '/activar?token=');

    const person = await app.newPage();
    await person.page.goto(link);
    await person.page.getByRole('heading', { level: 1 }).waitFor();
    await expectNoAxeViolations(person.page, '/activar');
    await setPassword(person.page, 'Mi-Clave-Propia-2026', /guardar|crear|entrar/i);
    await person.page.waitForURL((url) => !url.pathname.startsWith('/activar'));
    // Answers 200 (call checks the endpoint's status).
    const me = await call(person.page, authEndpoints.me);
    expect(me.email).toBe(colaborador.email);
    expect(pageProblems(person.page)).toEqual([]);
    await person.context.close();

    // The same link a second time: a clear Spanish sentence, and a way to ask for a new one.
    const again = await app.newPage();
    await again.page.goto(link);
    await setPassword(again.page, 'Otra-Clave-2026-x', /guardar|crear|entrar/i);
    await again.page.getByRole('alert').filter({ hasText: ACCESS_MESSAGES.linkInvalid }).waitFor();
    await again.page.getByRole('link', { name: 'Pedir un enlace nuevo' }).waitFor();
    await again.context.close();
  });

  it('a forgotten password is reset from /login through the e-mailed link', async () => {
    const evaluador = app.logins.byRole.evaluador;
    const { page, context } = await app.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.waitForURL('**/recuperar-contrasena');
    await page.getByRole('heading', { level: 1, name: 'Recuperar contraseña' }).waitFor();
    await expectNoAxeViolations(page, '/recuperar-contrasena');
    await page.getByLabel(/Correo electrónico/).fill(evaluador.email);
    await page.getByRole('button', { name: /enviar/i }).click();
    await page.getByText(ACCESS_MESSAGES.resetRequested).waitFor();

    const link = linkIn(await mailTo(evaluador.email), '/restablecer-contrasena?token=');
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Restablecer contraseña' }).waitFor();
    await expectNoAxeViolations(page, '/restablecer-contrasena');
    // The spec's sentence when the two do not match.
    await page.getByLabel(/^Nueva contraseña/).fill('Clave-Restablecida-1');
    await page.getByLabel(/^Confirmar nueva contraseña/).fill('Clave-Restablecida-2');
    await page.getByRole('button', { name: /guardar|restablecer|cambiar/i }).click();
    await page.getByText('Las nuevas contraseñas no coinciden.').waitFor();
    await setPassword(page, 'Clave-Restablecida-1', /guardar|restablecer|cambiar/i);
    await page.waitForURL('**/login');
    await page.getByLabel('Correo electrónico').fill(evaluador.email);
    await page.getByLabel(/^Contraseña( \*)?$/).fill('Clave-Restablecida-1');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });

  it("HR sends a V1 reminder; the evaluator's e-mail lists exactly their pending work", async () => {
    const evaluador = app.logins.byRole.evaluador;
    const { page, context } = await app.signIn('gestionhumana', '/home');
    const evaluator = await userByEmail(page, evaluador.email);
    const assigned = await call(page, assignmentEndpoints.assigned, {
      params: { evaluatorId: evaluator.id },
    });
    const evaluations = await call(page, evaluationEndpoints.list);
    const before = smtp!.to(evaluador.email).length;

    await page.goto('/evaluations');
    const open = evaluations.filter((e) => e.status === 'abierta');
    // The open evaluation the evaluator has pending work in.
    const target = open.find((e) => assigned.some((a) => a.category_id === e.category_id && !a.evaluated))!;
    expect(target).toBeDefined();
    await page
      .getByRole('button', { name: `Enviar recordatorio de ${target.name}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Se enviará un recordatorio a \d+ persona/).waitFor();
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await page
      .getByText(/Se enviaron? \d+ recordatorio/)
      .first()
      .waitFor();
    // A second press within the cooldown sends nothing and says when the next is possible (decision 042).
    await page
      .getByRole('button', { name: `Enviar recordatorio de ${target.name}` })
      .first()
      .click();
    await page
      .getByText(
        /ya recibieron un recordatorio de esta evaluación en las últimas 24 horas\. El próximo se podrá enviar a partir del \d/,
      )
      .first()
      .waitFor();
    expect(pageProblems(page)).toEqual([]);
    await context.close();

    // The automatic reminders of the demo's 360 (due in 7 days) may arrive too: this one names the V1.
    await smtp!.waitFor(
      () =>
        smtp!
          .to(evaluador.email)
          .slice(before)
          .some((m) => m.subject.includes(target.name)),
      20_000,
    );
    const mail = smtp!
      .to(evaluador.email)
      .slice(before)
      .find((m) => m.subject.includes(target.name))!;
    const pending = assigned
      .filter((a) => a.category_id === target.category_id && !a.evaluated)
      .map((a) => a.collaborator_name)
      .sort();
    const listed = [...mail.text.matchAll(/^- (?:.*?)Evaluar a (.+?)(?: \(.*\))?(?::\s*https?:\/\/\S+)?$/gm)]
      .map((m) => m[1]!)
      .sort();
    expect(listed).toEqual(pending);

    // The first link opens that collaborator's form for the evaluator, not just the list.
    const first = /^- (?:.*?)Evaluar a (.+?)(?: \(.*\))?:\s*(https?:\/\/\S+)$/m.exec(mail.text)!;
    const rater = await app.signIn({ email: evaluador.email, password: 'Clave-Restablecida-1' }, '/home');
    await rater.page.goto(new URL(first[2]!).pathname + new URL(first[2]!).search);
    await rater.page.getByRole('heading', { level: 2, name: `Evaluación de ${first[1]}` }).waitFor();
    expect(pageProblems(rater.page)).toEqual([]);
    await rater.context.close();
  });
  it('Correos marks a message an interrupted attempt may have sent twice, for HR and for admin', async () => {
    // The demo's database (the server prints where it is).
    const file = /base de datos sqlite: (.+?)\)/.exec(app.output())![1]!;
    const handle = openDatabase(`sqlite:${file}`, { dataDir: path.dirname(file) });
    let target: { id: number; to_email: string; subject: string; message_id: string | null };
    try {
      target = await handle.db
        .selectFrom('outbox')
        .select(['id', 'to_email', 'subject', 'message_id'])
        .where('status', '=', 'enviado')
        .where('message_id', 'is not', null)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const before = smtp!.to(target.to_email).length;
      // What an instance killed right after the SMTP server accepted the message leaves behind (its
      // attempt begun, never recorded; its claim lapsed) — reliability/mail-crash.test.ts kills a
      // real one. The app's sender takes it again.
      await handle.db
        .updateTable('outbox')
        .set({
          status: 'enviando',
          claimed_until: '2000-01-01T00:00:00.000Z',
          attempt_started_at: '2000-01-01T00:00:00.000Z',
        })
        .where('id', '=', target.id)
        .execute();
      const again = await mailTo(target.to_email, before + 1);
      expect(again.messageId).toBe(target.message_id);
    } finally {
      await handle.destroy();
    }

    for (const role of ['gestionhumana', 'admin'] as const) {
      const { page, context } = await app.signIn(role, role === 'admin' ? '/dashboard' : '/home');
      await page.goto('/correos');
      await page.getByLabel('Buscar correo').fill(target.to_email);
      const row = page.getByRole('row').filter({ hasText: MAIL_MESSAGES.possibleDuplicate });
      await row.first().waitFor();
      await expect(row.count()).resolves.toBe(1);
      await row.getByRole('button', { name: /^Ver el correo/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(MAIL_MESSAGES.possibleDuplicateHelp).waitFor();
      await dialog.getByText(target.message_id!).waitFor();
      await expectNoAxeViolations(page, '/correos (posible duplicado)');
      expect(pageProblems(page)).toEqual([]);
      await context.close();
    }
  });

  it('Correos shows that an access link was sent, never the link (decision 043)', async () => {
    const colaborador = app.logins.byRole.colaborador;
    const sent = linkIn(smtp!.to(colaborador.email)[0]!, '/activar?token=');
    for (const role of ['gestionhumana', 'admin'] as const) {
      const { page, context } = await app.signIn(role, role === 'admin' ? '/dashboard' : '/home');
      await page.goto('/correos');
      await page.getByLabel('Buscar correo').fill(colaborador.email);
      await page
        .getByRole('button', { name: `Ver el correo «Tu acceso a Evalúa» a ${colaborador.email}` })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(MAIL_MESSAGES.linkRemovedHelp).waitFor();
      await dialog.getByText(MAIL_MESSAGES.linkSent, { exact: false }).first().waitFor();
      expect(await dialog.textContent()).not.toContain(sent);
      await dialog.getByRole('button', { name: 'Reenviar' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Reenviar' }).click();
      await page.getByText(MAIL_MESSAGES.linkGone).first().waitFor();
      expect(pageProblems(page).filter((p) => !/status of 409/.test(p))).toEqual([]);
      await context.close();
    }
  });
});
