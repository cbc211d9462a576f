import { collaboratorEndpoints, evaluatorEndpoints, wholeList } from '@evalua/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';

/** The row of the table whose cell holds exactly `text` (an e-mail is unique; demo names repeat). */
function row(page: Page, text: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
}

describeInChromium('Evaluadores y Colaboradores in Chromium', () => {
  const app = useDemoApp();

  it('lets HR create an evaluator, edit them without a password, and delete them', async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home');
    const initial = wholeList(await call(page, evaluatorEndpoints.list));
    await page.goto('/evaluators');
    await page.getByRole('heading', { level: 1, name: 'Evaluadores' }).waitFor();
    await row(page, app.logins.byRole.evaluador.email).waitFor();
    await expectNoAxeViolations(page, '/evaluators');

    // Every required field, checked in the form with the server's sentences (password on create).
    await page.getByRole('button', { name: 'Crear' }).click();
    await page.getByText('El nombre es obligatorio.').waitFor();
    await page.getByText('El correo electrónico es obligatorio.').waitFor();
    await page.getByText('La contraseña es obligatoria.').waitFor();
    await expectNoAxeViolations(page, '/evaluators con errores');

    const email = 'patricia.ortiz@demo.evalua.do';
    const password = 'Clave-Segura-2026';
    await page.getByLabel('Nombre').fill('Patricia Ortiz');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel(/^Contraseña/).fill(password);
    await page.getByRole('button', { name: 'Crear' }).click();
    await row(page, email).getByRole('cell', { name: 'Patricia Ortiz', exact: true }).waitFor();

    // A second evaluator with the same e-mail: the server's 409 sentence.
    await page.getByLabel('Nombre').fill('Otra Persona');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel(/^Contraseña/).fill(password);
    await page.getByRole('button', { name: 'Crear' }).click();
    await page.getByRole('alert').getByText('Ya existe un usuario con ese correo electrónico.').waitFor();

    // Edit without a password: the password is optional and left out, so the old one still works.
    await row(page, email).getByRole('button', { name: 'Editar Patricia Ortiz' }).click();
    await page.getByRole('heading', { name: 'Editar evaluador: Patricia Ortiz' }).waitFor();
    expect(await page.getByLabel('Correo electrónico').inputValue()).toBe(email);
    expect(await page.getByLabel(/^Contraseña/).inputValue()).toBe('');
    await page.getByLabel('Nombre').fill('Patricia Ortiz Peña');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await row(page, email).getByRole('cell', { name: 'Patricia Ortiz Peña', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Nuevo evaluador' }).waitFor();

    const other = await app.signIn({ email, password }, '/home');
    await other.page.getByText('Patricia Ortiz Peña').first().waitFor();
    await other.context.close();

    // Delete after confirming.
    await row(page, email).getByRole('button', { name: 'Eliminar Patricia Ortiz Peña' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/¿Eliminar al evaluador «Patricia Ortiz Peña»\?/).waitFor();
    await expectNoAxeViolations(page, 'confirmación de borrado de evaluador');
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await row(page, email).waitFor({ state: 'detached' });

    const list = wholeList(await call(page, evaluatorEndpoints.list));
    expect(list.map((e) => e.email)).not.toContain(email);
    expect(list).toHaveLength(initial.length);
    expect(pageProblems(page).filter((p) => !/status of 409/.test(p))).toEqual([]);
    await context.close();
  });

  it('lets HR create a collaborator without e-mail, find them and delete them', async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home');
    const { length: total } = wholeList(await call(page, collaboratorEndpoints.list));
    expect(total).toBeGreaterThan(10);
    await page.goto('/collaborators');
    await page.getByRole('heading', { level: 1, name: 'Colaboradores' }).waitFor();
    await page.getByText(`Mostrando 1–10 de ${total}`).waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBe(11);
    await page
      .getByText(/Sin correo electrónico y contraseña el colaborador no puede iniciar sesión/)
      .waitFor();
    await expectNoAxeViolations(page, '/collaborators');

    // Name, position and category are required; department and e-mail are not.
    await page.getByRole('button', { name: 'Crear' }).click();
    await page.getByText('El nombre es obligatorio.').waitFor();
    await page.getByText('El puesto es obligatorio.').waitFor();
    await page.getByText('La categoría es obligatoria.').waitFor();
    await expectNoAxeViolations(page, '/collaborators con errores');

    await page.getByLabel('Nombre').fill('Esteban Rosario');
    await page.getByLabel('Puesto').fill('Docente de Música');
    await page.getByLabel('Departamento').fill('Educación Artística');
    await page.getByRole('combobox', { name: /^Categoría/ }).click();
    await page.getByRole('option', { name: 'Docentes' }).click();
    await page.getByRole('button', { name: 'Crear' }).click();
    await page.getByText(`Mostrando 1–10 de ${total + 1}`).waitFor();

    // The paged list: search on the server for the new one.
    await page.getByLabel('Buscar colaborador').fill('esteban');
    await page.getByText('Mostrando 1–1 de 1').waitFor();
    const created = row(page, 'Esteban Rosario');
    await created.getByRole('cell', { name: 'Docente de Música', exact: true }).waitFor();
    await created.getByRole('cell', { name: 'Educación Artística', exact: true }).waitFor();
    await created.getByRole('cell', { name: 'Docentes', exact: true }).waitFor();
    await created.getByRole('cell', { name: '—', exact: true }).waitFor();
    await expectNoAxeViolations(page, '/collaborators con búsqueda');

    await created.getByRole('button', { name: 'Eliminar Esteban Rosario' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/¿Eliminar al colaborador «Esteban Rosario»\?/).waitFor();
    await expectNoAxeViolations(page, 'confirmación de borrado de colaborador');
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Sin resultados para «esteban».').waitFor();

    const list = wholeList(await call(page, collaboratorEndpoints.list));
    expect(list.map((c) => c.name)).not.toContain('Esteban Rosario');
    expect(list).toHaveLength(total);
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });
});
