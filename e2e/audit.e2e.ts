import { auditEndpoints } from '@evalua/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, login, pageProblems } from './support/browser';
import { callExpecting } from './support/call';

function categoryRow(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
}

function auditRows(page: Page) {
  return page.getByRole('table', { name: 'Registro de auditoría' }).locator('tbody > tr');
}

async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describeInChromium('Auditoría in Chromium', () => {
  const app = useDemoApp();

  it('shows an admin the change they just made, filtered by entity, with its before and after', async () => {
    const { context, page } = await app.newPage();
    await login(page, app.logins.byRole.admin.email, app.logins.password);
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await menu.getByRole('link', { name: 'Categorías' }).click();
    await page.waitForURL('**/categories');

    // The change: a category created, then renamed, through the screen.
    await page.getByLabel('Nombre').fill('Coordinación E2E');
    await page.getByRole('button', { name: 'Crear' }).click();
    await categoryRow(page, 'Coordinación E2E').waitFor();
    await categoryRow(page, 'Coordinación E2E')
      .getByRole('button', { name: /editar/i })
      .click();
    await page.getByLabel('Nombre').fill('Coordinación de auditoría');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await categoryRow(page, 'Coordinación de auditoría').waitFor();

    await menu.getByRole('link', { name: 'Auditoría' }).click();
    await page.waitForURL('**/audit');
    await page.getByRole('heading', { level: 1, name: 'Auditoría' }).waitFor();
    // Newest first: the admin's own login is on the first page.
    await auditRows(page).filter({ hasText: 'Inicio de sesión' }).first().waitFor();
    await expectNoAxeViolations(page, '/audit');

    await pick(page, 'Entidad', 'Categoría');
    const update = auditRows(page).filter({ hasText: 'Modificación' });
    const create = auditRows(page).filter({ hasText: 'Creación' });
    await update.first().waitFor();
    await expect.poll(() => auditRows(page).count()).toBe(2);
    expect(await update.first().getByRole('cell').nth(1).textContent()).toBe(app.logins.byRole.admin.name);
    expect(await update.first().getByRole('cell').nth(3).textContent()).toBe('Categoría');
    expect(await create.count()).toBe(1);

    await update
      .first()
      .getByRole('button', { name: /^Ver cambios/ })
      .click();
    const diff = page.getByRole('table', { name: /^Cambios del registro/ });
    const nameLine = diff.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Nombre/ }) });
    await nameLine.waitFor();
    expect(await nameLine.getByRole('cell').allTextContents()).toEqual([
      'Coordinación E2E',
      'Coordinación de auditoría',
    ]);
    await diff.getByRole('columnheader', { name: 'Antes' }).waitFor();
    await diff.getByRole('columnheader', { name: 'Después' }).waitFor();
    await expectNoAxeViolations(page, '/audit con un registro abierto');
    await update
      .first()
      .getByRole('button', { name: /^Ocultar cambios/ })
      .click();
    await diff.waitFor({ state: 'detached' });

    // The creation alone (action filter): only "Después".
    await pick(page, 'Acción', 'Creación');
    await expect.poll(() => auditRows(page).count()).toBe(1);
    await create
      .first()
      .getByRole('button', { name: /^Ver cambios/ })
      .click();
    await diff.getByRole('columnheader', { name: 'Después' }).waitFor();
    expect(await diff.getByRole('columnheader', { name: 'Antes' }).count()).toBe(0);
    await diff.getByRole('cell', { name: 'Coordinación E2E', exact: true }).waitFor();

    // A date range: today keeps it, tomorrow onwards finds nothing, a reversed range is refused.
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    const tomorrow = await page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() + 1);
      return d.toLocaleDateString('en-CA');
    });
    await page.getByLabel('Desde').fill(today);
    await page.getByLabel('Hasta').fill(today);
    await expect.poll(() => auditRows(page).filter({ hasText: 'Creación' }).count()).toBe(1);
    await page.getByLabel('Desde').fill(tomorrow);
    await page.getByText('La fecha inicial no puede ser posterior a la fecha final.').waitFor();
    await page.getByLabel('Hasta').fill('');
    await page.getByText('Ningún registro coincide con los filtros.').waitFor();
    await expectNoAxeViolations(page, '/audit sin resultados');

    // By user: the HR demo user never touched categories.
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await auditRows(page).first().waitFor();
    const user = page.getByRole('combobox', { name: 'Usuario', exact: true });
    await user.fill(app.logins.byRole.admin.email);
    await page.getByRole('option', { name: new RegExp(app.logins.byRole.admin.email) }).click();
    await pick(page, 'Entidad', 'Categoría');
    await expect.poll(() => auditRows(page).count()).toBe(2);

    // A failed load shows the screen's message.
    await page.route('**/api/audit?**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"x","code":"INTERNAL_ERROR"}',
      }),
    );
    await pick(page, 'Acción', 'Eliminación');
    await page
      .getByRole('alert')
      .filter({ hasText: 'No se pudo cargar el registro de auditoría.' })
      .waitFor();
    await expectNoAxeViolations(page, '/audit con error');

    expect(pageProblems(page).filter((p) => !/status of 500/.test(p))).toEqual([]);
    await context.close();
  });

  it("denies the screen to HR, whose menu has no 'Auditoría'", async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home');
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await menu.getByRole('link', { name: 'Categorías' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Auditoría' }).count()).toBe(0);
    await page.goto('/audit');
    await page.getByRole('heading', { name: 'Acceso Denegado' }).waitFor();
    await page.getByText('No tienes permisos para acceder a esta página.').waitFor();
    await expectNoAxeViolations(page, '/audit (Acceso Denegado)');
    // The server refuses too.
    await callExpecting(page, auditEndpoints.list, {}, 403);
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });
});
