import { v2EvaluationEndpoints, v2ItemEndpoints, v2TemplateEndpoints } from '@evalua/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';
import { assignOnePeer } from './support/rounds';

/** The fieldset of one item, by its place in the list ("Ítem 3"). */
function item(page: Page, n: number) {
  return page.getByRole('group', { name: `Ítem ${n}`, exact: true });
}

const itemsOf = async (page: Page, id: number) =>
  (await call(page, v2ItemEndpoints.list, { params: { id } })).items;

describeInChromium('Ítems de la evaluación 360 in Chromium', () => {
  const app = useDemoApp();

  it('lets the admin edit, reorder, add and delete the items of a draft, and shows an open one read-only', async () => {
    const { context, page } = await app.signIn('admin', '/dashboard');

    // A draft from the 'Personal docente' template, created through the API.
    const templates = await call(page, v2TemplateEndpoints.list);
    const template = templates.find((tpl) => tpl.name === 'Personal docente');
    expect(template).toBeDefined();
    // Answers 201 (call checks the endpoint's status).
    const draft = await call(page, v2EvaluationEndpoints.createFromTemplate, {
      body: {
        status: 'draft',
        template_id: template!.id,
        name: 'Borrador docente e2e',
        period: 'Q1-2030',
        weights: { weight_objectives: 40, weight_competencies: 60 },
        allow_self: true,
      },
    });
    const before = await itemsOf(page, draft.id);
    expect(before.length).toBe(10);

    await page.goto(`/evaluations-v2/${draft.id}/items`);
    await page.getByRole('heading', { level: 1, name: 'Ítems de la evaluación 360' }).waitFor();
    await page.getByText('Borrador docente e2e').waitFor();
    await page.getByText('Borrador', { exact: true }).waitFor();
    await item(page, 10).waitFor();
    await page.getByText('Suma de pesos — Competencias: 6 · Objetivos: 4').waitFor();
    await expectNoAxeViolations(page, 'ítems de un borrador');

    // The list is the server's, in its order.
    expect(await page.getByRole('group', { name: /^Ítem \d+$/ }).count()).toBe(before.length);
    for (const [i, stored] of before.entries()) {
      const group = item(page, i + 1);
      expect(await group.getByLabel('Texto de la pregunta').inputValue()).toBe(stored.question_text);
      expect(await group.getByLabel('Tipo').inputValue()).toBe(stored.type);
      expect(await group.getByLabel('Sección').inputValue()).toBe(stored.section);
      expect(Number(await group.getByLabel('Peso').inputValue())).toBe(stored.weight);
      expect(await group.getByLabel('Escala', { exact: true }).count()).toBe(
        stored.type === 'rating' ? 1 : 0,
      );
    }
    const scales = await call(page, v2TemplateEndpoints.scales);
    const firstScale = scales.find((s) => s.id === before[0]!.scale_id)!;
    expect(await item(page, 1).getByLabel('Escala', { exact: true }).inputValue()).toBe(
      String(firstScale.id),
    );
    await item(page, 1)
      .getByText(`Etiquetas: ${firstScale.labels.join(' | ')}`)
      .waitFor();

    // Edit the first item's text and weight; a weight with 3 decimals gets the server's sentence.
    const first = item(page, 1);
    await first.getByLabel('Texto de la pregunta').fill('Planifica sus clases con objetivos claros.');
    await first.getByLabel('Peso').fill('1.234');
    await page.getByRole('button', { name: 'Guardar ítems' }).click();
    await first.getByText('El peso admite como máximo 2 decimales.').waitFor();
    await first.getByLabel('Peso').fill('2.5');
    await first.getByText('El peso admite como máximo 2 decimales.').waitFor({ state: 'detached' });

    // A rating item becomes Sí/No: its scale goes.
    const second = item(page, 2);
    expect(before[1]!.type).toBe('rating');
    await second.getByLabel('Escala', { exact: true }).waitFor();
    await second.getByLabel('Tipo').selectOption('yes_no');
    await second.getByLabel('Escala', { exact: true }).waitFor({ state: 'detached' });

    // A new item: blank text is refused with the server's sentence first.
    await page.getByRole('button', { name: 'Agregar ítem' }).click();
    const added = item(page, 11);
    await added.waitFor();
    expect(await added.getByLabel('Tipo').inputValue()).toBe('rating');
    expect(await added.getByLabel('Escala', { exact: true }).inputValue()).toBe('');
    expect(await added.getByLabel('Mínimo de la escala').inputValue()).toBe('1');
    expect(await added.getByLabel('Máximo de la escala').inputValue()).toBe('5');
    await page.getByRole('button', { name: 'Guardar ítems' }).click();
    await added.getByText('El texto de la pregunta es obligatorio.').waitFor();
    await expectNoAxeViolations(page, 'ítem nuevo sin texto');
    await added.getByLabel('Texto de la pregunta').fill('Colabora en los proyectos del departamento.');
    await added.getByLabel('Sección').selectOption('objective');
    // A scale brings its labels and hides the bounds; 'Sin escala' brings them back.
    const acuerdo = scales.find((s) => s.name === 'Acuerdo (1-5)')!;
    await added.getByLabel('Escala', { exact: true }).selectOption(String(acuerdo.id));
    await added.getByText(`Etiquetas: ${acuerdo.labels.join(' | ')}`).waitFor();
    await added.getByLabel('Mínimo de la escala').waitFor({ state: 'detached' });
    await added.getByLabel('Escala', { exact: true }).selectOption({ label: 'Sin escala' });
    expect(await added.getByLabel('Mínimo de la escala').inputValue()).toBe('1');
    expect(await added.getByText(/^Etiquetas:/).count()).toBe(0);

    // Move the third item up, delete the tenth (the text item).
    await page.getByRole('button', { name: 'Subir ítem 3' }).click();
    expect(await item(page, 2).getByLabel('Texto de la pregunta').inputValue()).toBe(
      before[2]!.question_text,
    );
    expect(await item(page, 3).getByLabel('Texto de la pregunta').inputValue()).toBe(
      before[1]!.question_text,
    );
    // A stored item is deleted after confirming: Cancelar keeps it.
    await page.getByRole('button', { name: 'Eliminar ítem 10' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar ítem' });
    await confirm
      .getByText(
        `¿Eliminar el ítem 10 «${before[9]!.question_text}»? Se quitará de la evaluación al pulsar «Guardar ítems».`,
      )
      .waitFor();
    await expectNoAxeViolations(page, 'confirmación de eliminar ítem');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    await item(page, 11).waitFor();
    expect(await item(page, 10).getByLabel('Texto de la pregunta').inputValue()).toBe(
      before[9]!.question_text,
    );
    await page.getByRole('button', { name: 'Eliminar ítem 10' }).click();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await confirm.waitFor({ state: 'detached' });
    await item(page, 11).waitFor({ state: 'detached' });
    expect(await item(page, 10).getByLabel('Texto de la pregunta').inputValue()).toBe(
      'Colabora en los proyectos del departamento.',
    );
    // A blank new item has nothing to lose: it goes at once.
    await page.getByRole('button', { name: 'Agregar ítem' }).click();
    await item(page, 11).waitFor();
    await page.getByRole('button', { name: 'Eliminar ítem 11' }).click();
    await item(page, 11).waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByText('Suma de pesos — Competencias: 7.50 · Objetivos: 5').waitFor();
    await expectNoAxeViolations(page, 'ítems editados sin guardar');

    // Save: SPEC's 'Ítems guardados' as the app's own notification, never a browser alert (issue 30 §7),
    // then the server holds exactly the new list in the new order.
    const nativeDialogs: string[] = [];
    page.on('dialog', (d) => {
      nativeDialogs.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Guardar ítems' }).click();
    await page.getByText('Ítems guardados', { exact: true }).waitFor();
    expect(nativeDialogs).toEqual([]);
    await page.getByText('Hay cambios sin guardar.').waitFor({ state: 'detached' });

    const after = await itemsOf(page, draft.id);
    const [a0, a1, a2, ...rest] = before;
    const kept = [
      { ...a0!, question_text: 'Planifica sus clases con objetivos claros.', weight: 2.5 },
      a2!,
      { ...a1!, type: 'yes_no', scale_id: null, scale_min: 1, scale_max: 5, scale_labels: [] },
      ...rest.slice(0, 6),
    ];
    expect(after.length).toBe(10);
    expect(after.slice(0, 9)).toEqual(kept.map((it, position) => ({ ...it, position })));
    expect(after[9]).toEqual({
      id: expect.any(Number) as number,
      question_text: 'Colabora en los proyectos del departamento.',
      type: 'rating',
      section: 'objective',
      weight: 1,
      scale_id: null,
      scale_min: 1,
      scale_max: 5,
      scale_labels: [],
      position: 9,
    });
    expect(before.some((it) => it.id === after[9]!.id)).toBe(false);
    // The page shows the saved list.
    expect(await page.getByRole('group', { name: /^Ítem \d+$/ }).count()).toBe(10);
    expect(await item(page, 10).getByLabel('Texto de la pregunta').inputValue()).toBe(
      'Colabora en los proyectos del departamento.',
    );
    await expectNoAxeViolations(page, 'ítems guardados');

    // Opened meanwhile (through the API): the save is refused with the server's sentence.
    // Answers 200 (call checks the endpoint's status).
    await assignOnePeer(page, draft.id);
    await call(page, v2EvaluationEndpoints.update, { params: { id: draft.id }, body: { status: 'open' } });
    await item(page, 1).getByLabel('Peso').fill('3');
    await page.getByRole('button', { name: 'Guardar ítems' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Los ítems solo se pueden editar mientras la evaluación está en borrador.' })
      .waitFor();
    await expectNoAxeViolations(page, 'guardado rechazado');
    expect((await itemsOf(page, draft.id))[0]!.weight).toBe(2.5);

    // The demo's open evaluation: its items read-only, with the note.
    const { rows } = await call(page, v2EvaluationEndpoints.list);
    const open = rows.find((r) => r.status === 'open');
    expect(open).toBeDefined();
    const openItems = await itemsOf(page, open!.id);
    await page.goto(`/v2/items/${open!.id}`);
    await page.getByRole('heading', { level: 1, name: 'Ítems de la evaluación 360' }).waitFor();
    await page
      .getByText(
        'Los ítems solo se pueden editar mientras la evaluación está en borrador («Borrador»). Esta evaluación está «Abierta».',
      )
      .waitFor();
    await page.getByText(open!.name).waitFor();
    const table = page.getByRole('table');
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(openItems.length + 1);
    for (const stored of openItems) {
      await table.getByRole('cell', { name: stored.question_text, exact: true }).waitFor();
    }
    expect(await page.getByRole('button', { name: 'Guardar ítems' }).count()).toBe(0);
    expect(await page.getByRole('textbox').count()).toBe(0);
    await expectNoAxeViolations(page, 'ítems de una evaluación abierta');

    // The way back to the list.
    expect(await page.getByRole('link', { name: 'Volver a Evaluaciones 360' }).getAttribute('href')).toBe(
      '/evaluations-v2',
    );

    expect(pageProblems(page).filter((p) => !/status of 409/.test(p))).toEqual([]);
    await context.close();
  });
});
