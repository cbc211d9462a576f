import {
  userEndpoints,
  v2AssignmentEndpoints,
  v2EvaluationEndpoints,
  wholeList,
  type UserListRow,
} from '@evalua/contracts';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';
import { chooseInRow, createDraft } from './support/rounds';
import { expectNoHorizontalOverflow, expectWithinWidth, PHONE } from './support/layout';

/** Choosing raters without ids, relations, draft editing (issue 19, decision 035). */

type User = UserListRow;

/** Picks `user` in a people search by typing part of their name: no id typed. */
async function pickPerson(page: Page, search: Locator, user: User, keyboard = false): Promise<void> {
  await search.fill(user.name.split(' ').slice(0, 2).join(' '));
  const option = page.getByRole('option', { name: `(ID ${user.id})` });
  await option.waitFor();
  if (keyboard) {
    // Arrow down to the person, Enter picks them.
    const options = page.getByRole('option');
    const index = (await options.allInnerTexts()).findIndex((t) => t.includes(`(ID ${user.id})`));
    for (let i = 0; i <= index; i += 1) await search.press('ArrowDown');
    await search.press('Enter');
  } else {
    await option.click();
  }
}

describeInChromium('Choosing raters without ids in Chromium', () => {
  const app = useDemoApp();

  const name = 'Evaluación 360 — elegir evaluadores';
  const renamed = 'Evaluación 360 — evaluadores elegidos';
  let id = 0;
  let teacher: User;
  let peerA: User;
  let peerB: User;
  let peerC: User;
  let boss: User;
  const desktop = () => app.signIn('gestionhumana', '/home', { viewport: { width: 1366, height: 900 } });
  const rowsOf = async (page: Page) =>
    (await call(page, v2AssignmentEndpoints.listByEvaluation, { params: { evaluationId: id } })).rows;

  it('HR builds a batch by searching people by name, removes rows, sees an unknown id flagged, saves', async () => {
    const { context, page } = await desktop();
    id = await createDraft(page, name);
    const users = wholeList(await call(page, userEndpoints.list));
    const unique = users.filter(
      (u) =>
        u.status &&
        users.filter(
          (o) => o.name.split(' ').slice(0, 2).join(' ') === u.name.split(' ').slice(0, 2).join(' '),
        ).length === 1,
    );
    const colaboradores = unique.filter((u) => u.role === 'colaborador');
    [teacher, peerA, peerB, peerC, boss] = colaboradores as [User, User, User, User, User];
    expect([teacher, peerA, peerB, peerC, boss].every(Boolean)).toBe(true);
    const rows = () => rowsOf(page);

    // 1. The batch, built by searching people by name.
    await page.goto(`/evaluations-v2/${id}/assignments`);
    await page.getByRole('heading', { level: 1, name: `Asignaciones 360 – Evaluación #${id}` }).waitFor();
    const evaluatorSearch = page.getByRole('combobox', { name: 'Buscar evaluador', exact: true });
    const evaluateeSearch = page.getByRole('combobox', { name: 'Buscar evaluado', exact: true });
    const evaluatorId = page.getByLabel('Evaluator ID');
    const evaluateeId = page.getByLabel('Evaluatee ID');
    const addPair = page.getByRole('button', { name: 'Agregar al lote' });
    await expectNoAxeViolations(page, 'lote con búsqueda de personas');

    await pickPerson(page, evaluateeSearch, teacher);
    expect(await evaluateeId.inputValue()).toBe(String(teacher.id));
    // The chosen person's name shows by the id.
    await page
      .getByText(new RegExp(`^${teacher.name}( — |$)`))
      .first()
      .waitFor();
    await pickPerson(page, evaluatorSearch, peerA, true);
    expect(await evaluatorId.inputValue()).toBe(String(peerA.id));
    await expectNoAxeViolations(page, 'búsqueda con una persona elegida');
    await addPair.click();
    // The evaluator's search and id empty for the next one; the evaluatee stays.
    expect(await evaluatorId.inputValue()).toBe('');
    expect(await evaluateeId.inputValue()).toBe(String(teacher.id));
    for (const peer of [peerB, peerC]) {
      await pickPerson(page, evaluatorSearch, peer);
      await addPair.click();
    }
    // An id nobody has, typed by hand, is flagged in the batch before saving.
    await evaluatorId.fill('999999');
    await addPair.click();
    const batch = page.getByRole('table', { name: 'Lote preparado' });
    await batch.locator('tbody tr').nth(3).waitFor();
    await batch.getByText(peerB.name, { exact: true }).waitFor();
    await batch.getByText('El usuario 999999 no existe.').waitFor();
    const flagged =
      'Una fila del lote tiene un usuario que no existe o está inactivo. Quítala o corrígela antes de guardar el lote.';
    await page.getByText(flagged).waitFor();
    const save = page.getByRole('button', { name: 'Guardar lote' });
    expect(await save.isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'lote con un id desconocido');

    // Rows are removed one by one, each button named after its row.
    await batch.getByRole('button', { name: `Quitar entrada 4: ID 999999 evalúa a ${teacher.name}` }).click();
    await batch
      .getByRole('button', { name: `Quitar entrada 2: ${peerB.name} evalúa a ${teacher.name}` })
      .click();
    expect(await batch.locator('tbody tr').count()).toBe(2);
    expect(await page.getByText(flagged).count()).toBe(0);
    expect(await batch.getByText(peerB.name).count()).toBe(0);
    await save.click();
    await page.getByRole('status').getByText('Se insertaron 2 asignación(es).').waitFor();
    expect((await rows()).map((r) => [r.evaluator_id, r.relation]).sort()).toEqual(
      [
        [peerA.id, 'peer'],
        [peerC.id, 'peer'],
      ].sort(),
    );

    // 2. A batch of pairs already assigned: a neutral notice, not a success.
    await pickPerson(page, evaluatorSearch, peerA);
    await addPair.click();
    await batch.locator('tbody tr').first().waitFor();
    await save.click();
    const none =
      'No se agregó ninguna asignación nueva: todas las del lote ya estaban asignadas en esta evaluación.';
    const notice = page.getByRole('status').filter({ hasText: none });
    await notice.waitFor();
    expect(await page.getByText('Se insertaron 0 asignación(es).').count()).toBe(0);
    await expectNoAxeViolations(page, 'aviso de nada nuevo');
    expect(pageProblems(page).filter((p) => !/status of 404/.test(p))).toEqual([]);
    await context.close();
  }, 120_000);

  it('HR picks Jefe for one evaluator in the per-person modal and changes a pending relation', async () => {
    const { context, page } = await desktop();
    const rows = () => rowsOf(page);
    // 3. One person's evaluators: Jefe for one of them.
    await page.goto(`/v2/assignments/${id}`);
    const people = page.getByRole('table', { name: 'Usuarios' });
    await page.getByLabel('Buscar usuario').fill(teacher.name);
    await people.getByRole('button', { name: `Asignar evaluadores a ${teacher.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Asignar evaluadores a ${teacher.name}` });
    await dialog.getByText('2 evaluador(es) seleccionado(s).').waitFor();
    await dialog.getByLabel('Buscar usuario').fill(boss.name);
    await dialog.getByRole('checkbox', { name: boss.name, exact: true }).check();
    const bossRelation = dialog.getByRole('combobox', { name: `Relación de ${boss.name}` });
    expect(await bossRelation.inputValue()).toBe('Par');
    await bossRelation.click();
    await page.getByRole('option', { name: 'Jefe', exact: true }).click();
    expect(await bossRelation.inputValue()).toBe('Jefe');
    // The evaluators assigned already are listed with their relation too.
    expect(await dialog.getByRole('combobox', { name: `Relación de ${peerA.name}` }).inputValue()).toBe(
      'Par',
    );
    await expectNoAxeViolations(page, 'modal con relaciones');
    await dialog.getByRole('button', { name: 'Guardar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await rows()).find((r) => r.evaluator_id === boss.id)?.relation).toBe('manager');

    // The assignments table shows Jefe; a pending relation is changed there.
    await page.goto(`/evaluations-v2/${id}/assignments`);
    const current = page.getByRole('table', { name: 'Asignaciones actuales' });
    const relationOf = (u: User) =>
      current.getByRole('combobox', { name: `${u.name} como evaluador de ${teacher.name}` });
    await relationOf(boss).waitFor();
    expect(await relationOf(boss).inputValue()).toBe('Jefe');
    await relationOf(peerC).click();
    await page.getByRole('option', { name: 'Colaborador directo', exact: true }).click();
    await page.getByText(`Relación de ${peerC.name}: Colaborador directo.`).waitFor();
    await expect
      .poll(async () => (await rows()).find((r) => r.evaluator_id === peerC.id)?.relation)
      .toBe('report');
    await expect.poll(() => relationOf(peerC).inputValue()).toBe('Colaborador directo');
    // A second Jefe is asked first; Cancelar changes nothing.
    await relationOf(peerA).click();
    await page.getByRole('option', { name: 'Jefe', exact: true }).click();
    const second = page.getByRole('dialog', { name: 'Más de un jefe' });
    await second.getByText(/tendría más de un jefe/).waitFor();
    await expectNoAxeViolations(page, 'segundo jefe desde la tabla');
    await second.getByRole('button', { name: 'Cancelar' }).click();
    await second.waitFor({ state: 'detached' });
    expect((await rows()).find((r) => r.evaluator_id === peerA.id)?.relation).toBe('peer');
    await expectNoAxeViolations(page, 'tabla con relaciones');
    // Only the refused second manager failed.
    expect(pageProblems(page).filter((p) => !/status of 409/.test(p))).toEqual([]);
    await context.close();
  }, 120_000);

  it('HR edits a draft’s name and weights, and reads each person’s id on /users', async () => {
    const { context, page } = await desktop();
    // 4. The draft's name and weights, edited on /evaluations-v2.
    await page.goto('/evaluations-v2');
    await page.getByLabel('Buscar evaluación').fill('elegir evaluadores');
    const list = page.getByRole('table', { name: 'Evaluaciones 360' });
    const row = list.getByRole('row').filter({ hasText: name });
    await chooseInRow(row, `Editar ${name}`);
    const edit = page.getByRole('dialog', { name: 'Editar evaluación' });
    const nameInput = edit.getByLabel('Nombre');
    expect(await nameInput.inputValue()).toBe(name);
    await nameInput.fill('');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await edit.getByText('El nombre es obligatorio.').waitFor();
    await expectNoAxeViolations(page, 'editar borrador con error');
    await nameInput.fill(renamed);
    await edit.getByLabel('Peso de competencias (%)').fill('70');
    expect(await edit.getByLabel('Peso de objetivos (%)').inputValue()).toBe('30');
    await edit.getByLabel('Peso de objetivos (%)').fill('20');
    expect(await edit.getByLabel('Peso de competencias (%)').inputValue()).toBe('80');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByLabel('Buscar evaluación').fill('evaluadores elegidos');
    const edited = list.getByRole('row').filter({ hasText: renamed });
    await edited.waitFor();
    const saved = await call(page, v2EvaluationEndpoints.get, { params: { id } });
    expect(saved).toMatchObject({ name: renamed, weight_competencies: 80, weight_objectives: 20 });
    await expectNoAxeViolations(page, 'borrador editado');

    // 5. /users shows each person's id.
    await page.goto('/users');
    const usersTable = page.getByRole('table', { name: 'Usuarios' });
    await usersTable.getByRole('columnheader', { name: 'ID', exact: true }).waitFor();
    await page.getByLabel('Buscar usuario').fill(teacher.name);
    await usersTable
      .getByRole('row')
      .filter({ hasText: teacher.name })
      .getByRole('cell', { name: String(teacher.id), exact: true })
      .waitFor();
    await expectNoHorizontalOverflow(page, 'usuarios con ID a 1366 px');
    await expectNoAxeViolations(page, 'usuarios con ID');

    expect(pageProblems(page)).toEqual([]);
    await context.close();
  }, 120_000);

  it('works at 375 px without sideways scrolling', async () => {
    // 6. The same at 375 px: nothing scrolls sideways.
    const phone = await app.signIn('gestionhumana', '/home', PHONE);
    const p = phone.page;
    await p.goto(`/evaluations-v2/${id}/assignments`);
    await p.getByRole('heading', { level: 1, name: `Asignaciones 360 – Evaluación #${id}` }).waitFor();
    await pickPerson(p, p.getByRole('combobox', { name: 'Buscar evaluado', exact: true }), peerB);
    await pickPerson(p, p.getByRole('combobox', { name: 'Buscar evaluador', exact: true }), teacher);
    await p.getByRole('button', { name: 'Agregar al lote' }).click();
    await p.getByLabel('Evaluator ID').fill('999999');
    await p.getByRole('button', { name: 'Agregar al lote' }).click();
    const cards = p.getByRole('list', { name: 'Lote preparado' });
    await cards.getByText('El usuario 999999 no existe.').waitFor();
    await expectNoHorizontalOverflow(p, 'lote a 375 px');
    await expectWithinWidth(
      cards.getByRole('button', { name: `Quitar entrada 2: ID 999999 evalúa a ${peerB.name}` }),
      'Quitar',
    );
    await expectNoAxeViolations(p, 'lote a 375 px');
    await cards.getByRole('button', { name: `Quitar entrada 2: ID 999999 evalúa a ${peerB.name}` }).click();
    await expectNoHorizontalOverflow(p, 'asignaciones actuales a 375 px');

    await p.goto(`/v2/assignments/${id}`);
    await p.getByLabel('Buscar usuario').fill(teacher.name);
    await p.getByRole('button', { name: `Asignar evaluadores a ${teacher.name}` }).click();
    const small = p.getByRole('dialog', { name: `Asignar evaluadores a ${teacher.name}` });
    await small.getByRole('combobox', { name: `Relación de ${boss.name}` }).waitFor();
    await expectNoHorizontalOverflow(p, 'modal de evaluadores a 375 px');
    await expectWithinWidth(small.getByRole('combobox', { name: `Relación de ${boss.name}` }), 'relación');
    await expectNoAxeViolations(p, 'modal de evaluadores a 375 px');
    await small.getByRole('button', { name: 'Cancelar' }).click();

    await p.goto('/evaluations-v2');
    await p.getByLabel('Buscar evaluación').fill('evaluadores elegidos');
    await chooseInRow(p.getByRole('article', { name: renamed, exact: true }), `Editar ${renamed}`);
    const phoneEdit = p.getByRole('dialog', { name: 'Editar evaluación' });
    await phoneEdit.getByLabel('Nombre').waitFor();
    await expectNoHorizontalOverflow(p, 'editar borrador a 375 px');
    await expectWithinWidth(phoneEdit.getByRole('button', { name: 'Guardar' }), 'Guardar');
    await expectNoAxeViolations(p, 'editar borrador a 375 px');
    await phoneEdit.getByRole('button', { name: 'Cancelar' }).click();

    await p.goto('/users');
    await p.getByLabel('Buscar usuario').fill(teacher.name);
    await p
      .getByRole('article')
      .filter({ hasText: teacher.name })
      .getByText(String(teacher.id), { exact: true })
      .waitFor();
    await expectNoHorizontalOverflow(p, 'usuarios a 375 px');
    await expectNoAxeViolations(p, 'usuarios a 375 px');
    await phone.context.close();
  }, 120_000);
});
