import fs from 'node:fs';
import { onePage, userEndpoints, type Paged as PagedOf, type UserListRow } from '@evalua/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';
import { saveDownload } from './support/download';

type Paged = PagedOf<UserListRow>;

async function apiUsers(page: Page, query: { page: number; pageSize: number; q?: string }): Promise<Paged> {
  return onePage(await call(page, userEndpoints.list, { query }));
}

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
}

/** The staff file HR uploads, as Excel's plain «CSV» writes it on Spanish Windows (Windows-1252). */
const FILE_LINES = [
  'Nombre;Correo;Rol;Puesto;Departamento;Categoría',
  'Lucía Gómez;lucia.gomez@importado.do;colaborador;Docente;Ciencias;docentes',
  'Ramón Peña;ramon.pena@importado.do;Evaluador;Coordinador;Matemáticas;Administrativos',
  'Correo Malo;correo-malo;colaborador;;;Docentes',
  'Sin Categoría;sin.categoria@importado.do;colaborador;;;Inventada',
  'Lucía Repetida;LUCIA.GOMEZ@importado.do;colaborador;;;',
];
const FILE_BYTES = Buffer.from(`${FILE_LINES.join('\r\n')}\r\n`, 'latin1');

describeInChromium('Importar personal in Chromium', () => {
  const app = useDemoApp();

  it('lets HR download the template, preview a file with its errors, and apply the valid rows', async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home');
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Gestión de Usuarios' })
      .click();
    await page.waitForURL('**/users');
    const before = await apiUsers(page, { page: 1, pageSize: 10 });
    await page.getByText(`Mostrando 1–10 de ${before.total} usuarios`).waitFor();

    await page.getByRole('button', { name: 'Importar personal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar personal' });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Aplicar importación' }).isDisabled())
      .toBe(true);
    await expectNoAxeViolations(page, 'importar personal (vacío)');

    // The template: made in the browser, ';'-separated with a BOM so that Excel opens it in columns.
    const template = await saveDownload(page, () =>
      dialog.getByRole('button', { name: 'Descargar plantilla' }).click(),
    );
    expect(template.name).toBe('plantilla-personal.csv');
    const bytes = fs.readFileSync(template.file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    // 'reporta_a': the manager's e-mail (decision 036).
    expect(lines[0]).toBe('nombre;correo;rol;puesto;departamento;categoria;reporta_a');
    expect(lines.slice(1).filter((l) => l !== '')).toHaveLength(2);
    for (const l of lines.slice(1, 3)) expect(l.split(';')).toHaveLength(7);
    expect(lines[1]).toContain('María Rodríguez');

    // The file: two good rows, a bad e-mail, an unknown category and a repeated e-mail.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      dialog.getByRole('button', { name: 'Archivo CSV' }).click(),
    ]);
    await chooser.setFiles({ name: 'personal.csv', mimeType: 'text/csv', buffer: FILE_BYTES });
    await dialog.getByText('Nuevos: 2').waitFor();
    await dialog.getByText('Se actualizan: 0').waitFor();
    await dialog.getByText('Con errores: 3').waitFor();
    // Windows-1252 was read as such: the accents are intact.
    await row(page, 'Lucía Gómez').getByText('Nuevo', { exact: true }).waitFor();
    await row(page, 'Ramón Peña').getByRole('cell', { name: 'Administrativos', exact: true }).waitFor();
    await row(page, 'Correo Malo').getByText('El correo electrónico no es válido.').waitFor();
    await row(page, 'Sin Categoría').getByText('La categoría «Inventada» no existe.').waitFor();
    await row(page, 'Lucía Repetida')
      .getByText('El correo electrónico ya aparece en la línea 2 del archivo.')
      .waitFor();
    await expectNoAxeViolations(page, 'importar personal (vista previa)');

    await dialog.getByRole('switch', { name: 'Mostrar solo las filas con errores' }).click();
    await dialog.getByText('Filas 1–3 de 3').waitFor();
    expect(await row(page, 'Lucía Gómez').count()).toBe(0);
    await expectNoAxeViolations(page, 'importar personal (solo errores)');

    // Apply: the progress shows while the server works (held here until it has been seen).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/users/import/apply', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Aplicar importación' }).click();
    await dialog.getByRole('status', { name: 'Aplicando importación' }).waitFor();
    await expectNoAxeViolations(page, 'importar personal (aplicando)');
    release();
    await page
      .getByText('Importación aplicada: 2 creados, 0 actualizados y 3 omitidos por errores.')
      .waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The list refreshed: two more people, and they are there.
    await page.getByText(`Mostrando 1–10 de ${before.total + 2} usuarios`).waitFor();
    await page.getByLabel('Buscar usuario').fill('importado.do');
    await page.getByText('Mostrando 1–2 de 2 usuarios').waitFor();
    await row(page, 'Lucía Gómez').waitFor();
    await row(page, 'Ramón Peña').getByRole('cell', { name: 'evaluador', exact: true }).waitFor();
    await expectNoAxeViolations(page, '/users tras importar');

    const imported = await apiUsers(page, { q: 'importado.do', page: 1, pageSize: 10 });
    expect(imported.rows.map((r) => [r.name, r.email, r.role, r.category_name])).toEqual([
      ['Lucía Gómez', 'lucia.gomez@importado.do', 'colaborador', 'Docentes'],
      ['Ramón Peña', 'ramon.pena@importado.do', 'evaluador', 'Administrativos'],
    ]);
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });
});
