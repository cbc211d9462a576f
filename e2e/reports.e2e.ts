import fs from 'node:fs';
import {
  assignmentEndpoints,
  authEndpoints,
  evaluatorEndpoints,
  fullEvaluationEndpoints,
  historyEndpoints,
  onePage,
  reportEndpoints,
  resultEndpoints,
  trainingEndpoints,
  wholeList,
  type ReportRow,
  type TrainingReport,
} from '@evalua/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call, callExpecting } from './support/call';
import { pdfTextOf, saveDownload } from './support/download';
import { expectNoHorizontalOverflow, PHONE } from './support/layout';
import { v1QuestionsFor } from './support/rounds';

type Training = TrainingReport;

/** es-DO, 2 decimals: what the screens must show. */
const two = (v: number) =>
  new Intl.NumberFormat('es-DO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
const pct = (v: number) => `${two(v)} %`;
const dash = (v: string | null) => v || '—';

/** A page of the reports, as the server pages and searches them. */
const reportsPage = async (page: Page, query: { page: number; pageSize: number; q?: string }) =>
  onePage(await call(page, reportEndpoints.list, { query }));

/** The cells of every body row of a table, as text. */
function bodyRows(page: Page, table: string): Promise<string[][]> {
  return page
    .getByRole('table', { name: table })
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.innerText.trim())),
    );
}

const expectedRow = (r: ReportRow) => [
  r.user_name,
  dash(r.department),
  dash(r.position),
  r.evaluation_name,
  r.period,
  pct(r.overall_percentage),
  'Ver reporte',
];

/** As the admin (on behalf of an evaluator with no training group yet), one submission needing training. */
async function addTrainingGroup(page: Page, training: Training): Promise<string> {
  const evaluators = wholeList(await call(page, evaluatorEndpoints.list));
  const evaluator = evaluators.find((e) => !(e.name in training));
  if (!evaluator) throw new Error('todos los evaluadores tienen ya un grupo de capacitación');
  const assigned = await call(page, assignmentEndpoints.assigned, { params: { evaluatorId: evaluator.id } });
  const done = await call(page, resultEndpoints.evaluated, { params: { evaluatorId: evaluator.id } });
  const pending = assigned.find((a) => !done.some((d) => d.collaborator_id === a.collaborator_id));
  if (!pending) throw new Error(`${evaluator.name} no tiene colaboradores pendientes`);
  const { evaluation, questions } = await v1QuestionsFor(page, pending.collaborator_id);
  // Answers 201 (call checks the endpoint's status).
  await call(page, fullEvaluationEndpoints.submit, {
    body: {
      evaluation_id: evaluation.id,
      user_id: pending.collaborator_id,
      evaluator_id: evaluator.id,
      responses: questions.map((q) => ({ question_id: q.id, score: 2 })),
      training: { requires_training: true, comments: 'Taller de trabajo en equipo.' },
    },
  });
  return evaluator.name;
}

