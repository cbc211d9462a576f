import {
  onePage,
  userEndpoints,
  v2AssignmentEndpoints,
  v2EvaluationEndpoints,
  v2ItemEndpoints,
  v2ResultEndpoints,
  v2SnapshotEndpoints,
  type UserListRow,
  type V2Item,
} from '@evalua/contracts';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';
import { chooseInRow } from './support/rounds';

/** A whole 360 round as people do it: HR prepares it in the browser, then opens it. */
const EVALUATION = 'Evaluación 360 de la ronda e2e';
const SNAPSHOT = 'Primer corte de la ronda e2e';
const EDITED_ITEM = 'Planifica sus clases con metas claras y medibles.';

type Person = UserListRow;

/** What the first test prepares and the next ones use. */
const round = {} as { id: number; teacher: Person; manager: Person; peers: Person[] };

/** The people who already rate someone in a 360 that is not a draft (they have the V2 menu entry). */
async function ratersInNonDrafts(page: Page): Promise<Set<number>> {
  const list = await call(page, v2EvaluationEndpoints.list);
  const raters = new Set<number>();
  for (const e of list.rows.filter((r) => r.status !== 'draft')) {
    const { rows } = await call(page, v2AssignmentEndpoints.listByEvaluation, {
      params: { evaluationId: e.id },
    });
    for (const r of rows) raters.add(r.evaluator_id);
  }
  return raters;
}

function menu(page: Page) {
  return page.getByRole('navigation', { name: 'Menú principal' });
}

/** Answers one question with the top of its scale (or Sí, or Logrado, or a sentence). */
async function answerTop(group: Locator, item: V2Item): Promise<void> {
  switch (item.type) {
    case 'rating': {
      const label = item.scale_labels[item.scale_max - item.scale_min];
      const name = label ? `${item.scale_max} · ${label}` : String(item.scale_max);
      await group.getByRole('radio', { name, exact: true }).check();
      return;
    }
    case 'yes_no':
      await group.getByRole('radio', { name: 'Sí', exact: true }).check();
      return;
    case 'status_3':
      await group.getByRole('radio', { name: 'Logrado', exact: true }).check();
      return;
    case 'text':
      await group.getByRole('textbox', { name: item.question_text }).fill('Muy buen trabajo en equipo.');
      return;
  }
}

