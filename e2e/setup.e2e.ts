import { expect, it } from 'vitest';
import { describeInChromium, useFirstRunApp } from './support/app';
import { expectNoAxeViolations, login, pageProblems } from './support/browser';
import { PHONE, expectAllWithinWidth, expectNoHorizontalOverflow } from './support/layout';

describeInChromium('first run in Chromium', () => {
  const app = useFirstRunApp();

  it('creates the first administrator through the printed one-time link', async () => {
    const link = /(http:\/\/\S+\/setup\?token=\S+)/.exec(app.output())?.[1];
    expect(link).toBeDefined();
    const { context, page } = await app.newPage();
    // /login on an empty database says where the first administrator comes from (issue 30 §4), and
    // the "not signed in yet" check logs nothing in the console.
    await page.goto('/login');
    await page.getByText('Evalúa todavía no tiene administrador').waitFor();
    await page
      .getByText('enlace de configuración que el servidor escribió al iniciar', { exact: false })
      .waitFor();
    await expectNoAxeViolations(page, '/login sin administrador');
    expect(pageProblems(page)).toEqual([]);
    await page.goto(link as string);
    await page.getByRole('heading', { name: 'Configuración inicial' }).waitFor();
    await expectNoAxeViolations(page, '/setup');
    await page.getByLabel('Nombre').fill('Directora General');
    await page.getByLabel('Correo electrónico').fill('directora@escuela.do');
    await page.getByLabel(/^Contraseña( \*)?$/).fill('Clave-Inicial-2026');
    await page.getByLabel('Repetir contraseña').fill('Clave-Inicial-2026');
    await page.getByRole('button', { name: /crear administrador/i }).click();
    await page.getByText('Administrador creado. Ya puedes iniciar sesión.').waitFor();

    await login(page, 'directora@escuela.do', 'Clave-Inicial-2026');
    await page.waitForURL('**/dashboard');

    // The first dashboard guides the new school in the real order (issue 30 §4, decision 054).
    const guide = page.getByRole('region', { name: 'Primeros pasos' });
    await guide.getByText('0 de 6 pasos hechos', { exact: false }).waitFor();
    await expectNoAxeViolations(page, '/dashboard con primeros pasos');
    await guide.getByRole('link', { name: 'Categorías' }).click();
    await page.waitForURL('**/categories');
    await page.getByLabel('Nombre').fill('Docentes');
    await page.getByRole('button', { name: 'Crear' }).click();
    await page.getByRole('cell', { name: 'Docentes', exact: true }).waitFor();

    // A starter bank instead of typing every question.
    await page.goto('/question-banks');
    await page.getByRole('combobox', { name: 'Banco para copiar' }).click();
    await page.getByRole('option', { name: 'Banco inicial: Personal docente', exact: true }).click();
    await page.getByRole('button', { name: 'Crear copia' }).click();
    await page.getByText('Banco «Banco inicial: Personal docente» creado con 9 preguntas.').waitFor();
    await page
      .getByRole('cell', { name: 'Planifica sus clases con objetivos de aprendizaje', exact: false })
      .waitFor();
    await expectNoAxeViolations(page, '/question-banks con un banco inicial');

    // Each step ticks itself; the next one is marked.
    await page.goto('/dashboard');
    await guide.getByText('2 de 6 pasos hechos', { exact: false }).waitFor();
    const items = guide.getByRole('listitem');
    expect(await items.nth(0).getByText('Hecho', { exact: true }).count()).toBe(1);
    expect(await items.nth(1).getByText('Hecho', { exact: true }).count()).toBe(1);
    expect(await items.nth(2).getByText('Siguiente', { exact: true }).count()).toBe(1);
    expect(pageProblems(page)).toEqual([]);

    // At 375 px the guide fits, every link and the hide button on screen.
    const phone = await app.newPage(PHONE);
    await login(phone.page, 'directora@escuela.do', 'Clave-Inicial-2026');
    await phone.page.waitForURL('**/dashboard');
    const small = phone.page.getByRole('region', { name: 'Primeros pasos' });
    await small.waitFor();
    await expectAllWithinWidth(small, 'primeros pasos a 375 px');
    await expectNoHorizontalOverflow(phone.page, 'dashboard con primeros pasos a 375 px');
    // Hidden for good in this browser.
    await small.getByRole('button', { name: 'Ocultar esta guía' }).click();
    await small.waitFor({ state: 'detached' });
    await phone.page.reload();
    await phone.page.getByRole('heading', { level: 1 }).waitFor();
    // Every call of the screen has answered (the guide would have asked for its steps by then).
    await phone.page.waitForLoadState('networkidle');
    expect(await phone.page.getByRole('region', { name: 'Primeros pasos' }).count()).toBe(0);
    await phone.context.close();

    // The link is spent.
    await page.goto(link as string);
    await page.getByText('La configuración inicial ya se completó.').waitFor();
    await context.close();
  });
});
