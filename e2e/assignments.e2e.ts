import { assignmentEndpoints, categoryEndpoints, evaluatorEndpoints, wholeList } from '@evalua/contracts';
import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { PHONE, expectAllWithinWidth, expectNoHorizontalOverflow } from './support/layout';
import { call } from './support/call';

/** The row whose cell holds exactly `text` (e-mails are unique; demo names repeat). */
function row(scope: Locator, text: string | null) {
  if (text === null) throw new Error('Las filas se buscan por correo y esta persona no tiene');
  return scope.getByRole('row').filter({ has: scope.page().getByRole('cell', { name: text, exact: true }) });
}

describeInChromium('Gestión de Asignaciones in Chromium', () => {
  const app = useDemoApp();

  it('lets the admin see, search, page, add and remove an evaluator’s collaborators', async () => {
    const { context, page } = await app.signIn('admin', '/dashboard');
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Gestión de Asignaciones' })
      .click();
    await page.waitForURL('**/assignment-management');
    await page.getByRole('heading', { level: 1, name: 'Gestión de Asignaciones' }).waitFor();
    await page.getByText('Elige un evaluador para ver y gestionar sus colaboradores.').waitFor();
    await expectNoAxeViolations(page, 'sin evaluador');

    // Only evaluadores are offered.
    const evaluators = wholeList(await call(page, evaluatorEndpoints.list));
    const evaluator = evaluators.find((e) => e.email === app.logins.byRole.evaluador.email)!;
    const picker = page.getByRole('combobox', { name: 'Evaluador' });
    await picker.click();
    await page.getByRole('option').first().waitFor();
    const offered = await page.getByRole('option').allTextContents();
    expect(offered.sort()).toEqual(evaluators.map((e) => e.name).sort());
    await picker.fill(evaluator.name.split(' ')[0]!);
    await page.getByRole('option', { name: evaluator.name, exact: true }).click();
    await page.waitForURL(`**/assignment-management?evaluador=${evaluator.id}`);

    // Their collaborators, as the server has them.
    const assignedTable = page.getByRole('table', { name: `Colaboradores asignados a ${evaluator.name}` });
    const before = await call(page, assignmentEndpoints.assigned, { params: { evaluatorId: evaluator.id } });
    expect(before.length).toBeGreaterThan(0);
    for (const a of before) await row(assignedTable, a.email).waitFor();
    expect(await assignedTable.locator('tbody tr').count()).toBe(before.length);

    // The available people, 5 per page, paged on the server.
    const available = page.getByRole('table', { name: 'Personas disponibles' });
    const firstPage = await call(page, assignmentEndpoints.available, {
      params: { evaluatorId: evaluator.id },
      query: { page: 1 },
    });
    expect(firstPage.total).toBeGreaterThan(10);
    await page.getByText(`Mostrando 1–5 de ${firstPage.total}`).waitFor();
    expect(await available.locator('tbody tr').count()).toBe(5);
    for (const p of firstPage.rows) await row(available, p.email).waitFor();
    await expectNoAxeViolations(page, 'evaluador elegido');

    await page.getByRole('button', { name: 'Página 2' }).click();
    await page.getByText(`Mostrando 6–10 de ${firstPage.total}`).waitFor();
    const secondPage = await call(page, assignmentEndpoints.available, {
      params: { evaluatorId: evaluator.id },
      query: { page: 2 },
    });
    for (const p of secondPage.rows) await row(available, p.email).waitFor();
    expect(await row(available, firstPage.rows[0]!.email).count()).toBe(0);
    await expectNoAxeViolations(page, 'segunda página de disponibles');

    // Search (back to page 1 of the results).
    const target = secondPage.rows[0]!;
    const q = target.name.split(' ').slice(-1)[0]!;
    const found = await call(page, assignmentEndpoints.available, {
      params: { evaluatorId: evaluator.id },
      query: { q, page: 1 },
    });
    await page.getByLabel('Buscar persona disponible').fill(q);
    await page.getByText(`Mostrando 1–${Math.min(5, found.total)} de ${found.total}`).waitFor();
    await row(available, target.email).waitFor();
    await expectNoAxeViolations(page, 'búsqueda de disponibles');

    // Add one: it moves from the available list to the evaluator's list.
    await row(available, target.email)
      .getByRole('button', { name: `Asignar ${target.name}` })
      .click();
    await row(assignedTable, target.email).waitFor();
    await row(available, target.email).waitFor({ state: 'detached' });
    expect(await assignedTable.locator('tbody tr').count()).toBe(before.length + 1);

    // A pair that already exists (added elsewhere while this list was shown): the server's 409 sentence.
    await page.getByLabel('Buscar persona disponible').fill('');
    await page.getByText(`Mostrando 1–5 de ${firstPage.total - 1}`).waitFor();
    const other = firstPage.rows.find((p) => p.id !== target.id)!;
    // Answers 201 (call checks the endpoint's status).
    await call(page, assignmentEndpoints.create, {
      body: { evaluator_id: evaluator.id, collaborator_id: other.id },
    });
    await row(available, other.email)
      .getByRole('button', { name: `Asignar ${other.name}` })
      .click();
    await page.getByRole('alert').getByText('Este colaborador ya está asignado a este evaluador.').waitFor();
    await row(assignedTable, other.email).waitFor();
    await expectNoAxeViolations(page, 'asignación duplicada');

    // Remove after confirming.
    await row(assignedTable, target.email)
      .getByRole('button', { name: `Quitar ${target.name}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(`¿Quitar a «${target.name}» de los colaboradores de «${evaluator.name}»?`)
      .waitFor();
    await expectNoAxeViolations(page, 'confirmación de quitar');
    await dialog.getByRole('button', { name: 'Quitar' }).click();
    await row(assignedTable, target.email).waitFor({ state: 'detached' });
    // Back among the available: all but `other`.
    await page.getByText(`Mostrando 1–5 de ${firstPage.total - 1}`).waitFor();

    // Someone this evaluator already evaluated: the confirmation says the result stays (issue 15).
    const evaluatedOne = before.find((a) => a.evaluated);
    expect(evaluatedOne).toBeDefined();
    await row(assignedTable, evaluatedOne!.email)
      .getByRole('button', { name: `Quitar ${evaluatedOne!.collaborator_name}` })
      .click();
    await dialog
      .getByText(`«${evaluator.name}» ya lo evaluó: ese resultado se conserva en reportes e historial.`)
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });

    // What the page showed is what the server has.
    const after = await call(page, assignmentEndpoints.assigned, { params: { evaluatorId: evaluator.id } });
    expect(after.map((a) => a.collaborator_id).sort()).toEqual(
      [...before.map((a) => a.collaborator_id), other.id].sort(),
    );

    // The same screen answers at /assignments, with its own title and the evaluator from the address.
    await page.goto(`/assignments?evaluador=${evaluator.id}`);
    await page.getByRole('heading', { level: 1, name: 'Asignaciones' }).waitFor();
    await row(assignedTable, other.email).waitFor();
    await expectNoAxeViolations(page, '/assignments');

    expect(pageProblems(page).filter((p) => !/status of 409/.test(p))).toEqual([]);
    await context.close();
  });

  it('assigns many at once: filtered by category, ticked across pages, every match, and by «Reporta a» — at 1366 and 375 px', async () => {
    const { context, page } = await app.signIn('admin', '/dashboard');
    const evaluators = wholeList(await call(page, evaluatorEndpoints.list));
    const evaluator = evaluators.find((e) => e.email !== app.logins.byRole.evaluador.email)!;
    const ofEvaluator = { params: { evaluatorId: evaluator.id } };
    const before = await call(page, assignmentEndpoints.assigned, ofEvaluator);
    const categories = wholeList(await call(page, categoryEndpoints.list));
    // The category with the most people still available to this evaluator.
    const counts = await Promise.all(
      categories.map(async (c) => ({
        c,
        total: (
          await call(page, assignmentEndpoints.available, { ...ofEvaluator, query: { category_id: c.id } })
        ).total,
      })),
    );
    const { c: category, total } = counts.sort((a, b) => b.total - a.total)[0]!;
    expect(total).toBeGreaterThan(6);

    await page.goto(`/assignment-management?evaluador=${evaluator.id}`);
    const available = page.getByRole('table', { name: 'Personas disponibles' });
    await available.waitFor();
    await page.getByRole('combobox', { name: 'Categoría' }).click();
    await page.getByRole('option', { name: category.name, exact: true }).click();
    await page.getByRole('button', { name: `Asignar todas las filtradas (${total})` }).waitFor();
    const firstPage = await call(page, assignmentEndpoints.available, {
      ...ofEvaluator,
      query: { category_id: category.id, page: 1 },
    });
    for (const p of firstPage.rows) await row(available, p.email).waitFor();
    await expectNoAxeViolations(page, 'disponibles filtrados por categoría');

    // One ticked on page 1 and one on page 2: one call assigns both.
    const one = firstPage.rows[0]!;
    await row(available, one.email)
      .getByRole('checkbox', { name: `Seleccionar a ${one.name}` })
      .check();
    await page.getByRole('button', { name: 'Página 2' }).click();
    const secondPage = await call(page, assignmentEndpoints.available, {
      ...ofEvaluator,
      query: { category_id: category.id, page: 2 },
    });
    const two = secondPage.rows[0]!;
    await row(available, two.email)
      .getByRole('checkbox', { name: `Seleccionar a ${two.name}` })
      .check();
    await page.getByRole('button', { name: 'Asignar seleccionadas (2)' }).click();
    await page.getByText(`Se asignaron 2 personas a ${evaluator.name}.`).waitFor();
    const assignedTable = page.getByRole('table', { name: `Colaboradores asignados a ${evaluator.name}` });
    await row(assignedTable, one.email).waitFor();
    await row(assignedTable, two.email).waitFor();

    // Every other match, after confirming in words.
    await page.getByRole('button', { name: `Asignar todas las filtradas (${total - 2})` }).click();
    const dialog = page.getByRole('dialog', { name: 'Asignar varias personas' });
    await dialog
      .getByText(
        `¿Asignar a «${evaluator.name}» las ${total - 2} personas disponibles que coinciden con la búsqueda y los filtros?`,
      )
      .waitFor();
    await expectNoAxeViolations(page, 'confirmación de asignar todas');
    await dialog.getByRole('button', { name: 'Asignar' }).click();
    await page.getByText(`Se asignaron ${total - 2} personas a ${evaluator.name}.`).waitFor();
    await page.getByText('Nadie disponible coincide con la búsqueda y los filtros.').waitFor();
    const after = await call(page, assignmentEndpoints.assigned, ofEvaluator);
    expect(after.length).toBe(before.length + total);

    // 'Reporta a' asks first (it reaches every evaluator) and only adds: a second run creates nothing.
    const byReportsTo = async () => {
      await page.getByRole('button', { name: 'Asignar según «Reporta a»' }).click();
      const dialog = page.getByRole('dialog', { name: 'Asignar según «Reporta a»' });
      await dialog.getByRole('button', { name: 'Asignar', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await byReportsTo();
    await page
      .getByText(/^(Se crearon|Se creó|No había).* según «Reporta a»/)
      .first()
      .waitFor();
    await byReportsTo();
    await page.getByText('No había asignaciones nuevas según «Reporta a».', { exact: false }).waitFor();
    expect(pageProblems(page)).toEqual([]);
    await context.close();

    // At 375 px: the filters, the bulk buttons and each person's actions are on screen.
    const phone = await app.signIn('admin', '/dashboard', PHONE);
    await phone.page.goto(`/assignment-management?evaluador=${evaluator.id}`);
    const group = phone.page.getByRole('group', { name: 'Asignar varias personas' });
    await group.waitFor();
    await phone.page
      .getByRole('checkbox', { name: /^Seleccionar a / })
      .first()
      .waitFor();
    await expectAllWithinWidth(group, 'botones de asignar varias a 375 px');
    await expectNoHorizontalOverflow(phone.page, 'gestión de asignaciones a 375 px');
    await expectNoAxeViolations(phone.page, 'gestión de asignaciones a 375 px');
    await phone.context.close();
  });
});
