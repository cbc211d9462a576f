import fs from 'node:fs';
import {
  QUESTION_TYPE_LABELS,
  RELATION_LABELS,
  V2_RESULT_GROUPS,
  V2_RESULT_GROUP_LABELS,
  authEndpoints,
  onePage,
  userEndpoints,
  v2AnswerEndpoints,
  v2AssignmentEndpoints,
  v2EvaluationEndpoints,
  v2ItemEndpoints,
  v2ResultEndpoints,
  v2TemplateEndpoints,
  type UserListRow,
  type V2AssignmentRow,
  type V2Evaluation,
  type V2RelationResult,
  type V2Results,
  type V2Summary,
} from '@evalua/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';
import { topAnswers } from './support/rounds';
import { pdfTextOf, saveDownload } from './support/download';
import { expectNoHorizontalOverflow, PHONE } from './support/layout';

const DENIED = 'No tienes permisos para acceder a esta página.';
const NOT_YET = 'Los resultados estarán disponibles cuando se cierre la evaluación.';
const ADMIN_ONLY = 'Visible solo para administración (por debajo del mínimo de anonimato)';
const MINE_EMPTY = /^Aún no tienes resultados 360 disponibles/;
/** Decision 023: before the close HR sees the progress only. */
const NOT_RELEASED_TITLE = 'Resultados aún no publicados';
const SUMMARY_NOT_RELEASED =
  'El promedio general y la distribución de resultados se publican cuando la evaluación se cierra. Mientras siga abierta solo se muestra el avance.';
const EXPORTS_AT_CLOSE = 'La exportación a PDF y Excel estará disponible cuando se cierre la evaluación.';
const COUNTED_WHY = /^Para el mínimo de anonimato no cuentan las respuestas de quien puede leer resultados/;

