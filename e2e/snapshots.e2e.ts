import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  expectNoAxeViolations,
  launchBrowser,
  login,
  newPage,
  pageProblems,
} from './support/browser';
import { waitForDemoLogins } from './support/demo';
import { startServer, type RunningServer } from './support/server';

/** The demo's first snapshot, taken by the director when the seed ran. */
const DEMO_SNAPSHOT = 'Corte de mitad de período';
const FIRST = 'Corte e2e antes';
const SECOND = 'Corte e2e después';
const ID_INVALID = 'El identificador del snapshot debe ser un número entero positivo.';

interface Item {
  id: number;
  type: 'rating' | 'yes_no' | 'status_3' | 'text';
  scale_max: number;
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

function snapshotRow(page: Page, label: string): Locator {
  return page
    .getByRole('table', { name: 'Snapshots de la evaluación' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: label, exact: true }) });
}

/** Opens a snapshot's detail from the list and answers what its two tables say. */
async function openDetail(page: Page, label: string): Promise<{ summary: string; people: string }> {
  await snapshotRow(page, label).getByRole('button', { name: 'Ver detalle' }).click();
  await page.getByRole('heading', { level: 2, name: `Detalle del snapshot «${label}»` }).waitFor();
  const summary = page.getByRole('table', { name: `Resumen de ${label}`, exact: true });
  const people = page.getByRole('table', { name: `Resultados por persona de ${label}` });
  await people.waitFor();
  return { summary: await summary.innerText(), people: await people.innerText() };
}

function figure(table: Locator, label: string): Locator {
  return table
    .getByRole('row')
    .filter({ has: table.page().getByRole('rowheader', { name: label, exact: true }) });
}

