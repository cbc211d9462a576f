import { expect, it } from 'vitest';
import { describeInChromium, useFirstRunApp } from './support/app';
import { expectNoAxeViolations, login, pageProblems } from './support/browser';

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

    // The link is spent.
    await page.goto(link as string);
    await page.getByText('La configuración inicial ya se completó.').waitFor();
    await context.close();
  });
});
