import {
  onePage,
  ROLE_LABELS,
  userEndpoints,
  type Paged as PagedOf,
  type UserListRow,
} from '@evalua/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';

type Paged = PagedOf<UserListRow>;

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
}

/** One column of the table as it is shown now (1 = Nombre). */
function shownColumn(page: Page, n: number): Promise<string[]> {
  return page.locator(`table tbody tr td:nth-child(${n})`).allTextContents();
}

/** Column 1 is the id (decision 035), column 2 the name. */
function shownNames(page: Page): Promise<string[]> {
  return shownColumn(page, 2);
}

async function apiPage(page: Page, query: { page: number; pageSize: number; q?: string }): Promise<Paged> {
  return onePage(await call(page, userEndpoints.list, { query }));
}

async function openUsersFromMenu(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Gestión de Usuarios' })
    .click();
  await page.waitForURL('**/users');
  await page.getByRole('heading', { level: 1, name: 'Gestión de Usuarios' }).waitFor();
}

async function search(page: Page, text: string, expected: Paged): Promise<void> {
  await page.getByLabel('Buscar usuario').fill(text);
  await page.getByText(`Mostrando 1–${expected.rows.length} de ${expected.total} usuarios`).waitFor();
  expect(await shownNames(page)).toEqual(expected.rows.map((r) => r.name));
}

const NEW_USER = {
  name: 'Yolanda Ferreira',
  email: 'yolanda.ferreira@demo.evalua.do',
  password: 'Clave-Inicial-2026',
  newPassword: 'Clave-Nueva-2026',
};