describeInChromium('Reportes y Reporte de Capacitación in Chromium', () => {
  const app = useDemoApp();

  it('lets HR list, search and page the reports, open one, and export it as PDF and Excel', async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home');
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Reportes', exact: true })
      .click();
    await page.waitForURL('**/reports');
    await page.getByRole('heading', { level: 1, name: 'Reportes' }).waitFor();

    // The first page is the server's first page of 10, figures with 2 decimals.
    const first = await reportsPage(page, { page: 1, pageSize: 10 });
    expect(first.total).toBe(18);
    await page.getByRole('cell', { name: first.rows[0]!.user_name }).first().waitFor();
    expect(await bodyRows(page, 'Reportes de evaluación')).toEqual(first.rows.map(expectedRow));
    await page.getByText(`Mostrando 1–10 de ${first.total}`).waitFor();
    await expectNoAxeViolations(page, '/reports');

    // Page 2.
    const second = await reportsPage(page, { page: 2, pageSize: 10 });
    await page.getByRole('button', { name: 'Página 2' }).click();
    await page.getByText(`Mostrando 11–${first.total} de ${first.total}`).waitFor();
    expect(await bodyRows(page, 'Reportes de evaluación')).toEqual(second.rows.map(expectedRow));
    await expectNoAxeViolations(page, '/reports página 2');

    // Search narrows the list (and goes back to page 1).
    const target = first.rows.find((r) => r.user_name.includes('Vásquez')) ?? first.rows[2]!;
    const surname = target.user_name.split(' ').at(-1)!;
    const found = await reportsPage(page, { q: surname, page: 1, pageSize: 10 });
    expect(found.total).toBeLessThan(first.total);
    await page.getByLabel('Buscar colaborador').fill(surname);
    await page.getByText(`Mostrando 1–${found.total} de ${found.total}`).waitFor();
    expect(await bodyRows(page, 'Reportes de evaluación')).toEqual(found.rows.map(expectedRow));

    // Nobody matches: the empty state, and no download.
    await page.getByLabel('Buscar colaborador').fill('zzzz');
    await page.getByText('No se encontraron usuarios evaluados.').waitFor();
    await page.getByRole('button', { name: 'Exportar Excel' }).click();
    await page.getByRole('alert').getByText('No hay datos para descargar.').waitFor();
    await expectNoAxeViolations(page, '/reports sin resultados');
    await page.getByRole('button', { name: 'Limpiar búsqueda' }).click();
    await page.getByText(`Mostrando 1–10 de ${first.total}`).waitFor();

    // Excel export of the list.
    const sheet = await saveDownload(page, () =>
      page.getByRole('button', { name: 'Exportar Excel' }).click(),
    );
    expect(sheet.name).toMatch(/\.xlsx$/);
    expect(fs.readFileSync(sheet.file).subarray(0, 2).toString()).toBe('PK');

    // Open one report: every figure as the API gives it, with 2 decimals.
    const row = first.rows[0]!;
    await page.getByRole('link', { name: `Ver reporte de ${row.user_name}, ${row.evaluation_name}` }).click();
    await page.waitForURL(`**/report/${row.evaluation_id}/${row.user_id}`);
    const report = await call(page, reportEndpoints.full, {
      params: { evaluationId: row.evaluation_id, userId: row.user_id },
    });
    await page.getByRole('heading', { level: 1, name: 'Reporte' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Datos del colaborador' }).waitFor();
    const main = page.getByRole('main');
    for (const text of [
      report.user_name,
      report.evaluation_name,
      report.period,
      dash(report.department),
      dash(report.position),
      pct(report.overall_percentage),
      report.training.comments_summary,
    ]) {
      await main.getByText(text, { exact: true }).first().waitFor();
    }
    for (const value of [report.competencies_percentage, report.objectives_percentage]) {
      await main
        .getByText(value === null ? '—' : pct(value), { exact: true })
        .first()
        .waitFor();
    }
    expect(pct(report.overall_percentage)).toBe(pct(row.overall_percentage));
    const numberOfEvaluators = page.getByRole('row', { name: /Número de evaluadores/ });
    expect(await numberOfEvaluators.getByRole('cell').innerText()).toBe(String(report.evaluators_count));
    expect(await bodyRows(page, 'Preguntas')).toEqual(
      report.questions.map((q) => [q.question_text, expect.any(String), two(q.average_score)]),
    );
    await main
      .getByText(`Requiere capacitación: ${report.training.requires_training ? 'Sí' : 'No'}`)
      .waitFor();
    for (const c of report.training.comments) await main.getByText(c, { exact: true }).first().waitFor();
    await expectNoAxeViolations(page, '/report');

    // The PDF: downloaded under the server's name, holding the person and the evaluation.
    const pdf = await saveDownload(page, () => page.getByRole('button', { name: 'Exportar PDF' }).click());
    expect(pdf.name).toMatch(/\.pdf$/);
    const text = pdfTextOf(pdf.file);
    expect(text).toContain(report.user_name);
    expect(text).toContain(report.evaluation_name);

    // The same report reached from history views.
    await page.goto(`/report-detail/${row.evaluation_id}/${row.user_id}`);
    await page.getByRole('heading', { level: 1, name: 'Detalle del Reporte' }).waitFor();
    await main.getByText(pct(report.overall_percentage), { exact: true }).first().waitFor();
    await expectNoAxeViolations(page, '/report-detail');

    // Someone never evaluated: no report, and no PDF.
    const me = await call(page, authEndpoints.me);
    await page.goto(`/report/${row.evaluation_id}/${me.id}`);
    await page.getByText('No se pudo obtener el reporte.').waitFor();
    await page.getByRole('button', { name: 'Exportar PDF' }).click();
    await page.getByText('No hay datos para generar el PDF.').waitFor();
    await expectNoAxeViolations(page, '/report sin datos');

    expect(pageProblems(page).filter((p) => !/status of 404/.test(p))).toEqual([]);
    await context.close();
  });

  it('shows HR the training needs grouped by evaluator, paged by 5, searchable and exportable', async () => {
    // Set-up as the admin: a sixth evaluator group, so that the groups fill two pages.
    const admin = await app.signIn('admin', '/dashboard');
    const added = await addTrainingGroup(admin.page, await call(admin.page, trainingEndpoints.report));
    await admin.context.close();

    const { context, page } = await app.signIn('gestionhumana', '/home');
    const training = await call(page, trainingEndpoints.report);
    const evaluators = Object.keys(training);
    expect(evaluators.length).toBe(6);
    expect(evaluators).toContain(added);

    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Reporte de Capacitación' })
      .click();
    await page.waitForURL('**/training-report');
    const groupHeadings = page.getByRole('main').getByRole('heading', { level: 2 });
    // The start page has level-2 headings too: wait for this screen's first group, not any heading.
    await page.getByRole('heading', { level: 2, name: evaluators[0]! }).waitFor();
    expect(await groupHeadings.allInnerTexts()).toEqual(evaluators.slice(0, 5));
    const firstGroup = training[evaluators[0]!]!;
    expect(await bodyRows(page, evaluators[0]!)).toEqual(
      firstGroup.map((e) => [e.collaborator_name, expect.any(String), e.comments, 'Ver reporte']),
    );
    await expectNoAxeViolations(page, '/training-report');

    await page.getByRole('button', { name: 'Página 2' }).click();
    await page.getByRole('heading', { level: 2, name: evaluators[5]! }).waitFor();
    expect(await groupHeadings.allInnerTexts()).toEqual(evaluators.slice(5));
    await expectNoAxeViolations(page, '/training-report página 2');

    // Search by a collaborator's name: only the groups (and rows) holding them.
    const someone = firstGroup[0]!.collaborator_name;
    const holding = evaluators.filter(
      (e) => e === someone || training[e]!.some((x) => x.collaborator_name === someone),
    );
    await page.getByLabel('Buscar evaluador o colaborador').fill(someone);
    await page.getByRole('heading', { level: 2, name: holding[0]! }).waitFor();
    await page.getByText(`Mostrando 1–${holding.length} de ${holding.length}`).waitFor();
    expect(await groupHeadings.allInnerTexts()).toEqual(holding);
    await page.getByLabel('Buscar evaluador o colaborador').fill('zzzz');
    await page.getByText('Ningún evaluador o colaborador coincide con «zzzz».').waitFor();
    await expectNoAxeViolations(page, '/training-report sin resultados');
    await page.getByRole('button', { name: 'Limpiar búsqueda' }).click();
    await page.getByText(`Mostrando 1–5 de ${evaluators.length}`).waitFor();

    const sheet = await saveDownload(page, () =>
      page.getByRole('button', { name: 'Exportar Excel' }).click(),
    );
    expect(sheet.name).toMatch(/\.xlsx$/);
    const csv = await saveDownload(page, () => page.getByRole('button', { name: 'Exportar CSV' }).click());
    expect(csv.name).toMatch(/\.csv$/);
    expect(fs.readFileSync(csv.file, 'utf8')).toContain(added);

    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });

  it('keeps a report with a long unbroken comment within a 375 px screen (issue 30 §8)', async () => {
    const admin = await app.signIn('admin', '/dashboard');
    const evaluators = wholeList(await call(admin.page, evaluatorEndpoints.list));
    let target: { evaluationId: number; userId: number } | undefined;
    for (const evaluator of evaluators) {
      const assigned = await call(admin.page, assignmentEndpoints.assigned, {
        params: { evaluatorId: evaluator.id },
      });
      const done = await call(admin.page, resultEndpoints.evaluated, {
        params: { evaluatorId: evaluator.id },
      });
      const pending = assigned.find((a) => !done.some((d) => d.collaborator_id === a.collaborator_id));
      if (!pending) continue;
      const { evaluation, questions } = await v1QuestionsFor(admin.page, pending.collaborator_id);
      await call(admin.page, fullEvaluationEndpoints.submit, {
        body: {
          evaluation_id: evaluation.id,
          user_id: pending.collaborator_id,
          evaluator_id: evaluator.id,
          responses: questions.map((q) => ({ question_id: q.id, score: 3 })),
          training: { requires_training: true, comments: 'https://ejemplo.do/'.padEnd(400, 'x') },
        },
      });
      target = { evaluationId: evaluation.id, userId: pending.collaborator_id };
      break;
    }
    await admin.context.close();
    expect(target, 'un colaborador pendiente en la demo').toBeDefined();
    const { context, page } = await app.signIn('gestionhumana', /\/(home|dashboard)$/, PHONE);
    await page.goto(`/report/${target!.evaluationId}/${target!.userId}`);
    await page.getByRole('heading', { level: 2, name: 'Datos del colaborador' }).waitFor();
    await page.getByText(/^https:\/\/ejemplo\.do\/x+$/).waitFor();
    await expectNoHorizontalOverflow(page, 'reporte con un comentario largo a 375 px');
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });

  it('lets a collaborator open their own report but not someone else’s', async () => {
    const { context, page } = await app.signIn('colaborador', '/home');
    const me = await call(page, authEndpoints.me);
    const history = await call(page, historyEndpoints.ofUser, { params: { userId: me.id } });
    // The demo collaborator's round is done (seed: the first half of each evaluator's list).
    expect(history.length).toBeGreaterThan(0);
    const own = history[0]!;
    await page.goto(`/report/${own.evaluation_id}/${me.id}`);
    await page.getByRole('heading', { level: 2, name: 'Datos del colaborador' }).waitFor();
    await page.getByRole('main').getByText(pct(own.overall_percentage), { exact: true }).first().waitFor();
    await page.getByRole('cell', { name: me.name, exact: true }).waitFor();
    await expectNoAxeViolations(page, '/report propio');

    const other = me.id === 1 ? 2 : me.id - 1;
    await callExpecting(
      page,
      reportEndpoints.full,
      { params: { evaluationId: own.evaluation_id, userId: other } },
      403,
    );
    await page.goto(`/report/${own.evaluation_id}/${other}`);
    await page.getByRole('heading', { level: 1, name: 'Acceso Denegado' }).waitFor();
    await expectNoAxeViolations(page, '/report ajeno');

    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });
});
