import { v2EvaluationEndpoints, v2TemplateEndpoints } from '@evalua/contracts';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';
import { assignOnePeer, chooseInRow, menuOfRow } from './support/rounds';

const YEAR = String(new Date().getFullYear());
const FROM_TEMPLATE = 'Evaluación 360 piloto';
const BLANK = 'Clima laboral 360';
const RENAMED = 'Clima laboral (plantilla)';

/** The row of a table whose cell reads exactly `name`. */
function row(table: Locator, name: string) {
  return table.getByRole('row').filter({ has: table.page().getByRole('cell', { name, exact: true }) });
}

function dialog(page: Page, title: string) {
  return page.getByRole('dialog', { name: title });
}

describeInChromium('Evaluaciones 360 (v2) in Chromium', () => {
  const app = useDemoApp();

  it('lets HR create, open and delete 360 evaluations and manage templates', async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home');
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Evaluaciones 360 (v2)' })
      .click();
    await page.waitForURL('**/evaluations-v2');
    await page.getByRole('heading', { level: 1, name: 'Evaluaciones 360 (v2)' }).waitFor();
    const evaluations = page.getByRole('table').first();
    const templates = page.getByRole('table').nth(1);

    // The demo's open evaluation, with its status in Spanish and its counts.
    const demoRow = row(evaluations, `Evaluación 360 docente ${YEAR}`);
    await demoRow.getByText('Abierta', { exact: true }).waitFor();
    const seeded = (await call(page, v2EvaluationEndpoints.list)).rows.find(
      (r) => r.name === `Evaluación 360 docente ${YEAR}`,
    )!;
    expect(seeded.assignment_count).toBeGreaterThan(0);
    expect(await demoRow.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining([
        seeded.period,
        '60 %',
        '40 %',
        `${seeded.completed_count} / ${seeded.assignment_count}`,
      ]),
    );
    await row(templates, 'Personal docente').waitFor();
    await expectNoAxeViolations(page, '/evaluations-v2');

    const tpl = (await call(page, v2TemplateEndpoints.list)).find((x) => x.name === 'Personal docente')!;

    // The create modal: defaults, then every required message.
    await page.getByRole('button', { name: 'Nueva evaluación 360' }).click();
    const create = dialog(page, 'Nueva evaluación 360');
    await create.waitFor();
    const quarter = await page.evaluate(() => {
      const now = new Date();
      return `Q${Math.floor(now.getMonth() / 3) + 1}-${now.getFullYear()}`;
    });
    expect(await create.getByLabel('Periodo').inputValue()).toBe(quarter);
    expect(await create.getByLabel('Desde plantilla').isChecked()).toBe(true);
    expect(await create.getByLabel('Peso de competencias (%)').inputValue()).toBe('50');
    expect(await create.getByLabel('Peso de objetivos (%)').inputValue()).toBe('50');
    await expectNoAxeViolations(page, 'modal de creación');

    await create.getByLabel('Periodo').fill('');
    await create.getByRole('button', { name: 'Crear' }).click();
    await create.getByText('La plantilla es obligatoria.').waitFor();
    await create.getByText('El nombre es obligatorio.').waitFor();
    await create.getByText('El periodo es obligatorio.').waitFor();

    // Weights: one sets the other; an emptied one leaves a total other than 100.
    await create.getByLabel('Peso de competencias (%)').fill('70');
    expect(await create.getByLabel('Peso de objetivos (%)').inputValue()).toBe('30');
    await create.getByLabel('Peso de competencias (%)').fill('');
    await create.getByText('Los pesos deben sumar 100.').waitFor();
    await expectNoAxeViolations(page, 'modal de creación con errores');
    await create.getByLabel('Peso de competencias (%)').fill('70');
    await create.getByText('Los pesos deben sumar 100.').waitFor({ state: 'detached' });

    // From the 'Personal docente' template, self-evaluation allowed.
    await create.getByRole('combobox', { name: 'Plantilla' }).click();
    await page.getByRole('option', { name: new RegExp('^Personal docente') }).click();
    await create.getByLabel('Nombre', { exact: false }).fill(FROM_TEMPLATE);
    await create.getByLabel('Periodo').fill(quarter);
    await create.getByLabel('Permitir autoevaluación').check();
    await create.getByRole('button', { name: 'Crear' }).click();
    await create.waitFor({ state: 'detached' });
    const piloto = row(evaluations, FROM_TEMPLATE);
    await piloto.getByText('Borrador', { exact: true }).waitFor();
    expect(await piloto.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining([quarter, '70 %', '30 %', String(tpl.item_count), '0 / 0']),
    );
    // The offer to go on to the items.
    await page.getByRole('link', { name: 'Ir a los ítems' }).waitFor();

    // A blank one saved as a template: the template is listed.
    await page.getByRole('button', { name: 'Nueva evaluación 360' }).click();
    await create.waitFor();
    await create.getByLabel('En blanco').check();
    expect(await create.getByRole('combobox', { name: 'Plantilla' }).count()).toBe(0);
    await create.getByLabel('Nombre', { exact: false }).fill(BLANK);
    await create.getByLabel('Guardar como plantilla').check();
    await create.getByRole('button', { name: 'Crear' }).click();
    await create.waitFor({ state: 'detached' });
    const blank = row(evaluations, BLANK);
    await blank.getByText('Borrador', { exact: true }).waitFor();
    await row(templates, BLANK).waitFor();

    // Rename that template.
    await row(templates, BLANK).getByRole('button', { name: 'Renombrar' }).click();
    const rename = dialog(page, 'Renombrar plantilla');
    await rename.waitFor();
    await expectNoAxeViolations(page, 'modal de renombrar plantilla');
    await rename.getByLabel('Nombre de la plantilla').fill(RENAMED);
    await rename.getByRole('button', { name: 'Guardar' }).click();
    await rename.waitFor({ state: 'detached' });
    await row(templates, RENAMED).waitFor();
    expect(await row(templates, BLANK).count()).toBe(0);

    // Save an evaluation as a template: a taken name gets the server's sentence.
    await chooseInRow(piloto, /^Guardar como plantilla/);
    const save = dialog(page, 'Guardar como plantilla');
    await save.waitFor();
    expect(await save.getByLabel('Nombre de la plantilla').inputValue()).toBe(FROM_TEMPLATE);
    await save.getByLabel('Nombre de la plantilla').fill('personal docente');
    await save.getByRole('button', { name: 'Guardar plantilla' }).click();
    await save.getByText('Ya existe una plantilla con ese nombre.').waitFor();
    await expectNoAxeViolations(page, 'modal de guardar como plantilla con error');
    await save.getByLabel('Nombre de la plantilla').fill('Docente piloto');
    await save.getByRole('button', { name: 'Guardar plantilla' }).click();
    await save.waitFor({ state: 'detached' });
    const copied = row(templates, 'Docente piloto');
    await copied.waitFor();
    expect(await copied.getByRole('cell').allInnerTexts()).toContain(String(tpl.item_count));

    // Opening a draft without items: the server says why, and it stays a draft.
    await chooseInRow(blank, /^Abrir/);
    const open = dialog(page, 'Abrir evaluación');
    await open.getByText(/sus ítems quedarán bloqueados/).waitFor();
    await expectNoAxeViolations(page, 'confirmación de abrir');
    await open.getByRole('button', { name: 'Abrir' }).click();
    await page.getByText('La evaluación necesita al menos un ítem para abrirse.').waitFor();
    await blank.getByText('Borrador', { exact: true }).waitFor();

    // The one with the template's items, but nobody to answer it yet: the server says what is missing.
    await chooseInRow(piloto, /^Abrir/);
    await open.getByRole('button', { name: 'Abrir' }).click();
    await page
      .getByText('No se puede abrir: la evaluación no tiene evaluadores asignados', { exact: false })
      .waitFor();
    await piloto.getByText('Borrador', { exact: true }).waitFor();

    // With a rater it opens.
    const pilotoId = (await call(page, v2EvaluationEndpoints.list)).rows.find(
      (e) => e.name === FROM_TEMPLATE,
    )!.id;
    await assignOnePeer(page, pilotoId);
    await chooseInRow(piloto, /^Abrir/);
    await open.getByRole('button', { name: 'Abrir' }).click();
    await piloto.getByText('Abierta', { exact: true }).waitFor();
    // Its next step is now its results; it can't be deleted any more.
    await piloto.getByRole('link', { name: `Resultados de ${FROM_TEMPLATE}` }).waitFor();
    expect((await menuOfRow(piloto)).filter((name) => name.startsWith('Eliminar'))).toEqual([]);

    // Closing asks first and says it is final (cancelled here).
    await chooseInRow(piloto, /^Cerrar/);
    const close = dialog(page, 'Cerrar evaluación');
    await close.getByText(/no se puede reabrir/).waitFor();
    await expectNoAxeViolations(page, 'confirmación de cerrar');
    // The irreversible button is not named like the ways out (decision 035).
    await close.getByRole('button', { name: 'Cerrar definitivamente', exact: true }).waitFor();
    await close.getByRole('button', { name: 'Volver sin cerrar', exact: true }).waitFor();
    expect(await close.getByRole('button', { name: 'Cerrar', exact: true }).count()).toBe(0);
    await close.getByRole('button', { name: 'Cancelar' }).click();
    await close.waitFor({ state: 'detached' });

    // Delete the blank draft after confirming; its template stays.
    await chooseInRow(blank, /^Eliminar/);
    const remove = dialog(page, 'Eliminar evaluación');
    await remove.getByText(/Esta acción no se puede deshacer/).waitFor();
    await expectNoAxeViolations(page, 'confirmación de eliminar');
    await remove.getByRole('button', { name: 'Eliminar' }).click();
    await blank.waitFor({ state: 'detached' });
    await row(templates, RENAMED).waitFor();
    // The offer to fill in the deleted draft's items is gone with it.
    expect(await page.getByRole('link', { name: 'Ir a los ítems' }).count()).toBe(0);

    // Search.
    await page.getByLabel('Buscar evaluación').fill('piloto');
    await row(evaluations, `Evaluación 360 docente ${YEAR}`).waitFor({ state: 'detached' });
    await piloto.waitFor();

    // What the page showed is what the server has.
    const { rows } = await call(page, v2EvaluationEndpoints.list);
    expect(rows.map((r) => [r.name, r.status]).sort()).toEqual(
      [
        [`Evaluación 360 docente ${YEAR}`, 'open'],
        [FROM_TEMPLATE, 'open'],
      ].sort(),
    );
    expect(rows.find((r) => r.name === FROM_TEMPLATE)?.allow_self).toBe(true);
    expect(pageProblems(page).filter((p) => !/status of 409|status of 400/.test(p))).toEqual([]);
    await context.close();
  });
});
