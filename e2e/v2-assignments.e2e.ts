import {
  multipleManagersMessage,
  userEndpoints,
  v2AssignmentEndpoints,
  wholeList,
  type UserListRow,
} from '@evalua/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';
import { createDraft } from './support/rounds';
import { expectNoHorizontalOverflow, expectWithinWidth, PHONE } from './support/layout';

/** The assignments of a 360, as the server has them. */
const savedRows = async (page: Page, evaluationId: number) =>
  (await call(page, v2AssignmentEndpoints.listByEvaluation, { params: { evaluationId } })).rows;

describeInChromium('Asignaciones 360 in Chromium', () => {
  const app = useDemoApp();

  it('lets HR prepare a batch of raters, then pick one person’s evaluators', async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home');

    const id = await createDraft(page, 'Evaluación 360 docente — prueba de asignaciones');
    // People whose names are unique in the school (the demo repeats a few names).
    const users = wholeList(await call(page, userEndpoints.list));
    const unique = users.filter((u) => u.status && users.filter((o) => o.name === u.name).length === 1);
    const teacher = unique.find((u) => u.role === 'colaborador' && u.department === 'Matemáticas')!;
    const manager = unique.find((u) => u.role === 'evaluador')!;
    const others = unique.filter((u) => u.role === 'colaborador' && u.id !== teacher.id);
    const peers = others.slice(0, 3);
    const [person, first, second] = others.slice(3, 6) as [UserListRow, UserListRow, UserListRow];
    expect([teacher, manager, ...peers, person, first, second].every(Boolean)).toBe(true);

    // 1. The batch screen.
    await page.goto(`/evaluations-v2/${id}/assignments`);
    await page.getByRole('heading', { level: 1, name: `Asignaciones 360 – Evaluación #${id}` }).waitFor();
    await page.getByText('Evaluación 360 docente — prueba de asignaciones').waitFor();
    await page.getByText('Esta evaluación aún no tiene asignaciones.').waitFor();
    await page.getByText('Vacío', { exact: true }).waitFor();
    // An empty batch has nothing to clear.
    expect(await page.getByRole('button', { name: 'Limpiar lote' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'asignaciones 360 vacías');

    await page.getByRole('button', { name: 'Guardar lote' }).click();
    await page.getByRole('alert').getByText('No hay asignaciones en el lote.').waitFor();
    await expectNoAxeViolations(page, 'lote vacío');

    const evaluatorId = page.getByLabel('Evaluator ID');
    const evaluateeId = page.getByLabel('Evaluatee ID');
    const selfId = page.getByLabel('User ID (self)');
    const relation = page.getByRole('combobox', { name: 'Relación' });
    const addPair = page.getByRole('button', { name: 'Agregar al lote' });
    const addSelf = page.getByRole('button', { name: 'Agregar autoeval.' });

    await evaluatorId.fill('abc');
    await evaluateeId.fill(String(teacher.id));
    await addPair.click();
    await page.getByRole('alert').getByText('Completa evaluator_id, evaluatee_id y relación.').waitFor();
    await selfId.fill('x1');
    await addSelf.click();
    await page.getByRole('alert').getByText('Ingresa un user_id válido para autoevaluación.').waitFor();
    await expectNoAxeViolations(page, 'ids no válidos');

    // A typed id names the person (or nobody).
    await evaluatorId.fill('999999');
    await page.getByText('No existe un usuario con ese ID.').waitFor();
    await evaluatorId.fill(String(manager.id));
    await page.getByText(new RegExp(`^${manager.name} — `)).waitFor();

    const fillBatch = async () => {
      await selfId.fill(String(teacher.id));
      await addSelf.click();
      await relation.click();
      await page.getByRole('option', { name: 'Jefe', exact: true }).click();
      await evaluatorId.fill(String(manager.id));
      await evaluateeId.fill(String(teacher.id));
      await addPair.click();
      await relation.click();
      await page.getByRole('option', { name: 'Par', exact: true }).click();
      for (const peer of peers) {
        await evaluatorId.fill(String(peer.id));
        await evaluateeId.fill(String(teacher.id));
        await addPair.click();
      }
    };
    const batchTable = page.getByRole('table', { name: 'Lote preparado' });
    await fillBatch();
    await batchTable.locator('tbody tr').nth(4).waitFor();
    expect(await batchTable.locator('tbody tr').count()).toBe(5);
    await batchTable.getByText(manager.name).waitFor();
    expect(await batchTable.getByRole('cell', { name: 'Autoevaluación', exact: true }).count()).toBe(1);
    expect(await batchTable.getByRole('cell', { name: 'Par', exact: true }).count()).toBe(3);
    await expectNoAxeViolations(page, 'lote preparado');

    await page.getByRole('button', { name: 'Guardar lote' }).click();
    await page.getByRole('status').getByText('Se insertaron 5 asignación(es).').waitFor();
    await batchTable.waitFor({ state: 'detached' });
    await page.getByText('Vacío', { exact: true }).waitFor();
    const current = page.getByRole('table', { name: 'Asignaciones actuales' });
    await current.locator('tbody tr').nth(4).waitFor();
    expect(await current.locator('tbody tr').count()).toBe(5);
    const managerRow = current.getByRole('row').filter({ hasText: manager.name });
    // A pending assignment's relation can be changed in its row (decision 035).
    const managerRelation = managerRow.getByRole('combobox', {
      name: `${manager.name} como evaluador de ${teacher.name}`,
    });
    expect(await managerRelation.inputValue()).toBe('Jefe');
    // The status once, in Spanish (issue 30 §8).
    await managerRow.getByText('Pendiente', { exact: true }).waitFor();
    expect(await managerRow.getByText('pending', { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page, 'lote guardado');
    const saved = await savedRows(page, id);
    expect(saved.map((r) => [r.evaluator_id, r.evaluatee_id, r.relation]).sort()).toEqual(
      [
        [teacher.id, teacher.id, 'self'],
        [manager.id, teacher.id, 'manager'],
        ...peers.map((p) => [p.id, teacher.id, 'peer']),
      ].sort(),
    );

    // The same batch again: nothing new.
    await fillBatch();
    await batchTable.locator('tbody tr').nth(4).waitFor();
    await page.getByRole('button', { name: 'Guardar lote' }).click();
    // Nothing new is not announced as a success (decision 035).
    await page
      .getByRole('status')
      .getByText(
        'No se agregó ninguna asignación nueva: todas las del lote ya estaban asignadas en esta evaluación.',
      )
      .waitFor();
    expect(await page.getByText('Se insertaron 0 asignación(es).').count()).toBe(0);
    expect(await savedRows(page, id)).toHaveLength(5);

    // Limpiar lote empties it, after confirming: Cancelar keeps the batch as it was.
    for (const peer of peers.slice(0, 2)) {
      await evaluatorId.fill(String(peer.id));
      await evaluateeId.fill(String(person.id));
      await addPair.click();
    }
    await batchTable.locator('tbody tr').nth(1).waitFor();
    const clear = page.getByRole('button', { name: 'Limpiar lote' });
    await clear.click();
    const confirm = page.getByRole('dialog', { name: 'Limpiar lote' });
    await confirm
      .getByText('¿Quitar del lote las 2 asignaciones preparadas? Aún no se han guardado y se perderán.')
      .waitFor();
    await expectNoAxeViolations(page, 'confirmación de limpiar lote');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await batchTable.locator('tbody tr').count()).toBe(2);
    await clear.click();
    await confirm.getByRole('button', { name: 'Limpiar', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Vacío', { exact: true }).waitFor();
    expect(await clear.isDisabled()).toBe(true);
    // Nothing was saved on the way.
    expect(await savedRows(page, id)).toHaveLength(5);

    // 2. One person's evaluators.
    await page.goto(`/v2/assignments/${id}`);
    await page.getByRole('heading', { level: 1, name: `Asignaciones (V2) — Evaluación #${id}` }).waitFor();
    const people = page.getByRole('table', { name: 'Usuarios' });
    await people.locator('tbody tr').nth(9).waitFor();
    expect(await people.locator('tbody tr').count()).toBe(10);
    await page.getByText(`Mostrando 1–10 de ${users.length}`).waitFor();
    await expectNoAxeViolations(page, 'asignaciones por persona');

    await page.getByLabel('Buscar usuario').fill(person.name);
    await people.getByRole('cell', { name: person.name, exact: true }).waitFor();
    await expectNoAxeViolations(page, 'búsqueda de usuarios');
    const open = async () => {
      await people.getByRole('button', { name: `Asignar evaluadores a ${person.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Asignar evaluadores a ${person.name}` });
      await dialog.getByRole('checkbox').first().waitFor();
      return dialog;
    };
    // Each person says how many raters they have (issue 30 §7).
    const personRow = people
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: person.name, exact: true }) });
    await personRow.getByRole('cell', { name: 'Sin evaluadores', exact: true }).waitFor();
    let dialog = await open();
    await dialog.getByText('0 evaluador(es) seleccionado(s).').waitFor();
    await expectNoAxeViolations(page, 'modal de evaluadores');

    const search = dialog.getByLabel('Buscar usuario');
    await search.fill('zzzz sin coincidencias');
    await dialog.getByText('Sin resultados', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'modal sin resultados');
    for (const evaluator of [first, second]) {
      await search.fill(evaluator.name);
      await dialog.getByRole('checkbox', { name: evaluator.name, exact: true }).check();
    }
    await dialog.getByText('2 evaluador(es) seleccionado(s).').waitFor();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const evaluatorsOf = () =>
      call(page, v2AssignmentEndpoints.evaluatorsOf, { params: { evaluationId: id, userId: person.id } });
    expect((await evaluatorsOf()).evaluator_ids).toEqual([first.id, second.id].sort((a, b) => a - b));
    await personRow.getByRole('cell', { name: '2 (0 respondieron)', exact: true }).waitFor();

    // Reopen: the two are ticked; untick one.
    dialog = await open();
    await dialog.getByText('2 evaluador(es) seleccionado(s).').waitFor();
    await dialog.getByLabel('Buscar usuario').fill(first.name);
    const box = dialog.getByRole('checkbox', { name: first.name, exact: true });
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    await dialog.getByText('1 evaluador(es) seleccionado(s).').waitFor();
    // Removing one is asked first, in the modal: Volver changes nothing.
    await dialog.getByRole('button', { name: 'Guardar', exact: true }).click();
    const ask = dialog.getByRole('group', { name: 'Confirmar quitar evaluadores' });
    await ask
      .getByText(`¿Quitar un evaluador de ${person.name}? Su evaluación pendiente se eliminará.`)
      .waitFor();
    await expectNoAxeViolations(page, 'confirmación de quitar evaluadores');
    await ask.getByRole('button', { name: 'Volver' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(
      await dialog
        .getByRole('button', { name: 'Guardar', exact: true })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    expect((await evaluatorsOf()).evaluator_ids).toEqual([first.id, second.id].sort((a, b) => a - b));
    await dialog.getByRole('button', { name: 'Guardar', exact: true }).click();
    await ask.getByRole('button', { name: 'Quitar y guardar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await evaluatorsOf()).evaluator_ids).toEqual([second.id]);
    const rows = await savedRows(page, id);
    expect(rows.filter((r) => r.evaluatee_id === person.id).map((r) => r.relation)).toEqual(['peer']);

    // Only the lookup of an id nobody has answered 404.
    expect(pageProblems(page).filter((p) => !/status of 404/.test(p))).toEqual([]);
    await context.close();
  });
  it('asks HR before giving someone a second manager: Cancelar saves nothing, confirming saves the batch', async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home', {
      viewport: { width: 1366, height: 900 },
    });
    const id = await createDraft(page, 'Evaluación 360 docente — dos jefes');
    const users = wholeList(await call(page, userEndpoints.list));
    const unique = users.filter((u) => u.status && users.filter((o) => o.name === u.name).length === 1);
    const teacher = unique.find((u) => u.role === 'colaborador')!;
    const [boss, secondBoss] = unique.filter((u) => u.role === 'evaluador') as [UserListRow, UserListRow];
    const peer = unique.find((u) => u.role === 'colaborador' && u.id !== teacher.id)!;
    const third = unique.filter((u) => u.role === 'evaluador')[2]!;
    expect([teacher, boss, secondBoss, peer, third].every(Boolean)).toBe(true);
    const saved = async (as: Page = page) =>
      (await savedRows(as, id)).map((r) => [r.evaluator_id, r.evaluatee_id, r.relation]).sort();

    await page.goto(`/evaluations-v2/${id}/assignments`);
    await page.getByRole('heading', { level: 1, name: `Asignaciones 360 – Evaluación #${id}` }).waitFor();
    const relation = page.getByRole('combobox', { name: 'Relación' });
    const batchTable = page.getByRole('table', { name: 'Lote preparado' });
    const add = async (evaluator: UserListRow, label: string) => {
      await relation.click();
      await page.getByRole('option', { name: label, exact: true }).click();
      await page.getByLabel('Evaluator ID').fill(String(evaluator.id));
      await page.getByLabel('Evaluatee ID').fill(String(teacher.id));
      await page.getByRole('button', { name: 'Agregar al lote' }).click();
    };

    // One manager: saved without a question.
    await add(boss, 'Jefe');
    await page.getByRole('button', { name: 'Guardar lote' }).click();
    await page.getByRole('status').getByText('Se insertaron 1 asignación(es).').waitFor();
    expect(await saved()).toEqual([[boss.id, teacher.id, 'manager']]);

    // A second manager (with a peer in the same batch): the server's sentence, in the confirmation.
    await add(secondBoss, 'Jefe');
    await add(peer, 'Par');
    await batchTable.locator('tbody tr').nth(1).waitFor();
    const save = page.getByRole('button', { name: 'Guardar lote' });
    await save.click();
    const dialog = page.getByRole('dialog', { name: 'Más de un jefe' });
    await dialog.getByText(multipleManagersMessage(teacher.id), { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'confirmación de un segundo jefe');

    // Cancelar: nothing saved, the batch as it was, no error.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await batchTable.locator('tbody tr').count()).toBe(2);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await saved()).toEqual([[boss.id, teacher.id, 'manager']]);

    // Confirming sends the same batch with the permission: both saved, the batch empties.
    await save.click();
    await dialog.getByRole('button', { name: 'Asignar de todos modos' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').getByText('Se insertaron 2 asignación(es).').waitFor();
    await page.getByText('Vacío', { exact: true }).waitFor();
    expect(await saved()).toEqual(
      [
        [boss.id, teacher.id, 'manager'],
        [secondBoss.id, teacher.id, 'manager'],
        [peer.id, teacher.id, 'peer'],
      ].sort(),
    );
    await expectNoAxeViolations(page, 'lote con dos jefes guardado');
    // The 409 of the first try is the only failed call.
    expect(pageProblems(page).filter((p) => !/status of 409/.test(p))).toEqual([]);
    await context.close();

    // At 375 px the question and its buttons fit without scrolling sideways.
    const phone = await app.signIn('gestionhumana', '/home', PHONE);
    await phone.page.goto(`/evaluations-v2/${id}/assignments`);
    await phone.page
      .getByRole('heading', { level: 1, name: `Asignaciones 360 – Evaluación #${id}` })
      .waitFor();
    await phone.page.getByRole('combobox', { name: 'Relación' }).click();
    await phone.page.getByRole('option', { name: 'Jefe', exact: true }).click();
    await phone.page.getByLabel('Evaluator ID').fill(String(third.id));
    await phone.page.getByLabel('Evaluatee ID').fill(String(teacher.id));
    await phone.page.getByRole('button', { name: 'Agregar al lote' }).click();
    // On a phone the batch is one card per entry.
    await phone.page.getByRole('list', { name: 'Lote preparado' }).getByRole('article').first().waitFor();
    await expectNoHorizontalOverflow(phone.page, 'lote a 375 px');
    await phone.page.getByRole('button', { name: 'Guardar lote' }).click();
    const small = phone.page.getByRole('dialog', { name: 'Más de un jefe' });
    await small.getByText(multipleManagersMessage(teacher.id), { exact: true }).waitFor();
    await expectNoHorizontalOverflow(phone.page, 'confirmación de un segundo jefe a 375 px');
    await expectWithinWidth(
      small.getByRole('button', { name: 'Asignar de todos modos' }),
      'Asignar de todos modos',
    );
    await expectWithinWidth(small.getByRole('button', { name: 'Cancelar' }), 'Cancelar');
    await expectNoAxeViolations(phone.page, 'confirmación de un segundo jefe a 375 px');
    await small.getByRole('button', { name: 'Cancelar' }).click();
    await small.waitFor({ state: 'detached' });
    expect(await saved(phone.page)).toHaveLength(3);
    await phone.context.close();
  });
});
