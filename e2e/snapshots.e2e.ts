import {
  userEndpoints,
  v2AnswerEndpoints,
  v2AssignmentEndpoints,
  v2EvaluationEndpoints,
  v2ItemEndpoints,
  v2SnapshotEndpoints,
} from '@evalua/contracts';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';
import { topAnswers } from './support/rounds';

/** The demo's first snapshot, taken by the director when the seed ran. */
const DEMO_SNAPSHOT = 'Corte de mitad de período';
const FIRST = 'Corte e2e antes';
const SECOND = 'Corte e2e después';
const ID_INVALID = 'El identificador del snapshot debe ser un número entero positivo.';
const AT_CLOSE = 'Corte e2e al cierre';
const AT_CLOSE_AGAIN = 'Corte e2e al cierre (repetido)';
/** Decision 023: what HR reads of a snapshot of an open evaluation. */
const COMPLETION_ONLY =
  'Este snapshot se tomó con la evaluación abierta: solo muestra el avance. Los resultados se publican al cerrar la evaluación.';
const CREATED_COMPLETION_ONLY =
  'La evaluación está abierta: este snapshot guarda para Gestión Humana solo el avance. Los resultados se publican al cerrar la evaluación.';
const COMPARE_COMPLETION_ONLY =
  'Al menos uno de los dos snapshots se tomó con la evaluación abierta: la comparación muestra solo el avance. Los resultados se publican al cerrar la evaluación.';
const ADMIN_NOT_RELEASED =
  'Vista de administración: este snapshot se tomó con la evaluación abierta y Gestión Humana solo ve su avance.';

function snapshotRow(page: Page, label: string): Locator {
  return page
    .getByRole('table', { name: 'Snapshots de la evaluación' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: label, exact: true }) });
}

/**
 * Opens a snapshot's detail from the list and answers what its two tables say: the figures, or
 * (`progress`) the completion only that HR reads of a snapshot of an open evaluation.
 */
async function openDetail(
  page: Page,
  label: string,
  view: 'figures' | 'progress',
): Promise<{ summary: string; people: string }> {
  await snapshotRow(page, label).getByRole('button', { name: 'Ver detalle' }).click();
  const section = page.getByRole('region', { name: `Detalle del snapshot «${label}»` });
  await section.getByRole('heading', { level: 2 }).waitFor();
  const summary = section.getByRole('table', { name: `Resumen de ${label}`, exact: true });
  // A table where its columns fit, one card per person where they do not (many groups of raters).
  const peopleName = `${view === 'progress' ? 'Avance' : 'Resultados'} por persona de ${label}`;
  const people = section
    .getByRole('table', { name: peopleName })
    .or(section.getByRole('list', { name: peopleName }));
  await people.waitFor();
  const notice = section.getByRole('status').filter({ hasText: COMPLETION_ONLY });
  expect(await notice.count(), `aviso de solo avance en ${label}`).toBe(view === 'progress' ? 1 : 0);
  if (view === 'progress') {
    // Completion only: no average anywhere, no hidden-group marks, no percentage per person.
    expect(await summary.innerText()).not.toMatch(/Promedio|resultado visible/);
    expect(await people.innerText()).not.toMatch(/%|\*/);
  }
  return { summary: await summary.innerText(), people: await people.innerText() };
}

function figure(table: Locator, label: string): Locator {
  return table
    .getByRole('row')
    .filter({ has: table.page().getByRole('rowheader', { name: label, exact: true }) });
}