describe.skipIf(!browserAvailable())('Snapshots in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ demo: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lets HR freeze the 360 results twice around a new answer, read them back unchanged and compare them', async () => {
    const demo = await waitForDemoLogins(server);
    const { context, page } = await newPage(browser, server.origin);
    await login(page, demo.byRole.gestionhumana.email, demo.password);
    await page.waitForURL('**/home');

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
    await snapshotRow(page, DEMO_SNAPSHOT).getByRole('cell', { name: demo.byRole.admin.name }).waitFor();
    // The picker shows the chosen evaluation by name, period and status.
    const picker = page.getByRole('combobox', { name: 'Evaluación 360' });
    await picker.and(page.locator('[value$="(Abierta)"]')).waitFor();
    expect(await picker.inputValue()).toMatch(/^Evaluación 360 docente \d{4} · Q\d-\d{4} \(Abierta\)$/);
    await expectNoAxeViolations(page, 'lista de snapshots');

    // What the director's snapshot shows: HR does not see the math teacher's peers (2 of 3 answered).
    const demoBefore = await openDetail(page, DEMO_SNAPSHOT);
    expect(demoBefore.people).toContain('2 de 3');
    await page.getByText(/^—\* Oculto para proteger el anonimato/).waitFor();
    await expectNoAxeViolations(page, 'detalle del snapshot de la demo');

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
    await expectNoAxeViolations(page, 'snapshot creado');
    const firstBefore = await openDetail(page, FIRST);
    // Nothing happened between the seed and this snapshot: same figures as the director's.
    expect(firstBefore.people).toBe(demoBefore.people);

    // The math teacher's third peer answers, through the API, in a browser of their own.
    const assignments = await getJson<{
      rows: Array<{ id: number; evaluator_id: number; relation: string; status: string }>;
    }>(page, `/api/assignments-v2/by-evaluation/${evaluationId}`);
    const pending = assignments.rows.find((a) => a.status === 'pending' && a.relation === 'peer')!;
    expect(pending).toBeDefined();
    const rater = await getJson<{ email: string }>(page, `/api/users/${pending.evaluator_id}`);
    const other = await newPage(browser, server.origin);
    await login(other.page, rater.email, demo.password);
    await other.page.waitForURL('**/home');
    const { items } = await getJson<{ items: Item[] }>(
      other.page,
      `/api/evaluations-v2/${evaluationId}/items`,
    );
    const { csrfToken } = await getJson<{ csrfToken: string }>(other.page, '/api/csrf-token');
    const submit = await other.page.request.post('/api/responses-v2/submit', {
      headers: { 'x-csrf-token': csrfToken, 'X-Requested-With': 'XMLHttpRequest' },
      data: {
        evaluation_id: evaluationId,
        assignment_id: pending.id,
        answers: items.map((item) => ({
          item_id: item.id,
          type: item.type,
          value:
            item.type === 'rating'
              ? item.scale_max
              : item.type === 'yes_no'
                ? true
                : item.type === 'status_3'
                  ? 'logrado'
                  : 'Colabora con el departamento y comparte sus materiales.',
          skip: false,
          comment: null,
        })),
      },
    });
    expect(submit.status(), await submit.text()).toBe(201);
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
    const firstAfter = await openDetail(page, FIRST);
    expect(firstAfter).toEqual(firstBefore);
    expect(await openDetail(page, DEMO_SNAPSHOT)).toEqual(demoBefore);
    const second = await openDetail(page, SECOND);
    expect(second.summary).not.toBe(firstBefore.summary);
    expect(second.people).not.toBe(firstBefore.people);
    await expectNoAxeViolations(page, 'detalle del segundo snapshot');

    // Compare the two: one more assignment completed, completion up by 1/total of 100 points.
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
    await figure(summaries, 'Personas con resultado visible')
      .getByRole('cell', { name: '+1', exact: true })
      .waitFor();
    const people = page.getByRole('table', { name: 'Comparación del resultado general por persona' });
    expect(await people.getByRole('row').count()).toBe(1 + 3);
    await expectNoAxeViolations(page, 'comparación');

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
    const list = await getJson<{ snapshots: Array<{ id: number; label: string }> }>(
      page,
      `/api/evaluations-v2/${evaluationId}/snapshots`,
    );
    expect(list.snapshots.map((s) => s.label)).toEqual([SECOND, FIRST, DEMO_SNAPSHOT]);
    await idInput.fill(String(list.snapshots[1]!.id));
    await page.getByRole('button', { name: 'Ver', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: `Detalle del snapshot «${FIRST}»` }).waitFor();

    expect(pageProblems(page).filter((p) => !/status of 404/.test(p))).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows admin every group, flagged below the threshold, and an empty draft that cannot be frozen', async () => {
    const demo = await waitForDemoLogins(server);
    const { context, page } = await newPage(browser, server.origin);
    await login(page, demo.byRole.admin.email, demo.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/snapshots');
    await page.getByRole('combobox', { name: 'Evaluación 360' }).click();
    await page.getByRole('option', { name: /^Evaluación 360 docente/ }).click();
    await page.waitForURL(/\/admin\/evaluations\/\d+\/snapshots$/);

    // The director's snapshot in the full view: the 2 peers who had answered are shown, flagged.
    const detail = await openDetail(page, DEMO_SNAPSHOT);
    expect(detail.people).toContain('2 de 3');
    await page.getByText(/^† Vista de administración/).waitFor();
    expect(await page.getByText(/^—\* Oculto/).count()).toBe(0);
    await expectNoAxeViolations(page, 'detalle completo (admin)');

    // A draft has no snapshots, and the server says why one cannot be taken.
    const { csrfToken } = await getJson<{ csrfToken: string }>(page, '/api/csrf-token');
    const created = await page.request.post('/api/evaluations-v2', {
      headers: { 'x-csrf-token': csrfToken, 'X-Requested-With': 'XMLHttpRequest' },
      data: {
        name: 'Borrador 360 sin snapshots',
        period: 'Q1-2030',
        weights: { weight_objectives: 40, weight_competencies: 60 },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const draft = (await created.json()) as { id: number };
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
});
