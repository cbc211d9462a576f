import { evaluationEndpoints, resultEndpoints, userEndpoints, wholeList } from '@evalua/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { answerOf, call } from './support/call';

const YEAR = String(new Date().getFullYear());
const NAME = 'Evaluación de prueba e2e';

/** An evaluation's row: its name is the row's header. */
function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

/** Picks an option of a Mantine Select by the select's label and the option's text. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * A demo evaluation that already has results, if the demo has one: the latest result of some
 * collaborator names it. Nothing found (or the results call not there yet) → null.
 */
async function evaluationWithResults(page: Page): Promise<number | null> {
  const users = await answerOf(page, userEndpoints.list, { query: { role: 'colaborador' } });
  if (!users.ok) return null;
  for (const u of wholeList(users.body)) {
    const res = await answerOf(page, resultEndpoints.latest, { params: { userId: u.id } });
    if (res.ok) return res.body.evaluation_id;
  }
  return null;
}

describeInChromium('Evaluaciones in Chromium', () => {
  const app = useDemoApp();

  it('lets the admin create, edit and delete a V1 evaluation, with the exact messages', async () => {
    const { context, page } = await app.signIn('admin', '/dashboard');
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Evaluaciones', exact: true })
      .click();
    await page.waitForURL('**/evaluations');
    await page.getByRole('heading', { level: 1, name: 'Evaluaciones' }).waitFor();
    const demoRow = row(page, `Evaluación de desempeño docente ${YEAR}`);
    await demoRow.waitFor();
    expect(await demoRow.getByRole('cell').allTextContents()).toEqual(
      // The state, and under it whether the people read their results (decision 050: the demo's
      // round releases each result at submit).
      expect.arrayContaining([
        YEAR,
        'Docentes',
        'Banco de desempeño docente',
        'AbiertaResultados publicados',
        '60 % / 40 %',
      ]),
    );
    await expectNoAxeViolations(page, '/evaluations');

    // Create: the period is this year and read-only; the weights start at 50/50.
    await page.getByRole('link', { name: 'Crear Evaluación' }).click();
    await page.waitForURL('**/create-evaluation');
    await page.getByRole('heading', { level: 1, name: 'Crear Evaluación' }).waitFor();
    const period = page.getByLabel('Periodo');
    expect(await period.inputValue()).toBe(YEAR);
    expect(await period.isEditable()).toBe(false);
    expect(await page.getByLabel('Peso de competencias (%)').inputValue()).toBe('50');
    expect(await page.getByLabel('Peso de objetivos (%)').inputValue()).toBe('50');
    await expectNoAxeViolations(page, '/create-evaluation');

    // Required fields, with the server's own sentences.
    const submit = page.getByRole('button', { name: 'Crear Evaluación' });
    await submit.click();
    await page.getByText('El nombre es obligatorio.').waitFor();
    await page.getByText('La categoría es obligatoria.').waitFor();

    // The weights must add up to 100.
    await page.getByLabel('Nombre').fill(NAME);
    await choose(page, 'Categoría', 'Administrativos');
    await page.getByLabel('Peso de competencias (%)').fill('60');
    await page.getByLabel('Peso de objetivos (%)').fill('50');
    await submit.click();
    await page.getByText('La suma de los porcentajes debe ser igual a 100%.').waitFor();
    expect(await page.getByText('El nombre es obligatorio.').count()).toBe(0);
    await expectNoAxeViolations(page, '/create-evaluation con errores');

    await page.getByLabel('Peso de objetivos (%)').fill('40');
    await choose(page, 'Banco de preguntas', 'Banco de desempeño administrativo');
    // Administrativos already has an open evaluation: opening this one asks first, naming both.
    const openNow = page.getByRole('checkbox', { name: 'Abrir la evaluación al crearla' });
    expect(await openNow.isChecked()).toBe(true);
    await submit.click();
    const ask = page.getByRole('dialog', { name: 'Abrir la evaluación' });
    await ask
      .getByText(
        `La categoría «Administrativos» ya tiene abierta la evaluación «Evaluación de desempeño administrativo ${YEAR}». Si abres «${NAME}»`,
        { exact: false },
      )
      .waitFor();
    await expectNoAxeViolations(page, 'confirmación de apertura');
    await ask.getByRole('button', { name: 'Cancelar' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/create-evaluation$/);
    // Saved as a draft instead: the open round stays as it is.
    await openNow.uncheck();
    await submit.click();
    await page.waitForURL('**/evaluations');
    await page.getByText('Evaluación creada exitosamente.').waitFor();
    const created = row(page, NAME);
    await created.waitFor();
    expect(await created.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining([
        YEAR,
        'Administrativos',
        'Banco de desempeño administrativo',
        // A new round from the web waits for HR to release its results (decision 050).
        'BorradorResultados sin publicar',
        '60 % / 40 %',
      ]),
    );

    // Edit: weights 70/30 and another bank.
    await created.getByRole('link', { name: `Editar ${NAME}` }).click();
    await page.waitForURL('**/edit-evaluation/*');
    await page.getByRole('heading', { level: 1, name: 'Editar Evaluación' }).waitFor();
    const nameInput = page.getByLabel('Nombre');
    await nameInput.waitFor();
    expect(await nameInput.inputValue()).toBe(NAME);
    expect(await page.getByRole('combobox', { name: 'Banco de preguntas' }).inputValue()).toBe(
      'Banco de desempeño administrativo',
    );
    await expectNoAxeViolations(page, '/edit-evaluation');
    await page.getByLabel('Peso de competencias (%)').fill('70');
    await page.getByLabel('Peso de objetivos (%)').fill('30');
    await choose(page, 'Banco de preguntas', 'Banco de personal de apoyo');
    // Allowed, but flagged: another category's evaluation asks the same bank.
    await page
      .getByText('Este banco también lo usa la categoría «Personal de apoyo»:', { exact: false })
      .waitFor();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.waitForURL('**/evaluations');
    await page.getByText('Evaluación actualizada exitosamente.').waitFor();
    await created.getByRole('cell', { name: 'Banco de personal de apoyo' }).waitFor();
    expect(await created.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['70 % / 30 %', 'Administrativos']),
    );

    // Opening the draft asks first; confirmed, it opens and the demo's one closes. Opening the
    // demo's one again puts the round back (other tests share this demo school).
    const demoAdmin = `Evaluación de desempeño administrativo ${YEAR}`;
    const setOpen = async (name: string, closing: string) => {
      await row(page, name)
        .getByRole('button', { name: `Abrir ${name}` })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Abrir la evaluación' });
      await dialog.getByText(`ya tiene abierta la evaluación «${closing}»`, { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Abrir' }).click();
      await page.getByText(`Evaluación «${name}» abierta.`).waitFor();
      await row(page, name).getByRole('cell', { name: 'Abierta' }).waitFor();
      await row(page, closing).getByRole('cell', { name: 'Cerrada' }).waitFor();
    };
    await setOpen(NAME, demoAdmin);
    await setOpen(demoAdmin, NAME);

    // An evaluation with results cannot be deleted: the server says why (only if the demo has one).
    const withResults = await evaluationWithResults(page);
    if (withResults !== null) {
      const all = await call(page, evaluationEndpoints.list);
      const target = all.find((e) => e.id === withResults);
      expect(target).toBeDefined();
      await row(page, target!.name)
        .getByRole('button', { name: `Eliminar ${target!.name}` })
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
      await page
        .getByText('No se puede eliminar la evaluación porque ya tiene resultados registrados.')
        .waitFor();
      await row(page, target!.name).waitFor();
    }

    // Delete the new one after confirming.
    await created.getByRole('button', { name: `Eliminar ${NAME}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(`La evaluación «${NAME}» será eliminada. Esta acción no se puede deshacer.`)
      .waitFor();
    await expectNoAxeViolations(page, 'confirmación de borrado');
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await created.waitFor({ state: 'detached' });
    await page.getByText('Evaluación eliminada.').waitFor();

    // What the page showed is what the server has: the three demo evaluations remain.
    const left = await call(page, evaluationEndpoints.list);
    expect(left.map((e) => e.name).sort()).toEqual(
      [
        `Evaluación de desempeño administrativo ${YEAR}`,
        `Evaluación de desempeño docente ${YEAR}`,
        `Evaluación del personal de apoyo ${YEAR}`,
      ].sort(),
    );

    // An evaluation that does not exist: the load message.
    await page.goto('/edit-evaluation/999999');
    await page.getByText('No se pudo cargar la evaluación.').waitFor();
    await expectNoAxeViolations(page, '/edit-evaluation sin evaluación');

    expect(pageProblems(page).filter((p) => !/status of (400|404|409)/.test(p))).toEqual([]);
    await context.close();
  });
});