describeInChromium('Snapshots in Chromium', () => {
  const app = useDemoApp();

  it('lets HR freeze the open 360’s progress twice around a new answer, read it back unchanged and compare it', async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home');

    // From the menu: nothing chosen yet.
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Snapshots' })
      .click();
    await page.waitForURL('**/snapshots');
    await page.getByRole('heading', { level: 1, name: 'Snapshots' }).waitFor();
    await page.getByText('Elige una evaluación 360 para ver y crear sus snapshots.').waitFor();
    await expectNoAxeViolations(page, '/snapshots sin evaluación');

    // Pick the demo 360: the address names it, and the director's snapshot is listed.
    await page.getByRole('combobox', { name: 'Evaluación 360' }).click();
    await page.getByRole('option', { name: /^Evaluación 360 docente/ }).click();
    await page.waitForURL(/\/admin\/evaluations\/\d+\/snapshots$/);
    const evaluationId = Number(/evaluations\/(\d+)\//.exec(page.url())![1]);
    await snapshotRow(page, DEMO_SNAPSHOT)
      .getByRole('cell', { name: app.logins.byRole.admin.name })
      .waitFor();
    // The picker shows the chosen evaluation by name, period and status.
    const picker = page.getByRole('combobox', { name: 'Evaluación 360' });
    await picker.and(page.locator('[value$="(Abierta)"]')).waitFor();
    expect(await picker.inputValue()).toMatch(/^Evaluación 360 docente \d{4} · Q\d-\d{4} \(Abierta\)$/);
    await expectNoAxeViolations(page, 'lista de snapshots');

    // The director's snapshot was taken while the 360 is open: HR reads its completion only (the
    // math teacher's peers: 2 of 3 answered), and is told why.
    const demoBefore = await openDetail(page, DEMO_SNAPSHOT, 'progress');
    expect(demoBefore.people).toContain('2 de 3');
    expect(await page.getByText(/^—\* Oculto para proteger el anonimato/).count()).toBe(0);
    await expectNoAxeViolations(page, 'detalle del snapshot de la demo (solo avance)');

    // The label is required (the server's sentence, checked in the form).
    await page.getByRole('button', { name: 'Crear snapshot' }).click();
    await page.getByText('La etiqueta es obligatoria.').waitFor();
    await expectNoAxeViolations(page, 'etiqueta obligatoria');

    await page.getByLabel('Etiqueta').fill(FIRST);
    await page.getByLabel('Notas').fill('Antes de la última evaluación de pares.');
    await page.getByRole('button', { name: 'Crear snapshot' }).click();
    await page.getByText(`Snapshot «${FIRST}» creado.`).waitFor();
    await page.getByRole('heading', { level: 2, name: `Snapshot creado: «${FIRST}»` }).waitFor();
    await snapshotRow(page, FIRST).waitFor();
    const createdSummary = page.getByRole('table', { name: `Resumen de ${FIRST} (creado)` });
    const completedBefore = await figure(createdSummary, 'Asignaciones completadas').innerText();
    // The 360 is open: what HR gets back is completion only, and the panel says so.
    await page
      .getByRole('region', { name: `Snapshot creado: «${FIRST}»` })
      .getByRole('status')
      .getByText(CREATED_COMPLETION_ONLY)
      .waitFor();
    expect(await figure(createdSummary, 'Promedio general').count()).toBe(0);
    await expectNoAxeViolations(page, 'snapshot creado');
    const firstBefore = await openDetail(page, FIRST, 'progress');
    // Nothing happened between the seed and this snapshot: same figures as the director's.
    expect(firstBefore.people).toBe(demoBefore.people);

    // The math teacher's third peer answers, through the API, in a browser of their own.
    const assignments = await call(page, v2AssignmentEndpoints.listByEvaluation, {
      params: { evaluationId },
    });
    const pending = assignments.rows.find((a) => a.status === 'pending' && a.relation === 'peer')!;
    expect(pending).toBeDefined();
    const rater = await call(page, userEndpoints.get, { params: { id: pending.evaluator_id } });
    const other = await app.signIn({ email: rater.email! }, '/home');
    const { items } = await call(other.page, v2ItemEndpoints.list, { params: { id: evaluationId } });
    // Answers 201 (call checks the endpoint's status).
    await call(other.page, v2AnswerEndpoints.submit, {
      body: {
        evaluation_id: evaluationId,
        assignment_id: pending.id,
        answers: topAnswers(items, 'Colabora con el departamento y comparte sus materiales.'),
      },
    });
    await other.context.close();

    // A second snapshot sees the new answer.
    await page.getByLabel('Etiqueta').fill(SECOND);
    await page.getByRole('button', { name: 'Crear snapshot' }).click();
    await page.getByRole('heading', { level: 2, name: `Snapshot creado: «${SECOND}»` }).waitFor();
    const secondSummary = page.getByRole('table', { name: `Resumen de ${SECOND} (creado)` });
    expect(await figure(secondSummary, 'Asignaciones completadas').innerText()).not.toBe(completedBefore);

    // Read back from the server (a fresh page, nothing cached): the earlier snapshots are unchanged.
    await page.reload();
    await snapshotRow(page, SECOND).waitFor();
    const firstAfter = await openDetail(page, FIRST, 'progress');
    expect(firstAfter).toEqual(firstBefore);
    expect(await openDetail(page, DEMO_SNAPSHOT, 'progress')).toEqual(demoBefore);
    const second = await openDetail(page, SECOND, 'progress');
    expect(second.summary).not.toBe(firstBefore.summary);
    expect(second.people).not.toBe(firstBefore.people);
    await expectNoAxeViolations(page, 'detalle del segundo snapshot');

    // Compare the two (completion only, as both were taken while open): one more assignment
    // completed, by a peer; completion up by 1/total of 100 points; one person with one more answer.
    const total = assignments.rows.length;
    const points = new Intl.NumberFormat('es-DO', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(100 / total);
    await page.getByRole('combobox', { name: 'Snapshot A' }).click();
    await page.getByRole('option', { name: new RegExp(`^${FIRST}`) }).click();
    await page.getByRole('combobox', { name: 'Snapshot B' }).click();
    await page.getByRole('option', { name: new RegExp(`^${SECOND}`) }).click();
    await page.getByRole('button', { name: 'Comparar' }).click();
    const summaries = page.getByRole('table', { name: 'Comparación de resúmenes' });
    await summaries.waitFor();
    await figure(summaries, 'Asignaciones completadas')
      .getByRole('cell', { name: '+1', exact: true })
      .waitFor();
    await figure(summaries, 'Cumplimiento')
      .getByRole('cell', { name: `+${points} pts`, exact: true })
      .waitFor();
    await figure(summaries, 'Completadas: Pares').getByRole('cell', { name: '+1', exact: true }).waitFor();
    expect(await figure(summaries, 'Personas con resultado visible').count()).toBe(0);
    expect(await figure(summaries, 'Promedio general').count()).toBe(0);
    await page.getByRole('status').getByText(COMPARE_COMPLETION_ONLY).waitFor();
    const people = page.getByRole('table', { name: 'Comparación del avance por persona' });
    expect(await people.getByRole('row').count()).toBe(1 + 3);
    const changes = await people.locator('tbody tr td:last-child').allInnerTexts();
    expect(changes.sort()).toEqual(['+1', '0', '0']);
    expect(await people.innerText()).not.toMatch(/%/);
    await expectNoAxeViolations(page, 'comparación de avance');

    // The same snapshot twice is refused.
    await page.getByRole('combobox', { name: 'Snapshot B' }).click();
    await page.getByRole('option', { name: new RegExp(`^${FIRST}`) }).click();
    await page.getByRole('button', { name: 'Comparar' }).click();
    await page.getByText('Elige dos snapshots distintos para comparar.').waitFor();

    // Snapshot ID: only positive integers reach the server.
    let detailCalls = 0;
    page.on('request', (r) => {
      if (/\/snapshots\/[^/]+$/.test(new URL(r.url()).pathname)) detailCalls += 1;
    });
    const idInput = page.getByLabel('Snapshot ID');
    for (const bad of ['abc', '0', '-3']) {
      await idInput.fill(bad);
      await page.getByRole('button', { name: 'Ver', exact: true }).click();
      await page.getByText(ID_INVALID).waitFor();
    }
    expect(detailCalls).toBe(0);
    await expectNoAxeViolations(page, 'ID de snapshot no válido');

    // An unknown id: the server's sentence.
    await idInput.fill('999999');
    await page.getByRole('button', { name: 'Ver', exact: true }).click();
    await page.getByText('El snapshot no existe.').waitFor();
    expect(detailCalls).toBe(1);
    await expectNoAxeViolations(page, 'snapshot inexistente');

    // And a known one by its id.
    const list = await call(page, v2SnapshotEndpoints.list, { params: { id: evaluationId } });
    expect(list.snapshots.map((s) => s.label)).toEqual([SECOND, FIRST, DEMO_SNAPSHOT]);
    await idInput.fill(String(list.snapshots[1]!.id));
    await page.getByRole('button', { name: 'Ver', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: `Detalle del snapshot «${FIRST}»` }).waitFor();

    expect(pageProblems(page).filter((p) => !/status of 404/.test(p))).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows admin every group, flagged below the threshold, and an empty draft that cannot be frozen', async () => {
    const { context, page } = await app.signIn('admin', '/dashboard');
    await page.goto('/snapshots');
    await page.getByRole('combobox', { name: 'Evaluación 360' }).click();
    await page.getByRole('option', { name: /^Evaluación 360 docente/ }).click();
    await page.waitForURL(/\/admin\/evaluations\/\d+\/snapshots$/);

    // The director's snapshot in the full view: the 2 peers who had answered are shown, flagged.
    const detail = await openDetail(page, DEMO_SNAPSHOT, 'figures');
    expect(detail.people).toContain('2 de 3');
    expect(detail.people).toMatch(/%/);
    await page.getByText(/^† Vista de administración/).waitFor();
    // Admin is told that HR reads this snapshot's completion only.
    await page.getByText(ADMIN_NOT_RELEASED, { exact: true }).waitFor();
    expect(await page.getByText(/^—\* Oculto/).count()).toBe(0);
    await expectNoAxeViolations(page, 'detalle completo (admin)');

    // A draft has no snapshots, and the server says why one cannot be taken.
    // Answers 201 (call checks the endpoint's status).
    const draft = await call(page, v2EvaluationEndpoints.create, {
      body: {
        name: 'Borrador 360 sin snapshots',
        period: 'Q1-2030',
        weights: { weight_objectives: 40, weight_competencies: 60 },
      },
    });
    await page.goto(`/admin/evaluations/${draft.id}/snapshots`);
    await page.getByText('No hay snapshots para esta evaluación.').waitFor();
    await page.getByText('Esta evaluación está en borrador: ábrela para poder tomar snapshots.').waitFor();
    await page.getByText('Se necesitan al menos dos snapshots para comparar.').waitFor();
    await expectNoAxeViolations(page, 'evaluación sin snapshots');
    await page.getByLabel('Etiqueta').fill('Intento en borrador');
    await page.getByRole('button', { name: 'Crear snapshot' }).click();
    await page
      .getByRole('alert')
      .filter({
        hasText: 'Una evaluación en borrador no tiene resultados: ábrela antes de tomar un snapshot.',
      })
      .waitFor();
    await expectNoAxeViolations(page, 'error al crear en borrador');

    // A bad evaluation id in the address.
    await page.goto('/admin/evaluations/abc/snapshots');
    await page.getByText('El identificador de la evaluación no es válido.').waitFor();
    expect(pageProblems(page).filter((p) => !/status of 409/.test(p))).toEqual([]);
    await context.close();
  }, 120_000);
  it('gives HR the figures of a snapshot taken once the 360 is closed, and compares completion across the close', async () => {
    const admin = await app.signIn('admin', '/dashboard');
    const list = await call(admin.page, v2EvaluationEndpoints.list);
    const evaluationId = list.rows.find((e) => e.name.startsWith('Evaluación 360 docente'))!.id;
    // Answers 200 (call checks the endpoint's status).
    await call(admin.page, v2EvaluationEndpoints.update, {
      params: { id: evaluationId },
      body: { status: 'closed' },
    });
    await admin.context.close();

    const { context, page } = await app.signIn('gestionhumana', '/home');
    await page.goto(`/admin/evaluations/${evaluationId}/snapshots`);
    await snapshotRow(page, DEMO_SNAPSHOT).waitFor();

    // Taken of the closed 360: the figures, for HR too.
    for (const label of [AT_CLOSE, AT_CLOSE_AGAIN]) {
      await page.getByLabel('Etiqueta').fill(label);
      await page.getByRole('button', { name: 'Crear snapshot' }).click();
      await page.getByRole('heading', { level: 2, name: `Snapshot creado: «${label}»` }).waitFor();
    }
    const created = page.getByRole('table', { name: `Resumen de ${AT_CLOSE_AGAIN} (creado)` });
    await figure(created, 'Promedio general').waitFor();
    expect(await page.getByText(CREATED_COMPLETION_ONLY).count()).toBe(0);
    const atClose = await openDetail(page, AT_CLOSE, 'figures');
    expect(atClose.summary).toMatch(/Promedio general/);
    expect(atClose.people).toMatch(/%/);
    expect(await page.getByText(ADMIN_NOT_RELEASED).count()).toBe(0);
    await expectNoAxeViolations(page, 'detalle de un snapshot al cierre');
    // An earlier snapshot of the open 360 still gives completion only.
    await openDetail(page, SECOND, 'progress');

    // Across the close: completion only.
    const pick = async (box: 'Snapshot A' | 'Snapshot B', label: string) => {
      await page.getByRole('combobox', { name: box }).click();
      await page.getByRole('option', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')} ·`) }).click();
    };
    await pick('Snapshot A', SECOND);
    await pick('Snapshot B', AT_CLOSE);
    await page.getByRole('button', { name: 'Comparar' }).click();
    await page.getByRole('table', { name: 'Comparación del avance por persona' }).waitFor();
    await page.getByRole('status').getByText(COMPARE_COMPLETION_ONLY).waitFor();
    await expectNoAxeViolations(page, 'comparación a través del cierre');

    // Both at the close: the figures, unchanged between them.
    await pick('Snapshot A', AT_CLOSE);
    await pick('Snapshot B', AT_CLOSE_AGAIN);
    await page.getByRole('button', { name: 'Comparar' }).click();
    const people = page.getByRole('table', { name: 'Comparación del resultado general por persona' });
    await people.waitFor();
    const summaries = page.getByRole('table', { name: 'Comparación de resúmenes' });
    const average = await figure(summaries, 'Promedio general').locator('td').allInnerTexts();
    expect(average[0]).toMatch(/%$/);
    expect(average[0]).toBe(average[1]);
    expect(average[2]).toMatch(/^0[.,]00 pts$/);
    expect(await page.getByText(COMPARE_COMPLETION_ONLY).count()).toBe(0);
    await expectNoAxeViolations(page, 'comparación de dos snapshots al cierre');
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
