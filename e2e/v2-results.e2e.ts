import fs from 'node:fs';
import {
  QUESTION_TYPE_LABELS,
  RELATION_LABELS,
  V2_RESULT_GROUPS,
  V2_RESULT_GROUP_LABELS,
  type MyV2Result,
  type V2AssignmentRow,
  type V2Evaluation,
  type V2Results,
  type V2Summary,
} from '@evalua/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  expectNoAxeViolations,
  launchBrowser,
  login,
  newPage,
  pageProblems,
} from './support/browser';
import { waitForDemoLogins, type DemoLogins } from './support/demo';
import { pdfTextOf, saveDownload } from './support/download';
import { startServer, type RunningServer } from './support/server';

const DENIED = 'No tienes permisos para acceder a esta página.';
const NOT_YET = 'Los resultados estarán disponibles cuando se cierre la evaluación.';
const ADMIN_ONLY = 'Visible solo para administración (por debajo del mínimo de anonimato)';
const MINE_EMPTY = /^Aún no tienes resultados 360 disponibles/;

/** es-DO, 2 decimals: what the screens must show. */
const two = (v: number) =>
  new Intl.NumberFormat('es-DO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${two(v)} %`);
const hiddenText = (n: number) => `Oculto para proteger el anonimato (menos de ${n} evaluadores)`;

async function getJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

/** The cells (row headers included) of every body row of the table named `name`, as one-line text. */
function bodyRows(page: Page, name: string): Promise<string[][]> {
  return page
    .getByRole('table', { name, exact: true })
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) =>
        Array.from(tr.querySelectorAll('th, td'), (c) =>
          (c as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
        ),
      ),
    );
}

/** The by-group table as the API's figures say it must read (threshold k for hidden groups). */
function expectedGroupRows(r: V2Results, k: number): string[][] {
  const figures = (f: {
    competencies_percentage: number | null;
    objectives_percentage: number | null;
    overall_percentage: number | null;
  }) => [pct(f.competencies_percentage), pct(f.objectives_percentage), pct(f.overall_percentage)];
  const rows = new Map<string, string[]>();
  for (const g of r.relations) {
    const label = V2_RESULT_GROUP_LABELS[g.relation] + (g.shown && g.below_threshold ? ` ${ADMIN_ONLY}` : '');
    const cells = !g.shown ? [hiddenText(k)] : g.raters_completed === 0 ? ['Sin respuestas'] : figures(g);
    rows.set(g.relation, [label, `${g.raters_completed}/${g.raters_assigned}`, ...cells]);
  }
  const nonSelf = r.relations.filter((g) => g.relation !== 'self' && g.relation !== 'peer_report');
  const completed = nonSelf.reduce((a, g) => a + g.raters_completed, 0);
  const assigned = nonSelf.reduce((a, g) => a + g.raters_assigned, 0);
  const others = r.others ? figures(r.others) : completed === 0 ? ['Sin respuestas'] : [hiddenText(k)];
  rows.set('others', ['Otros', `${r.others?.raters ?? completed}/${assigned}`, ...others]);
  return ['self', 'others', 'manager', 'peer', 'report', 'peer_report']
    .filter((key) => rows.has(key))
    .map((key) => rows.get(key)!);
}

/** The per-question table as the API's averages say it must read. */
function expectedItemRows(r: V2Results, othersHidden: boolean): string[][] {
  const groups = V2_RESULT_GROUPS.filter((g) => g !== 'self' && r.items.some((i) => g in i.by_relation));
  return r.items.map((i) => [
    i.question_text,
    QUESTION_TYPE_LABELS[i.section],
    pct(i.self_average),
    othersHidden ? 'Oculto' : pct(i.others_average),
    ...groups.map((g) => pct(i.by_relation[g])),
    String(i.na_count),
  ]);
}

/** Every figure of a person's results screen equals the API's answer for the same viewer. */
async function expectPersonScreen(page: Page, r: V2Results, k: number): Promise<void> {
  await page.getByRole('table', { name: 'Resultados por grupo de evaluadores' }).waitFor();
  await page.getByRole('main').getByText(r.evaluatee.name, { exact: true }).waitFor();
  expect(await bodyRows(page, 'Resultados por grupo de evaluadores')).toEqual(expectedGroupRows(r, k));
  const othersHidden =
    r.others === null &&
    r.relations.some((g) => g.relation !== 'self' && g.relation !== 'peer_report' && g.raters_completed > 0);
  expect(await bodyRows(page, 'Resultados por pregunta')).toEqual(expectedItemRows(r, othersHidden));
  if (r.hidden_note) await page.getByText(r.hidden_note, { exact: true }).waitFor();
  const comments = page.getByRole('region', { name: 'Comentarios' }).getByRole('listitem');
  expect(await comments.count()).toBe(r.comments.length);
  // Attributed by group only: every comment's text with its group label, no rater name.
  const texts = await comments.allInnerTexts();
  expect(texts.map((t) => t.replace(/\s+/g, ' ').trim())).toEqual(
    r.comments.map((c) => `${V2_RESULT_GROUP_LABELS[c.relation]} ${c.text}`.replace(/\s+/g, ' ')),
  );
}

