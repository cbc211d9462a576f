import { categoryEndpoints, wholeList } from '@evalua/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
}

describeInChromium('Categorías in Chromium', () => {
  const app = useDemoApp();

  it('lets HR create, rename and delete a category, with the server messages', async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home');
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Categorías' })
      .click();
    await page.waitForURL('**/categories');
    await row(page, 'Docentes').waitFor();
    await expectNoAxeViolations(page, '/categories');

    // Required name, checked in the form.
    await page.getByRole('button', { name: 'Crear' }).click();
    await page.getByText('El nombre de la categoría es obligatorio.').waitFor();

    await page.getByLabel('Nombre').fill('Coordinadores');
    await page.getByRole('button', { name: 'Crear' }).click();
    await row(page, 'Coordinadores').waitFor();

    // A duplicate: the server's sentence is shown.
    await page.getByLabel('Nombre').fill('coordinadores');
    await page.getByRole('button', { name: 'Crear' }).click();
    await page.getByText('Ya existe una categoría con ese nombre.').waitFor();

    // Rename.
    await row(page, 'Coordinadores')
      .getByRole('button', { name: /editar/i })
      .click();
    await page.getByLabel('Nombre').fill('Coordinación académica');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await row(page, 'Coordinación académica').waitFor();
    expect(await row(page, 'Coordinadores').count()).toBe(0);

    // A category in use cannot be deleted: the server says why.
    await row(page, 'Docentes')
      .getByRole('button', { name: /eliminar/i })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('¿Eliminar la categoría «Docentes»? Esta acción no se puede deshacer.').waitFor();
    await expectNoAxeViolations(page, 'confirmación de borrado');
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await page
      .getByText(/No se puede eliminar la categoría porque la usan/)
      .first()
      .waitFor();
    await row(page, 'Docentes').waitFor();

    // Delete after confirming.
    await row(page, 'Coordinación académica')
      .getByRole('button', { name: /eliminar/i })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await row(page, 'Coordinación académica').waitFor({ state: 'detached' });

    // What the page showed is what the server has.
    const names = wholeList(await call(page, categoryEndpoints.list));
    expect(names.map((c) => c.name).sort()).toEqual(['Administrativos', 'Docentes', 'Personal de apoyo']);
    expect(pageProblems(page).filter((p) => !/status of 409|status of 400/.test(p))).toEqual([]);
    await context.close();
  });
});