describeInChromium('a 360 round in Chromium', () => {
  const app = useDemoApp();

  /** One rater answers the teacher's evaluation in the browser (the first question N/A if asked). */
  const answerAs = async (rater: Person, naFirst: boolean) => {
    const { context, page } = await app.signIn({ email: rater.email! }, '/home');
    await menu(page).getByRole('link', { name: 'Realizar Evaluación (V2)' }).click();
    await page.getByRole('heading', { level: 1, name: 'Realizar Evaluación (V2)' }).waitFor();
    const table = page.getByRole('table', { name: 'Tus asignaciones' });
    const row = table
      .getByRole('row')
      .filter({ hasText: EVALUATION })
      .filter({ hasText: round.teacher.name });
    await row.getByRole('button', { name: `Evaluar a ${round.teacher.name} en ${EVALUATION}` }).click();
    const items = (await call(page, v2ItemEndpoints.list, { params: { id: round.id } })).items;
    await expect.poll(() => page.getByRole('group', { name: /^Pregunta \d+$/ }).count()).toBe(items.length);
    for (const [i, item] of items.entries()) {
      const group = page.getByRole('group', { name: `Pregunta ${i + 1}`, exact: true });
      if (i === 0 && naFirst) await group.getByRole('checkbox', { name: 'N/A (no aplica)' }).check();
      else await answerTop(group, item);
    }
    await expectNoAxeViolations(page, `respuestas de ${rater.name}`);
    await page.getByRole('button', { name: 'Guardar respuestas' }).click();
    await page.getByRole('status').filter({ hasText: '¡Respuestas guardadas!' }).waitFor();
    await row.getByText('Evaluado', { exact: true }).waitFor();
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  };

  it('lets HR create a 360 from a template, edit an item, assign raters in a batch and by person, and open it', async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home');

    // Create it from the 'Personal docente' template.
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Evaluaciones 360 (v2)' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Evaluaciones 360 (v2)' }).waitFor();
    await page.getByRole('button', { name: 'Nueva evaluación 360' }).click();
    const create = page.getByRole('dialog', { name: 'Nueva evaluación 360' });
    await create.getByRole('combobox', { name: 'Plantilla' }).click();
    await page.getByRole('option', { name: /^Personal docente/ }).click();
    await create.getByLabel('Nombre', { exact: false }).fill(EVALUATION);
    await create.getByLabel('Permitir autoevaluación').check();
    await expectNoAxeViolations(page, 'crear evaluación 360');
    await create.getByRole('button', { name: 'Crear' }).click();
    const evaluations = page.getByRole('table').first();
    const row = evaluations.getByRole('row').filter({ hasText: EVALUATION });
    await row.getByText('Borrador', { exact: true }).waitFor();
    const list = await call(page, v2EvaluationEndpoints.list);
    const id = list.rows.find((r) => r.name === EVALUATION)!.id;

    // Edit one item on the items screen.
    await chooseInRow(row, /^Ítems/);
    await page.waitForURL(`**/evaluations-v2/${id}/items`);
    await page.getByRole('heading', { level: 1, name: 'Ítems de la evaluación 360' }).waitFor();
    const first = page.getByRole('group', { name: 'Ítem 1', exact: true });
    await first.getByLabel('Texto de la pregunta').fill(EDITED_ITEM);
    await page.getByRole('button', { name: 'Guardar ítems' }).click();
    // SPEC's text, as the app's own notification (issue 30 §7).
    await page.getByText('Ítems guardados', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'ítems');
    const items = await call(page, v2ItemEndpoints.list, { params: { id } });
    expect(items.items[0]!.question_text).toBe(EDITED_ITEM);

    // One batch: a teacher's self-evaluation, their manager and three peers.
    const users = onePage(await call(page, userEndpoints.list, { query: { page: 1, pageSize: 200 } }));
    const active = users.rows.filter((u) => u.status);
    const [manager] = active.filter((u) => u.role === 'evaluador');
    const busy = await ratersInNonDrafts(page);
    const colaboradores = active.filter((u) => u.role === 'colaborador');
    const teacher = colaboradores.find((u) => !busy.has(u.id));
    const [peer1, peer2, peer3, other, rater1, rater2] = colaboradores.filter((u) => u !== teacher);
    await page.goto(`/evaluations-v2/${id}/assignments`);
    await page.getByRole('heading', { level: 1, name: `Asignaciones 360 – Evaluación #${id}` }).waitFor();
    await page.getByLabel('User ID (self)').fill(String(teacher!.id));
    await page.getByRole('button', { name: 'Agregar autoeval.' }).click();
    const relation = page.getByRole('combobox', { name: 'Relación' });
    const pair = async (evaluator: Person, label: string) => {
      await relation.click();
      await page.getByRole('option', { name: label, exact: true }).click();
      await page.getByLabel('Evaluator ID').fill(String(evaluator.id));
      await page.getByLabel('Evaluatee ID').fill(String(teacher!.id));
      await page.getByRole('button', { name: 'Agregar al lote' }).click();
    };
    await pair(manager!, 'Jefe');
    for (const peer of [peer1!, peer2!, peer3!]) await pair(peer, 'Par');
    const batch = page.getByRole('table', { name: 'Lote preparado' });
    await expect.poll(() => batch.getByRole('row').count()).toBe(6);
    await page.getByRole('button', { name: 'Guardar lote' }).click();
    await page.getByRole('status').getByText('Se insertaron 5 asignación(es).').waitFor();
    await expectNoAxeViolations(page, 'asignaciones en lote');

    // Another person's evaluators, through the modal.
    await page.goto(`/v2/assignments/${id}`);
    await page.getByRole('heading', { level: 1, name: `Asignaciones (V2) — Evaluación #${id}` }).waitFor();
    await page.getByLabel('Buscar usuario').fill(other!.name);
    const people = page.getByRole('table', { name: 'Usuarios' });
    await people.getByRole('button', { name: `Asignar evaluadores a ${other!.name}` }).click();
    const modal = page.getByRole('dialog', { name: `Asignar evaluadores a ${other!.name}` });
    await modal.getByRole('checkbox').first().waitFor();
    for (const rater of [rater1!, rater2!]) {
      await modal.getByLabel('Buscar usuario').fill(rater.name);
      await modal.getByRole('checkbox', { name: rater.name, exact: true }).check();
    }
    await expectNoAxeViolations(page, 'modal de evaluadores');
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await modal.waitFor({ state: 'detached' });

    const assigned = await call(page, v2AssignmentEndpoints.listByEvaluation, {
      params: { evaluationId: id },
    });
    const pairs = assigned.rows.map((a) => [a.evaluator_id, a.evaluatee_id, a.relation]).sort();
    expect(pairs).toEqual(
      [
        [teacher!.id, teacher!.id, 'self'],
        [manager!.id, teacher!.id, 'manager'],
        [peer1!.id, teacher!.id, 'peer'],
        [peer2!.id, teacher!.id, 'peer'],
        [peer3!.id, teacher!.id, 'peer'],
        [rater1!.id, other!.id, 'peer'],
        [rater2!.id, other!.id, 'peer'],
      ].sort(),
    );

    // Before it opens, the teacher has no 'Realizar Evaluación (V2)' in the menu.
    const before = await app.signIn({ email: teacher!.email! }, '/home');
    await menu(before.page).getByRole('link', { name: 'Mi Historial de Evaluaciones' }).waitFor();
    expect(await menu(before.page).getByRole('link', { name: 'Realizar Evaluación (V2)' }).count()).toBe(0);
    await before.context.close();

    // Open it: the list says so and the items are locked.
    await page.goto('/evaluations-v2');
    await chooseInRow(row, /^Abrir/);
    await page
      .getByRole('dialog', { name: 'Abrir evaluación' })
      .getByRole('button', { name: 'Abrir' })
      .click();
    await row.getByText('Abierta', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'evaluación abierta');
    expect((await call(page, v2EvaluationEndpoints.get, { params: { id } })).status).toBe('open');
    expect(pageProblems(page)).toEqual([]);
    await context.close();
    Object.assign(round, { id, teacher: teacher!, manager: manager!, peers: [peer1!, peer2!, peer3!] });
  });

  it('lets the raters answer in the browser, one question N/A; the teacher’s menu gains the V2 entry', async () => {
    await answerAs(round.teacher, true);
    await answerAs(round.manager, false);
  });

  it('lets HR take a snapshot that later answers leave unchanged, follow the progress, and read the results once closed', async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home');
    await menu(page).getByRole('link', { name: 'Snapshots' }).click();
    await page.getByRole('heading', { level: 1, name: 'Snapshots' }).waitFor();
    await page.getByRole('combobox', { name: 'Evaluación 360' }).click();
    await page.getByRole('option', { name: new RegExp(`^${EVALUATION}`) }).click();
    await page.waitForURL(`**/admin/evaluations/${round.id}/snapshots`);
    await page.getByText('No hay snapshots para esta evaluación.').waitFor();
    await page.getByLabel('Etiqueta').fill(SNAPSHOT);
    await page.getByLabel('Notas').fill('Tras la autoevaluación y la del jefe.');
    await page.getByRole('button', { name: 'Crear snapshot' }).click();
    await page.getByRole('heading', { level: 2, name: `Snapshot creado: «${SNAPSHOT}»` }).waitFor();
    await expectNoAxeViolations(page, 'snapshot creado');
    const detail = async () => {
      await page
        .getByRole('table', { name: 'Snapshots de la evaluación' })
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: SNAPSHOT, exact: true }) })
        .getByRole('button', { name: 'Ver detalle' })
        .click();
      await page.getByRole('heading', { level: 2, name: `Detalle del snapshot «${SNAPSHOT}»` }).waitFor();
      const summary = page.getByRole('table', { name: `Resumen de ${SNAPSHOT}`, exact: true });
      // The 360 is open: HR's snapshot holds its progress only (decision 023).
      const people = page.getByRole('table', { name: `Avance por persona de ${SNAPSHOT}` });
      await people.waitFor();
      return { summary: await summary.innerText(), people: await people.innerText() };
    };
    const frozen = await detail();
    const snapshots = await call(page, v2SnapshotEndpoints.list, { params: { id: round.id } });
    const frozenApi = await call(page, v2SnapshotEndpoints.get, {
      params: { id: round.id, snapshotId: snapshots.snapshots[0]!.id },
    });
    expect(frozenApi.summary.assignments_completed).toBe(2);

    // More answers arrive: the three peers.
    for (const peer of round.peers) await answerAs(peer, false);

    // The snapshot reads as it did; the live summary has moved on.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Snapshots' }).waitFor();
    expect(await detail()).toEqual(frozen);
    const live = await call(page, v2ResultEndpoints.summary, { params: { id: round.id } });
    expect(live.assignments_completed).toBe(5);

    // While open, HR follows the teacher's progress: every rater has answered, no figure yet.
    const teacherResults = (as: Page) =>
      call(as, v2ResultEndpoints.person, { params: { id: round.id, userId: round.teacher.id } });
    await page.goto(`/evaluations-v2/${round.id}/results`);
    await page.getByRole('heading', { level: 1, name: 'Resultados 360' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Resultados aún no publicados' }).waitFor();
    await page.getByRole('link', { name: `Ver resultados de ${round.teacher.name}`, exact: true }).click();
    await page.waitForURL(`**/evaluations-v2/${round.id}/results/${round.teacher.id}`);
    const progress = await teacherResults(page);
    expect(progress).toMatchObject({ released: false, self: null, others: null });
    const completion = page.getByRole('table', { name: 'Avance por grupo de evaluadores' });
    await completion.waitFor();
    const rowsOf = async () =>
      (await completion.locator('tbody tr').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(await rowsOf()).toEqual(['Autoevaluación 1 1', 'Jefe 1 1', 'Pares 3 3']);
    expect(await page.getByRole('main').innerText()).not.toMatch(/\d %/);
    await expectNoAxeViolations(page, 'avance del docente');
    expect(pageProblems(page)).toEqual([]);
    await context.close();

    // Admin already reads the figures: self beside the others (manager and three peers).
    const pct = (n: number) =>
      `${new Intl.NumberFormat('es-DO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)} %`;
    const expectFigures = async (as: Page) => {
      await as.goto(`/evaluations-v2/${round.id}/results/${round.teacher.id}`);
      await as.getByRole('table', { name: 'Resultados por grupo de evaluadores' }).waitFor();
      const results = await teacherResults(as);
      expect(results.released).toBe(true);
      expect(results.self).not.toBeNull();
      expect(results.others?.raters).toBe(4);
      await as.getByText(pct(results.others!.overall_percentage!), { exact: true }).first().waitFor();
      await as.getByText(pct(results.self!.overall_percentage!), { exact: true }).first().waitFor();
    };
    const admin = await app.signIn('admin', '/dashboard');
    await expectFigures(admin.page);
    await expectNoAxeViolations(admin.page, 'resultados 360 del docente (admin)');
    await admin.context.close();

    // HR closes the 360; from then on HR reads the results too.
    const hr = await app.signIn('gestionhumana', '/home');
    await hr.page.goto('/evaluations-v2');
    const row = hr.page.getByRole('table').first().getByRole('row').filter({ hasText: EVALUATION });
    // The next step of an open 360 is its results; closing is in 'Más acciones' (issue 30 §7).
    await row.getByRole('link', { name: `Resultados de ${EVALUATION}` }).waitFor();
    await row.getByRole('button', { name: `Más acciones de ${EVALUATION}` }).click();
    await hr.page.getByRole('menuitem', { name: `Cerrar ${EVALUATION}` }).click();
    await hr.page
      .getByRole('dialog', { name: 'Cerrar evaluación' })
      .getByRole('button', { name: 'Cerrar definitivamente', exact: true })
      .click();
    await row.getByText('Cerrada', { exact: true }).waitFor();
    await expectFigures(hr.page);
    expect(await hr.page.getByText('Resultados aún no publicados').count()).toBe(0);
    await expectNoAxeViolations(hr.page, 'resultados 360 del docente (cerrada)');
    expect(pageProblems(hr.page)).toEqual([]);
    await hr.context.close();
    // Snapshots, results before and after, the close: over a minute on a busy machine.
  }, 120_000);
});