interface DemoRound {
  evaluation: V2Evaluation;
  assignments: V2AssignmentRow[];
  /** The demo colaborador (an evaluatee) and another evaluatee. */
  teacherId: number;
  otherId: number;
}

/** The demo's open 360 and its evaluatees, as a manager reads them. */
async function demoRound(page: Page, teacher: string): Promise<DemoRound> {
  const list = await getJson<{ rows: V2Evaluation[] }>(page, '/api/evaluations-v2');
  const evaluation = list.rows.find((e) => e.name.startsWith('Evaluación 360 docente'))!;
  const { rows } = await getJson<{ rows: V2AssignmentRow[] }>(
    page,
    `/api/assignments-v2/by-evaluation/${evaluation.id}`,
  );
  const teacherId = rows.find((a) => a.evaluatee_name === teacher)!.evaluatee_id;
  const otherId = rows.find((a) => a.evaluatee_id !== teacherId)!.evaluatee_id;
  return { evaluation, assignments: rows, teacherId, otherId };
}

describe.skipIf(!browserAvailable())('Resultados 360 in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let demo: DemoLogins;

  beforeAll(async () => {
    server = await startServer({ demo: true });
    browser = await launchBrowser();
    demo = await waitForDemoLogins(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows HR the summary and one person with hidden groups and exports; admin sees every group', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await login(page, demo.byRole.gestionhumana.email, demo.password);
    await page.waitForURL('**/home');
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Evaluaciones 360 (v2)' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Evaluaciones 360 (v2)' }).waitFor();
    const teacher = demo.byRole.colaborador.name;
    const { evaluation, assignments, teacherId } = await demoRound(page, teacher);
    expect(evaluation.status).toBe('open');
    await page.getByRole('link', { name: `Resultados de ${evaluation.name}` }).click();
    await page.waitForURL(`**/evaluations-v2/${evaluation.id}/results`);
    await page.getByRole('heading', { level: 1, name: 'Resultados 360' }).waitFor();

    // The summary: cards, completion per relation, distribution — as /summary says.
    const summary = await getJson<V2Summary>(page, `/api/evaluations-v2/${evaluation.id}/summary`);
    await page.getByText(evaluation.name, { exact: true }).waitFor();
    await page.getByText(`Período ${evaluation.period}`).waitFor();
    const cards = page.locator('dl');
    await cards
      .filter({ hasText: 'Personas evaluadas' })
      .getByText(String(summary.evaluatees), { exact: true })
      .waitFor();
    const completion = cards.filter({ hasText: 'Avance de respuestas' });
    await completion.getByText(pct(summary.completion_percentage), { exact: true }).waitFor();
    await completion
      .getByText(`${summary.assignments_completed} de ${summary.assignments_total} evaluaciones completadas`)
      .waitFor();
    await cards
      .filter({ hasText: 'Promedio general (Otros)' })
      .getByText(pct(summary.overall_average), { exact: true })
      .waitFor();
    expect(await bodyRows(page, 'Avance por relación')).toEqual(
      summary.by_relation.map((r) => [
        RELATION_LABELS[r.relation],
        String(r.completed),
        String(r.total),
        r.total === 0 ? '—' : pct((r.completed / r.total) * 100),
        pct(r.overall_average),
      ]),
    );
    const bands = summary.distribution
      .map((b) => `${b.label} %: ${b.count} ${b.count === 1 ? 'persona' : 'personas'}`)
      .join('; ');
    await page
      .getByRole('img', { name: `Distribución del resultado general de «Otros»: ${bands}.` })
      .waitFor();

    // The evaluatees, searchable, each with a link to their results.
    const names = [...new Set(assignments.map((a) => a.evaluatee_name))].sort((a, b) =>
      a.localeCompare(b, 'es'),
    );
    const people = await bodyRows(page, 'Personas evaluadas');
    expect(people.map((r) => r[0])).toEqual(names);
    await expectNoAxeViolations(page, 'resultados 360 de la evaluación');
    await page.getByLabel('Buscar persona').fill('zzz-nadie');
    await page.getByText('Ninguna persona coincide con la búsqueda.').waitFor();
    await expectNoAxeViolations(page, 'búsqueda sin resultados');
    await page.getByLabel('Buscar persona').fill(teacher.split(' ')[0]!.toLowerCase());
    await page.getByRole('link', { name: `Ver resultados de ${teacher}` }).click();
    await page.waitForURL(`**/evaluations-v2/${evaluation.id}/results/${teacherId}`);

    // HR: the peers group (2 of 3) is hidden, and with it "others"; every shown figure is the API's.
    const hr = await getJson<V2Results>(page, `/api/evaluations-v2/${evaluation.id}/results/${teacherId}`);
    const peers = hr.relations.find((g) => g.relation === 'peer')!;
    expect(peers.shown).toBe(false);
    expect(hr.others).toBeNull();
    await expectPersonScreen(page, hr, 3);
    await page.getByText(hiddenText(3)).first().waitFor();
    await expectNoAxeViolations(page, 'resultados de una persona (gestión humana)');

    // Exports: the PDF names the person; the Excel file is a workbook.
    const pdf = await saveDownload(page, () => page.getByRole('button', { name: 'Exportar PDF' }).click());
    expect(pdf.name).toMatch(/\.pdf$/);
    expect(pdfTextOf(pdf.file)).toContain(teacher);
    const xlsx = await saveDownload(page, () => page.getByRole('button', { name: 'Exportar Excel' }).click());
    expect(xlsx.name).toMatch(/\.xlsx$/);
    expect(fs.readFileSync(xlsx.file).subarray(0, 2).toString()).toBe('PK');
    expect(pageProblems(page)).toEqual([]);
    await context.close();

    // Admin sees every group of the same person, the peers flagged as below the threshold.
    const admin = await newPage(browser, server.origin);
    await login(admin.page, demo.byRole.admin.email, demo.password);
    await admin.page.waitForURL('**/dashboard');
    await admin.page.goto(`/evaluations-v2/${evaluation.id}/results/${teacherId}`);
    const full = await getJson<V2Results>(
      admin.page,
      `/api/evaluations-v2/${evaluation.id}/results/${teacherId}`,
    );
    const fullPeers = full.relations.find((g) => g.relation === 'peer')!;
    expect(fullPeers.shown).toBe(true);
    expect(fullPeers.overall_percentage).not.toBeNull();
    await expectPersonScreen(admin.page, full, 3);
    await admin.page.getByText(ADMIN_ONLY).waitFor();
    expect(await admin.page.getByText(hiddenText(3)).count()).toBe(0);
    await expectNoAxeViolations(admin.page, 'resultados de una persona (admin)');
    expect(pageProblems(admin.page)).toEqual([]);
    await admin.context.close();
  });

  it('shows the evaluatee their results only once the evaluation is closed', async () => {
    const admin = await newPage(browser, server.origin);
    await login(admin.page, demo.byRole.admin.email, demo.password);
    await admin.page.waitForURL('**/dashboard');
    const { evaluation, teacherId, otherId } = await demoRound(admin.page, demo.byRole.colaborador.name);

    const { context, page } = await newPage(browser, server.origin);
    await login(page, demo.byRole.colaborador.email, demo.password);
    await page.waitForURL('**/home');
    const me = await getJson<{ id: number }>(page, '/api/users/me');
    expect(me.id).toBe(teacherId);

    // Open: the server refuses (403) and the screen says when the results come.
    await page.goto(`/evaluations-v2/${evaluation.id}/results/${me.id}`);
    await page.getByRole('heading', { level: 1, name: 'Resultados 360' }).waitFor();
    await page.getByRole('alert').getByText(`${DENIED} ${NOT_YET}`).waitFor();
    await expectNoAxeViolations(page, 'resultados aún no disponibles');
    await page.goto('/profile');
    await page.getByRole('heading', { level: 2, name: 'Mis resultados 360' }).waitFor();
    await page.getByText(MINE_EMPTY).waitFor();
    await expectNoAxeViolations(page, 'perfil sin resultados 360');

    // Admin closes the evaluation through the API.
    const { csrfToken } = await getJson<{ csrfToken: string }>(admin.page, '/api/csrf-token');
    const closed = await admin.page.request.patch(`/api/evaluations-v2/${evaluation.id}`, {
      headers: { 'x-csrf-token': csrfToken, 'X-Requested-With': 'XMLHttpRequest' },
      data: { status: 'closed' },
    });
    expect(closed.status()).toBe(200);
    await admin.context.close();

    // Closed: 'Mis resultados 360' lists it and the link opens the person's own view.
    await page.reload();
    const mine = page.getByRole('list', { name: 'Mis resultados 360' });
    await mine.getByRole('link', { name: evaluation.name }).click();
    await page.waitForURL(`**/evaluations-v2/${evaluation.id}/results/${me.id}`);
    const own = await getJson<V2Results>(page, `/api/evaluations-v2/${evaluation.id}/results/${me.id}`);
    expect(own.evaluation.status).toBe('closed');
    await expectPersonScreen(page, own, 3);
    await page.getByText(hiddenText(3)).first().waitFor();
    await expectNoAxeViolations(page, 'mis resultados 360');
    await page.goto('/profile');
    await page.getByRole('list', { name: 'Mis resultados 360' }).waitFor();
    await expectNoAxeViolations(page, 'perfil con resultados 360');

    // Someone else's results: the guard's Acceso Denegado.
    const listed = await getJson<{ rows: MyV2Result[] }>(page, '/api/evaluations-v2/results/mine');
    expect(listed.rows.map((r) => r.evaluation_id)).toEqual([evaluation.id]);
    await page.goto(`/evaluations-v2/${evaluation.id}/results/${otherId}`);
    await page.getByRole('heading', { level: 1, name: 'Acceso Denegado' }).waitFor();
    await page.getByText(DENIED).waitFor();
    await expectNoAxeViolations(page, 'resultados de otra persona');
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });
});