describeInChromium('Gestión de Usuarios in Chromium', () => {
  const app = useDemoApp();

  it('lists users paged and searched on the server, and shows the server sentence on a refused change', async () => {
    const { context, page } = await app.signIn('admin', '/dashboard');
    await openUsersFromMenu(page);

    const first = await apiPage(page, { page: 1, pageSize: 10 });
    expect(first.total).toBe(40);
    await page.getByText('Mostrando 1–10 de 40 usuarios').waitFor();
    expect(await shownNames(page)).toEqual(first.rows.map((r) => r.name));
    // Role labels and status as the spec names them.
    expect(await shownColumn(page, 4)).toEqual(first.rows.map((r) => ROLE_LABELS[r.role]));
    expect(await shownColumn(page, 8)).toEqual(first.rows.map((r) => (r.status ? 'Activo' : 'Inactivo')));
    // Each person's id, the one the 360 batch panel takes (decision 035).
    expect(await shownColumn(page, 1)).toEqual(first.rows.map((r) => String(r.id)));
    await expectNoAxeViolations(page, '/users');

    // Page 2 comes from the server.
    const second = await apiPage(page, { page: 2, pageSize: 10 });
    await page.getByRole('button', { name: 'Página 2', exact: true }).click();
    await page.getByText('Mostrando 11–20 de 40 usuarios').waitFor();
    expect(await shownNames(page)).toEqual(second.rows.map((r) => r.name));

    // Search by name, then by e-mail; the page goes back to 1.
    await search(page, 'Polanco', await apiPage(page, { q: 'Polanco', page: 1, pageSize: 10 }));
    const hr = app.logins.byRole.gestionhumana;
    await search(page, hr.email, await apiPage(page, { q: hr.email, page: 1, pageSize: 10 }));
    expect(await shownColumn(page, 4)).toEqual(['Gestión Humana']);
    await page.getByLabel('Buscar usuario').fill('nadie-se-llama-asi');
    await page.getByText('Ningún usuario coincide con la búsqueda.').waitFor();
    await expectNoAxeViolations(page, '/users sin resultados');

    // Nobody deactivates their own account: the server's sentence is shown.
    await search(
      page,
      app.logins.byRole.admin.email,
      await apiPage(page, { q: app.logins.byRole.admin.email, page: 1, pageSize: 10 }),
    );
    await row(page, app.logins.byRole.admin.name)
      .getByRole('cell', { name: 'Administrador', exact: true })
      .waitFor();
    await page.getByRole('button', { name: `Desactivar ${app.logins.byRole.admin.name}` }).click();
    await page
      .getByRole('dialog', { name: 'Desactivar usuario' })
      .getByRole('button', { name: 'Desactivar' })
      .click();
    await page.getByRole('alert').getByText('No puedes desactivar tu propia cuenta.').waitFor();
    await row(page, app.logins.byRole.admin.name)
      .getByRole('cell', { name: 'Activo', exact: true })
      .waitFor();
    await expectNoAxeViolations(page, '/users con error');

    expect(pageProblems(page).filter((p) => !/status of 409/.test(p))).toEqual([]);
    await context.close();
  });

  it('creates, edits (with the password check), deactivates and reactivates a user', async () => {
    const { context, page } = await app.signIn('admin', '/dashboard');
    await openUsersFromMenu(page);

    // Create: the required fields first, with the contract's sentences.
    await page.getByRole('link', { name: 'Crear usuario' }).click();
    await page.waitForURL('**/create-user');
    await page.getByRole('heading', { level: 1, name: 'Crear Usuario' }).waitFor();
    await expectNoAxeViolations(page, '/create-user');
    await page.getByRole('button', { name: 'Crear usuario' }).click();
    for (const text of [
      'El nombre es obligatorio.',
      'El correo electrónico es obligatorio.',
      'El rol es obligatorio.',
      'La contraseña es obligatoria.',
    ]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    await expectNoAxeViolations(page, '/create-user con errores');

    await page.getByLabel(/^Nombre/).fill(NEW_USER.name);
    await page.getByLabel(/^Correo electrónico/).fill(app.logins.byRole.evaluador.email);
    await page.getByLabel(/^Rol/).selectOption({ label: 'evaluador' });
    await page.getByLabel(/^Categoría/).selectOption({ label: 'Docentes' });
    await page.getByLabel(/^Puesto/).fill('Coordinadora de Inglés');
    await page.getByLabel(/^Departamento/).fill('Lenguas Extranjeras');
    await page.getByLabel(/^Contraseña/).fill(NEW_USER.password);
    // A taken e-mail: the server's sentence (409).
    await page.getByRole('button', { name: 'Crear usuario' }).click();
    await page.getByRole('alert').getByText('Ya existe un usuario con ese correo electrónico.').waitFor();
    await page.getByLabel(/^Correo electrónico/).fill(NEW_USER.email);
    await page.getByRole('button', { name: 'Crear usuario' }).click();
    await page.waitForURL('**/users');
    await page.getByText('Usuario creado correctamente.').waitFor();

    const found = await apiPage(page, { q: NEW_USER.email, page: 1, pageSize: 10 });
    expect(found.rows).toHaveLength(1);
    await search(page, 'Yolanda', await apiPage(page, { q: 'Yolanda', page: 1, pageSize: 10 }));
    const created = row(page, NEW_USER.name);
    await created.getByRole('cell', { name: 'evaluador', exact: true }).waitFor();
    await created.getByRole('cell', { name: 'Docentes', exact: true }).waitFor();

    // Edit: mismatching passwords are refused in the form; then a valid change.
    await created.getByRole('link', { name: `Editar ${NEW_USER.name}` }).click();
    await page.waitForURL(`**/edit-user/${found.rows[0]!.id}`);
    await page.getByRole('heading', { level: 1, name: 'Editar Usuario' }).waitFor();
    expect(await page.getByLabel(/^Nombre/).inputValue()).toBe(NEW_USER.name);
    await expectNoAxeViolations(page, '/edit-user');
    await page.getByLabel(/^Puesto/).fill('Coordinadora de Lenguas');
    await page.getByLabel(/^Nueva contraseña/).fill(NEW_USER.newPassword);
    await page.getByLabel(/^Confirmar nueva contraseña/).fill('Otra-Clave-2026');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Las nuevas contraseñas no coinciden.').waitFor();
    await expectNoAxeViolations(page, '/edit-user con error');
    await page.getByLabel(/^Confirmar nueva contraseña/).fill(NEW_USER.newPassword);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByRole('status').getByText('Usuario actualizado correctamente.').waitFor();
    await page.waitForURL('**/users');
    const edited = await apiPage(page, { q: NEW_USER.email, page: 1, pageSize: 10 });
    expect(edited.rows[0]!.position).toBe('Coordinadora de Lenguas');

    // The new password was sent: the user logs in with it.
    const other = await app.signIn({ email: NEW_USER.email, password: NEW_USER.newPassword }, '/home');
    // Its password is one the administrator chose: the app asks the person to choose their own
    // (decision 023), and stops asking once they have.
    const notice = other.page.getByRole('status').filter({ hasText: 'Elige tu propia contraseña' });
    await notice.getByText('Tu contraseña la asignó otra persona.', { exact: false }).waitFor();
    await expectNoAxeViolations(other.page, '/home con aviso de contraseña asignada');
    await notice.getByRole('link', { name: 'Mi Perfil' }).click();
    await other.page.waitForURL('**/profile');
    await other.page.getByLabel(/^Contraseña actual/).fill(NEW_USER.newPassword);
    await other.page.getByLabel(/^Nueva contraseña/).fill('Clave-Propia-2026');
    await other.page.getByLabel(/^Repetir nueva contraseña/).fill('Clave-Propia-2026');
    await other.page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await other.page.getByText('Contraseña actualizada correctamente.').waitFor();
    await other.page.getByText('Elige tu propia contraseña').waitFor({ state: 'detached' });
    await other.page.goto('/home');
    await other.page.getByRole('heading', { level: 1, name: `Hola, ${NEW_USER.name}` }).waitFor();
    expect(await other.page.getByText('Elige tu propia contraseña').count()).toBe(0);
    await other.context.close();

    // Deactivate after confirming (Cancelar changes nothing), then reactivate without asking.
    await search(page, 'Yolanda', await apiPage(page, { q: 'Yolanda', page: 1, pageSize: 10 }));
    const deactivate = page.getByRole('button', { name: `Desactivar ${NEW_USER.name}` });
    await deactivate.click();
    const confirm = page.getByRole('dialog', { name: 'Desactivar usuario' });
    await confirm
      .getByText(`¿Desactivar a «${NEW_USER.name}»? No podrá iniciar sesión hasta que se active de nuevo.`)
      .waitFor();
    await expectNoAxeViolations(page, 'confirmación de desactivar usuario');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row(page, NEW_USER.name).getByRole('cell', { name: 'Activo', exact: true }).waitFor();
    const kept = await apiPage(page, { q: NEW_USER.email, page: 1, pageSize: 10 });
    expect(kept.rows.map((r) => r.status)).toEqual([true]);
    await deactivate.click();
    await confirm.getByRole('button', { name: 'Desactivar' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText(`Usuario «${NEW_USER.name}» desactivado.`).waitFor();
    await row(page, NEW_USER.name).getByRole('cell', { name: 'Inactivo', exact: true }).waitFor();
    const off = await apiPage(page, { q: NEW_USER.email, page: 1, pageSize: 10 });
    expect(off.rows.map((r) => r.status)).toEqual([false]);
    await page.getByRole('button', { name: `Activar ${NEW_USER.name}` }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await row(page, NEW_USER.name).getByRole('cell', { name: 'Activo', exact: true }).waitFor();
    await page.getByRole('button', { name: `Desactivar ${NEW_USER.name}` }).waitFor();
    const after = await apiPage(page, { q: NEW_USER.email, page: 1, pageSize: 10 });
    expect(after.rows.map((r) => r.status)).toEqual([true]);

    expect(pageProblems(page).filter((p) => !/status of 409/.test(p))).toEqual([]);
    await context.close();
  });

  it('keeps HR away from administrator accounts', async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home');
    await openUsersFromMenu(page);

    // HR cannot give the admin role: it is not offered.
    await page.getByRole('link', { name: 'Crear usuario' }).click();
    await page.waitForURL('**/create-user');
    await page.getByLabel(/^Rol/).waitFor();
    expect(await page.getByLabel(/^Rol/).locator('option').allTextContents()).toEqual([
      'Selecciona un rol',
      'Gestión Humana',
      'colaborador',
      'evaluador',
    ]);

    // Nor change an administrator's account or status.
    await page.getByRole('link', { name: 'Cancelar' }).click();
    await page.waitForURL('**/users');
    const admin = app.logins.byRole.admin;
    await search(page, admin.email, await apiPage(page, { q: admin.email, page: 1, pageSize: 10 }));
    expect(await page.getByRole('button', { name: `Desactivar ${admin.name}` }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: `Editar ${admin.name}` }).click();
    await page
      .getByText('Solo un administrador puede crear o modificar administradores, o asignar ese rol.')
      .waitFor();
    expect(await page.getByLabel(/^Nombre/).inputValue()).toBe(admin.name);
    expect(await page.getByRole('button', { name: 'Guardar cambios' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page, '/edit-user de un administrador (HR)');

    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });
});