/** es-DO, 2 decimals: what the screens must show. */
const two = (v: number) =>
  new Intl.NumberFormat('es-DO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${two(v)} %`);
const hiddenText = (n: number) => `Oculto para proteger el anonimato (menos de ${n} evaluadores)`;

/** One person's 360 results, as `page`'s user reads them. */
const personResults = (page: Page, id: number, userId: number) =>
  call(page, v2ResultEndpoints.person, { params: { id, userId } });

/** '2 de 3 cuentan para el anonimato' where an anonymous group has answers that do not count. */
function countedText(g: V2RelationResult): string | null {
  const anonymous = g.relation !== 'self' && (g.relation !== 'manager' || g.raters_completed > 1);
  const counted = g.raters_counted;
  if (!anonymous || counted === undefined || counted >= g.raters_completed) return null;
  return `${counted} de ${g.raters_completed} ${counted === 1 ? 'cuenta' : 'cuentan'} para el anonimato`;
}
const withCounted = (text: string, g: V2RelationResult) => {
  const note = countedText(g);
  return note ? `${text} ${note}` : text;
};

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
    rows.set(g.relation, [label, withCounted(`${g.raters_completed}/${g.raters_assigned}`, g), ...cells]);
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
  expect(r.released).toBe(true);
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

/**
 * A person's results before the close, for a non-admin: the server's note in a status notice and the
 * completion per group — no figure, chart, question table, comment or export anywhere.
 */
async function expectCompletionScreen(page: Page, r: V2Results): Promise<void> {
  expect(r.released).toBe(false);
  expect(r.relations.every((g) => !g.shown && g.overall_percentage === null)).toBe(true);
  expect([r.self, r.others, r.comments.length]).toEqual([null, null, 0]);
  await page.getByRole('table', { name: 'Avance por grupo de evaluadores' }).waitFor();
  await page.getByRole('main').getByText(r.evaluatee.name, { exact: true }).waitFor();
  const notice = page.getByRole('status').filter({ hasText: NOT_RELEASED_TITLE });
  await notice.getByText(r.hidden_note!, { exact: true }).waitFor();
  await notice.getByText(EXPORTS_AT_CLOSE, { exact: true }).waitFor();
  expect(await bodyRows(page, 'Avance por grupo de evaluadores')).toEqual(
    r.relations
      .filter((g) => g.relation !== 'peer_report')
      .map((g) => [
        V2_RESULT_GROUP_LABELS[g.relation],
        withCounted(String(g.raters_completed), g),
        String(g.raters_assigned),
      ]),
  );
  for (const name of ['Resultados por grupo de evaluadores', 'Resultados por pregunta']) {
    expect(await page.getByRole('table', { name }).count(), name).toBe(0);
  }
  expect(await page.getByRole('region', { name: 'Comentarios' }).count()).toBe(0);
  expect(await page.getByRole('main').getByRole('img').count()).toBe(0);
  expect(await page.getByRole('button', { name: /^Exportar/ }).count()).toBe(0);
  expect(await page.getByRole('main').innerText()).not.toMatch(/\d %/);
}

/** The evaluation summary's cards and per-relation table as /summary says (figures when released). */
async function expectSummaryScreen(page: Page, summary: V2Summary, evaluation: V2Evaluation): Promise<void> {
  const released = summary.released !== false;
  await page.getByText(evaluation.name, { exact: true }).waitFor();
  await page.getByText(`Periodo ${evaluation.period}`).waitFor();
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
  expect(await bodyRows(page, 'Avance por relación')).toEqual(
    summary.by_relation.map((r) => [
      RELATION_LABELS[r.relation],
      String(r.completed),
      String(r.total),
      r.total === 0 ? '—' : pct((r.completed / r.total) * 100),
      ...(released ? [pct(r.overall_average)] : []),
    ]),
  );
  const average = cards.filter({ hasText: 'Promedio general (Otros)' });
  const bands = summary.distribution
    .map((b) => `${b.label} %: ${b.count} ${b.count === 1 ? 'persona' : 'personas'}`)
    .join('; ');
  const distribution = page.getByRole('img', {
    name: `Distribución del resultado general de «Otros»: ${bands}.`,
  });
  if (released) {
    await average.getByText(pct(summary.overall_average), { exact: true }).waitFor();
    await distribution.waitFor();
    expect(await page.getByText(NOT_RELEASED_TITLE).count()).toBe(0);
  } else {
    // In place of the average and the distribution: why they wait for the close.
    await page
      .getByRole('status')
      .filter({ hasText: NOT_RELEASED_TITLE })
      .getByText(SUMMARY_NOT_RELEASED, { exact: true })
      .waitFor();
    expect(await average.count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Distribución de resultados' }).count()).toBe(0);
    expect(await page.getByRole('img', { name: /^Distribución/ }).count()).toBe(0);
  }
}

type Person = UserListRow;

interface DemoRound {
  evaluation: V2Evaluation;
  assignments: V2AssignmentRow[];
  /** The demo colaborador (an evaluatee) and another evaluatee. */
  teacherId: number;
  otherId: number;
}

/** The demo's open 360 and its evaluatees, as a manager reads them. */
async function demoRound(page: Page, teacher: string): Promise<DemoRound> {
  const list = await call(page, v2EvaluationEndpoints.list);
  const evaluation = list.rows.find((e) => e.name.startsWith('Evaluación 360 docente'))!;
  const { rows } = await call(page, v2AssignmentEndpoints.listByEvaluation, {
    params: { evaluationId: evaluation.id },
  });
  const teacherId = rows.find((a) => a.evaluatee_name === teacher)!.evaluatee_id;
  const otherId = rows.find((a) => a.evaluatee_id !== teacherId)!.evaluatee_id;
  return { evaluation, assignments: rows, teacherId, otherId };
}

describeInChromium('Resultados 360 in Chromium', () => {
  const app = useDemoApp();

  it('shows HR only the progress of the open 360 — summary and one person — and admin every figure', async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home');
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Evaluaciones 360 (v2)' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Evaluaciones 360 (v2)' }).waitFor();
    const teacher = app.logins.byRole.colaborador.name;
    const { evaluation, assignments, teacherId } = await demoRound(page, teacher);
    expect(evaluation.status).toBe('open');
    await page.getByRole('link', { name: `Resultados de ${evaluation.name}` }).click();
    await page.waitForURL(`**/evaluations-v2/${evaluation.id}/results`);
    await page.getByRole('heading', { level: 1, name: 'Resultados 360' }).waitFor();

    // The summary: completion cards and per relation; no average, no distribution.
    const summary = await call(page, v2ResultEndpoints.summary, { params: { id: evaluation.id } });
    expect(summary).toMatchObject({ released: false, overall_average: null, evaluatees_scored: 0 });
    await expectSummaryScreen(page, summary, evaluation);

    // The evaluatees, searchable, each with a link to their results.
    const names = [...new Set(assignments.map((a) => a.evaluatee_name))].sort((a, b) =>
      a.localeCompare(b, 'es'),
    );
    const people = await bodyRows(page, 'Personas evaluadas');
    expect(people.map((r) => r[0])).toEqual(names);
    await expectNoAxeViolations(page, 'resultados 360 de la evaluación abierta');
    await page.getByLabel('Buscar persona', { exact: true }).fill('zzz-nadie');
    await page.getByText('Ninguna persona coincide con la búsqueda.').waitFor();
    await expectNoAxeViolations(page, 'búsqueda sin resultados');
    await page.getByLabel('Buscar persona', { exact: true }).fill(teacher.split(' ')[0]!.toLowerCase());
    await page.getByRole('link', { name: `Ver resultados de ${teacher}` }).click();
    await page.waitForURL(`**/evaluations-v2/${evaluation.id}/results/${teacherId}`);

    // One person: the server's note and the completion per group, nothing else.
    const hr = await personResults(page, evaluation.id, teacherId);
    expect(hr.hidden_note).toMatch(
      /^Los resultados de cada persona se publican cuando la evaluación se cierra/,
    );
    expect(hr.relations.find((g) => g.relation === 'peer')).toMatchObject({
      raters_completed: 2,
      raters_assigned: 3,
    });
    await expectCompletionScreen(page, hr);
    await expectNoAxeViolations(page, 'avance de una persona (gestión humana)');
    expect(pageProblems(page)).toEqual([]);
    await context.close();

    // The same two screens fit a 375 px phone.
    const phone = await app.signIn('gestionhumana', '/home', PHONE);
    await phone.page.goto(`/evaluations-v2/${evaluation.id}/results/${teacherId}`);
    // A table where it fits, one card per group where it does not.
    const progress = 'Avance por grupo de evaluadores';
    await phone.page
      .getByRole('table', { name: progress })
      .or(phone.page.getByRole('list', { name: progress }))
      .waitFor();
    await expectNoHorizontalOverflow(phone.page, 'avance de una persona a 375 px');
    await expectNoAxeViolations(phone.page, 'avance de una persona a 375 px');
    await phone.page.goto(`/evaluations-v2/${evaluation.id}/results`);
    // On a phone each evaluated person is a card with its link.
    await phone.page.getByRole('list', { name: 'Personas evaluadas' }).getByRole('article').first().waitFor();
    await expectNoHorizontalOverflow(phone.page, 'avance de la evaluación a 375 px');
    await phone.context.close();

    // Admin sees every group of the same person, the peers flagged as below the threshold, and is
    // told that nobody else sees them before the close.
    const admin = await app.signIn('admin', '/dashboard');
    await admin.page.goto(`/evaluations-v2/${evaluation.id}/results/${teacherId}`);
    const full = await personResults(admin.page, evaluation.id, teacherId);
    const fullPeers = full.relations.find((g) => g.relation === 'peer')!;
    expect(fullPeers.shown).toBe(true);
    expect(fullPeers.overall_percentage).not.toBeNull();
    expect(full.hidden_note).toMatch(/^Vista de administración\. Nadie más ve estos resultados/);
    await expectPersonScreen(admin.page, full, 3);
    await admin.page.getByText(ADMIN_ONLY).waitFor();
    expect(await admin.page.getByText(hiddenText(3)).count()).toBe(0);
    expect(await admin.page.getByText(NOT_RELEASED_TITLE).count()).toBe(0);
    await admin.page.getByRole('button', { name: 'Exportar PDF' }).waitFor();
    await expectNoAxeViolations(admin.page, 'resultados de una persona (admin)');
    // Admin's summary keeps its figures.
    await admin.page.goto(`/evaluations-v2/${evaluation.id}/results`);
    const adminSummary = await call(admin.page, v2ResultEndpoints.summary, { params: { id: evaluation.id } });
    expect(adminSummary.released).toBe(true);
    await expectSummaryScreen(admin.page, adminSummary, evaluation);
    expect(pageProblems(admin.page)).toEqual([]);
    await admin.context.close();
  });

  it('keeps a peer group padded with HR’s own answers hidden, and says why, before and after the close', async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home');
    const me = await call(page, authEndpoints.me);
    const users = onePage(await call(page, userEndpoints.list, { query: { page: 1, pageSize: 200 } })).rows;
    const active = users.filter((u) => u.status && u.email !== app.logins.byRole.colaborador.email);
    const [person, peer1, peer2] = active.filter((u) => u.role === 'colaborador') as [Person, Person, Person];
    const boss = active.find((u) => u.role === 'evaluador')!;
    const hrUser = users.find((u) => u.id === me.id)!;

    // A small 360: one person, a manager and three peers, one of them HR itself.
    const templates = await call(page, v2TemplateEndpoints.list);
    const { id } = await call(page, v2EvaluationEndpoints.createFromTemplate, {
      body: {
        status: 'draft',
        template_id: templates.find((t) => t.name === 'Personal docente')!.id,
        name: 'Evaluación 360 con pares de gestión humana',
        period: 'Q2-2026',
        weights: { weight_objectives: 40, weight_competencies: 60 },
        allow_self: false,
      },
    });
    await call(page, v2AssignmentEndpoints.bulk, {
      body: {
        evaluation_id: id,
        assignments: [
          { evaluator_id: boss.id, evaluatee_id: person.id, relation: 'manager' },
          ...[peer1, peer2, hrUser].map((p) => ({
            evaluator_id: p.id,
            evaluatee_id: person.id,
            relation: 'peer' as const,
          })),
        ],
      },
    });
    await call(page, v2EvaluationEndpoints.update, {
      params: { id: id },
      body: { status: 'open' },
    });

    // Everyone answers, HR too (its answers are known to HR: they never count).
    const { rows } = await call(page, v2AssignmentEndpoints.listByEvaluation, {
      params: { evaluationId: id },
    });
    const { items } = await call(page, v2ItemEndpoints.list, { params: { id } });
    const answers = topAnswers(items, 'Comparte sus materiales con el equipo.');
    for (const rater of [boss, peer1, peer2, hrUser]) {
      const assignment = rows.find((r) => r.evaluator_id === rater.id)!;
      const as =
        rater.id === me.id ? { page, context: null } : await app.signIn({ email: rater.email! }, '/home');
      await call(as.page, v2AnswerEndpoints.submit, {
        body: { evaluation_id: id, assignment_id: assignment.id, answers },
      });
      await as.context?.close();
    }

    // Open: the completion says 3 peers answered and only 2 count.
    await page.goto(`/evaluations-v2/${id}/results/${person.id}`);
    const open = await personResults(page, id, person.id);
    expect(open.relations.find((g) => g.relation === 'peer')).toMatchObject({
      raters_completed: 3,
      raters_counted: 2,
    });
    await expectCompletionScreen(page, open);
    await page.getByText('2 de 3 cuentan para el anonimato', { exact: true }).waitFor();
    await page.getByText(COUNTED_WHY).waitFor();
    await expectNoAxeViolations(page, 'avance con respuestas que no cuentan');

    // Closed: the figures come, the peers stay hidden (2 counted of 3 needed), and the note says why.
    await call(page, v2EvaluationEndpoints.update, {
      params: { id: id },
      body: { status: 'closed' },
    });
    await page.reload();
    const closed = await personResults(page, id, person.id);
    expect(closed.released).toBe(true);
    expect(closed.relations.find((g) => g.relation === 'peer')).toMatchObject({
      shown: false,
      raters_counted: 2,
    });
    expect(closed.hidden_note).toContain('Una respuesta no cuenta para ese mínimo');
    await expectPersonScreen(page, closed, 3);
    await page.getByText(hiddenText(3)).first().waitFor();
    await page.getByText('2 de 3 cuentan para el anonimato', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'resultados con respuestas que no cuentan');
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });

  it('after the close shows HR the figures with hidden groups and the files, and the evaluatee their own', async () => {
    const admin = await app.signIn('admin', '/dashboard');
    const { evaluation, teacherId, otherId } = await demoRound(
      admin.page,
      app.logins.byRole.colaborador.name,
    );

    const { context, page } = await app.signIn('colaborador', '/home');
    const me = await call(page, authEndpoints.me);
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
    await call(admin.page, v2EvaluationEndpoints.update, {
      params: { id: evaluation.id },
      body: { status: 'closed' },
    });
    await admin.context.close();

    // Closed, but HR has not shared it yet (decision 038): the evaluatee reads that, not the results.
    await page.goto(`/evaluations-v2/${evaluation.id}/results/${me.id}`);
    await page.getByRole('status').getByText('Tus resultados aún no están disponibles.').waitFor();
    await page.goto('/profile');
    await page.getByRole('list', { name: 'Mis resultados 360' }).getByText(evaluation.name).waitFor();
    await page.getByText('Tus resultados aún no están disponibles.').waitFor();
    expect(await page.getByRole('link', { name: evaluation.name }).count()).toBe(0);

    // HR: the summary's figures, and the person with her peers (2 of 3) hidden, and with them "others".
    const hrPage = await app.signIn('gestionhumana', '/home');
    const closed = { ...evaluation, status: 'closed' as const };
    await hrPage.page.goto(`/evaluations-v2/${evaluation.id}/results`);
    const summary = await call(hrPage.page, v2ResultEndpoints.summary, { params: { id: evaluation.id } });
    expect(summary.released).toBe(true);
    expect(summary.overall_average).not.toBeNull();
    await expectSummaryScreen(hrPage.page, summary, closed);
    await expectNoAxeViolations(hrPage.page, 'resultados 360 de la evaluación cerrada');
    // HR shares each person's results with them, after a confirmation (they are e-mailed).
    await hrPage.page.getByRole('link', { name: 'Publicación de resultados' }).click();
    await hrPage.page.getByRole('heading', { level: 1, name: 'Publicación de resultados' }).waitFor();
    const release = hrPage.page.getByRole('main');
    await release.getByRole('radio', { name: 'Con la persona evaluada' }).check();
    await release.getByRole('button', { name: 'Guardar publicación' }).click();
    await hrPage.page
      .getByRole('dialog', { name: 'Compartir resultados' })
      .getByRole('button', { name: 'Publicar y avisar' })
      .click();
    await hrPage.page.getByText('Publicación guardada.').waitFor();
    // And the teacher's with her manager too: her own choice, from the list by person.
    const teacherName = app.logins.byRole.colaborador.name;
    await release.getByLabel('Buscar persona en la publicación').fill(teacherName.split(' ')[0]!);
    await release
      .getByRole('combobox', { name: `Compartir los resultados de ${teacherName} con`, exact: true })
      .selectOption({ label: 'Con la persona y su jefe' });
    await hrPage.page.getByText(`Publicación de ${teacherName} guardada.`).waitFor();
    await expectNoAxeViolations(hrPage.page, 'publicación de resultados');
    await hrPage.page.goto(`/evaluations-v2/${evaluation.id}/results/${teacherId}`);
    const hr = await personResults(hrPage.page, evaluation.id, teacherId);
    expect(hr.relations.find((g) => g.relation === 'peer')!.shown).toBe(false);
    expect(hr.others).toBeNull();
    expect(hr.released).toBe(true);
    await expectPersonScreen(hrPage.page, hr, 3);
    await hrPage.page.getByText(hiddenText(3)).first().waitFor();
    await expectNoAxeViolations(hrPage.page, 'resultados de una persona (gestión humana, cerrada)');

    // Exports: the PDF names the person; the Excel file is a workbook.
    const pdf = await saveDownload(hrPage.page, () =>
      hrPage.page.getByRole('button', { name: 'Exportar PDF' }).click(),
    );
    expect(pdf.name).toMatch(/\.pdf$/);
    expect(pdfTextOf(pdf.file)).toContain(app.logins.byRole.colaborador.name);
    const xlsx = await saveDownload(hrPage.page, () =>
      hrPage.page.getByRole('button', { name: 'Exportar Excel' }).click(),
    );
    expect(xlsx.name).toMatch(/\.xlsx$/);
    expect(fs.readFileSync(xlsx.file).subarray(0, 2).toString()).toBe('PK');
    expect(pageProblems(hrPage.page)).toEqual([]);
    await hrPage.context.close();

    // The evaluatee: 'Mis resultados 360' lists it and the link opens the person's own view.
    await page.reload();
    const mine = page.getByRole('list', { name: 'Mis resultados 360' });
    await mine.getByRole('link', { name: evaluation.name }).click();
    await page.waitForURL(`**/evaluations-v2/${evaluation.id}/results/${me.id}`);
    const own = await personResults(page, evaluation.id, me.id);
    expect(own.evaluation.status).toBe('closed');
    await expectPersonScreen(page, own, 3);
    await page.getByText(hiddenText(3)).first().waitFor();
    await expectNoAxeViolations(page, 'mis resultados 360');
    await page.goto('/profile');
    await page.getByRole('list', { name: 'Mis resultados 360' }).waitFor();
    await expectNoAxeViolations(page, 'perfil con resultados 360');

    // Her manager (the demo evaluador, who rated her as 'Jefe'): 'Resultados de mi equipo' opens them.
    const boss = await app.signIn('evaluador', '/home');
    await boss.page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Resultados de mi equipo' })
      .click();
    await boss.page.getByRole('heading', { level: 1, name: 'Resultados de mi equipo' }).waitFor();
    await expectNoAxeViolations(boss.page, 'resultados de mi equipo');
    await boss.page
      .getByRole('link', {
        name: `Ver resultados de ${app.logins.byRole.colaborador.name} en ${evaluation.name}`,
      })
      .click();
    await boss.page.waitForURL(`**/evaluations-v2/${evaluation.id}/results/${me.id}`);
    await boss.page.getByRole('heading', { level: 2, name: 'Resultados por pregunta' }).waitFor();
    await expectNoAxeViolations(boss.page, 'resultados de una persona del equipo');
    expect(pageProblems(boss.page)).toEqual([]);
    await boss.context.close();

    // Someone else's results: refused.
    const listed = await call(page, v2ResultEndpoints.mine);
    expect(listed.rows.map((r) => r.evaluation_id)).toEqual([evaluation.id]);
    await page.goto(`/evaluations-v2/${evaluation.id}/results/${otherId}`);
    await page.getByRole('alert').getByText(DENIED).waitFor();
    await expectNoAxeViolations(page, 'resultados de otra persona');
    expect(pageProblems(page)).toEqual([]);
    await context.close();
    // A whole round in one test: HR, the evaluatee and her manager, each with axe.
  }, 180_000);
});
