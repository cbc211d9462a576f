import {
  authEndpoints,
  historyEndpoints,
  onePage,
  resultEndpoints,
  userEndpoints,
  wholeList,
  type EvaluationHistoryRow,
  type HistoryCollaborator,
} from '@evalua/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { answerOf, call, callExpecting } from './support/call';

/** "87,50 %" as the browser formats it (the page uses the same Intl, es-DO, 2 decimals). */
function percentIn(page: Page, value: number): Promise<string> {
  return page.evaluate(
    (v) =>
      `${new Intl.NumberFormat('es-DO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v)} %`,
    value,
  );
}

function collaboratorNames(page: Page): Promise<string[]> {
  return page.getByRole('table').first().locator('tbody tr td:nth-child(1)').allTextContents();
}

/** The history table (caption "Evaluaciones de …"): evaluation names and results as shown. */
async function historyShown(page: Page, caption: string) {
  const table = page.getByRole('table', { name: caption });
  await table.waitFor();
  return {
    names: await table.locator('tbody tr td:nth-child(1)').allTextContents(),
    results: await table.locator('tbody tr td:nth-child(3)').allTextContents(),
  };
}

async function expectedHistory(page: Page, rows: EvaluationHistoryRow[]) {
  const results: string[] = [];
  for (const r of rows) results.push(await percentIn(page, r.overall_percentage));
  return { names: rows.map((r) => r.evaluation_name), results };
}

async function trendSummary(page: Page, rows: EvaluationHistoryRow[]): Promise<string> {
  const points: string[] = [];
  for (const r of [...rows].reverse()) {
    points.push(`${r.evaluation_name} (${r.period}): ${await percentIn(page, r.overall_percentage)}`);
  }
  return `Evolución del resultado general, de la más antigua a la más reciente: ${points.join('; ')}.`;
}

/** A page of the people with history, as the server pages and searches it. */
const historyPage = async (page: Page, query: { page: number; pageSize: number; q?: string }) =>
  onePage(await call(page, historyEndpoints.collaborators, { query }));

describeInChromium('Historial de Evaluaciones in Chromium', () => {
  const app = useDemoApp();

  it('lets HR page and search the people with history, open one and follow the report links', async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home');
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Historial de Evaluaciones' })
      .click();
    await page.waitForURL('**/evaluation-history');
    await page.getByRole('heading', { level: 1, name: 'Historial de Evaluaciones' }).waitFor();
    await page.getByText('Elige un colaborador con «Ver historial» para ver sus evaluaciones.').waitFor();

    // Page 1 and page 2 are the server's pages of 10.
    const first = await historyPage(page, { page: 1, pageSize: 10 });
    expect(first.total).toBeGreaterThan(10);
    await page.getByText(`Mostrando 1–10 de ${first.total}`).waitFor();
    expect(await collaboratorNames(page)).toEqual(first.rows.map((r) => r.collaborator_name));
    await expectNoAxeViolations(page, '/evaluation-history');

    const second = await historyPage(page, { page: 2, pageSize: 10 });
    await page.getByRole('button', { name: 'Página 2' }).click();
    await page.getByText(`Mostrando 11–${10 + second.rows.length} de ${first.total}`).waitFor();
    // The rows follow the pager's text once the page has arrived (the last page stays until then).
    await expect.poll(() => collaboratorNames(page)).toEqual(second.rows.map((r) => r.collaborator_name));

    // Search by name (on the server), then a search that finds nobody.
    // Someone on page 2 whose name nobody else has (the demo school has namesakes).
    const withHistory = wholeList(await call(page, historyEndpoints.collaborators));
    const unique = (c: HistoryCollaborator) =>
      withHistory.filter((o) => o.collaborator_name === c.collaborator_name).length === 1;
    const wanted = second.rows.find(unique)!;
    expect(wanted).toBeDefined();
    const word = wanted.collaborator_name.split(' ')[1]!;
    const found = await historyPage(page, { page: 1, pageSize: 10, q: word });
    await page.getByLabel('Buscar colaborador').fill(word);
    await page.getByText(`Mostrando 1–${found.rows.length} de ${found.total}`).waitFor();
    await expect.poll(() => collaboratorNames(page)).toEqual(found.rows.map((r) => r.collaborator_name));
    await page.getByLabel('Buscar colaborador').fill('zzzz');
    await page.getByText('Sin resultados para «zzzz».').waitFor();
    await expectNoAxeViolations(page, '/evaluation-history sin resultados');
    await page.getByLabel('Buscar colaborador').fill(wanted.collaborator_name);
    await page.getByText('Mostrando 1–1 de 1').waitFor();

    // Open the collaborator: their history, as the server has it, with links to each report.
    const history = await call(page, historyEndpoints.ofUser, {
      params: { userId: wanted.collaborator_id },
    });
    expect(history.length).toBe(wanted.evaluations_count);
    await page.getByRole('button', { name: `Ver historial de ${wanted.collaborator_name}` }).click();
    await page.getByRole('heading', { level: 2, name: `Historial de ${wanted.collaborator_name}` }).waitFor();
    const caption = `Evaluaciones de ${wanted.collaborator_name}`;
    expect(await historyShown(page, caption)).toEqual(await expectedHistory(page, history));
    await expectNoAxeViolations(page, '/evaluation-history con colaborador');

    const latest = history[0]!;
    await page
      .getByRole('table', { name: caption })
      .getByRole('link', { name: `Ver reporte de ${latest.evaluation_name}` })
      .click();
    await page.waitForURL(`**/report-detail/${latest.evaluation_id}/${wanted.collaborator_id}`);
    await page.getByRole('heading', { level: 1, name: 'Detalle del Reporte' }).waitFor();

    // Back on the list, the link to the collaborator's own history page with the trend chart.
    await page.goBack();
    await page.waitForURL('**/evaluation-history');
    await page.getByLabel('Buscar colaborador').fill(wanted.collaborator_name);
    await page.getByText('Mostrando 1–1 de 1').waitFor();
    await page.getByRole('button', { name: `Ver historial de ${wanted.collaborator_name}` }).click();
    await page.getByRole('link', { name: 'Ver historial completo y evolución' }).click();
    await page.waitForURL(`**/evaluation-history/${wanted.collaborator_id}`);
    await page.getByRole('heading', { level: 1, name: 'Historial de Evaluaciones' }).waitFor();
    await page.getByText(wanted.collaborator_name, { exact: true }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Evolución del resultado' }).waitFor();
    const chart = page.getByRole('img', { name: await trendSummary(page, history), exact: true });
    await chart.waitFor();
    // The SVG is drawn once its box has been measured (a ResizeObserver turn later).
    await chart.locator('svg').first().waitFor();
    expect(await historyShown(page, caption)).toEqual(await expectedHistory(page, history));
    await expectNoAxeViolations(page, `/evaluation-history/${wanted.collaborator_id}`);
    await page.getByRole('link', { name: `Ver reporte de ${latest.evaluation_name}` }).click();
    await page.waitForURL(`**/report-detail/${latest.evaluation_id}/${wanted.collaborator_id}`);
    await page.getByRole('heading', { level: 1, name: 'Detalle del Reporte' }).waitFor();

    // A collaborator without results: the empty state.
    const everyone = wholeList(await call(page, userEndpoints.list));
    const ids = new Set(withHistory.map((c) => c.collaborator_id));
    const without = everyone.find((u) => u.role === 'colaborador' && !ids.has(u.id))!;
    expect(without).toBeDefined();
    await page.goto(`/evaluation-history/${without.id}`);
    await page.getByText('Este colaborador no tiene historial de evaluaciones.').waitFor();
    await expectNoAxeViolations(page, '/evaluation-history sin historial');

    // A failed load: the screen's message.
    await page.route('**/api/users/evaluation-history/**', (route) =>
      route.fulfill({ status: 500, json: { error: 'Error interno.', code: 'INTERNAL' } }),
    );
    await page.goto(`/evaluation-history/${wanted.collaborator_id}`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'No se pudo obtener el historial de evaluaciones.' })
      .waitFor();
    await expectNoAxeViolations(page, '/evaluation-history con error');
    await page.unroute('**/api/users/evaluation-history/**');

    expect(pageProblems(page).filter((p) => !/status of 500/.test(p))).toEqual([]);
    await context.close();
  });

  it("shows the demo collaborator's latest result and own history under 'Mi Historial de Evaluaciones'", async () => {
    const { context, page } = await app.signIn('colaborador', '/home');
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Mi Historial de Evaluaciones' })
      .click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { level: 2, name: 'Mi Historial de Evaluaciones' }).waitFor();

    const me = await call(page, authEndpoints.me);
    const latestRes = await answerOf(page, resultEndpoints.latest, { params: { userId: me.id } });
    const history = await call(page, historyEndpoints.ofUser, { params: { userId: me.id } });
    const card = page.getByRole('heading', { level: 3, name: 'Último resultado' }).locator('..');
    if (latestRes.ok) {
      const latest = latestRes.body;
      await card.getByText(latest.evaluation_name, { exact: true }).waitFor();
      await card.getByText(await percentIn(page, latest.overall_percentage), { exact: true }).waitFor();
    } else {
      expect(latestRes.status).toBe(404);
      await card.getByText('No se encontró ninguna evaluación reciente.').waitFor();
    }

    if (history.length > 0) {
      await page.getByRole('img', { name: await trendSummary(page, history), exact: true }).waitFor();
      expect(await historyShown(page, 'Mis evaluaciones')).toEqual(await expectedHistory(page, history));
      await expectNoAxeViolations(page, '/profile con historial');
      const latest = history[0]!;
      await page.getByRole('link', { name: `Ver reporte de ${latest.evaluation_name}` }).click();
      await page.waitForURL(`**/report/${latest.evaluation_id}/${me.id}`);
      await page.getByRole('heading', { level: 1, name: 'Reporte' }).waitFor();
    } else {
      await page.getByText('Aún no tienes evaluaciones registradas.').waitFor();
      await expectNoAxeViolations(page, '/profile sin historial');
    }

    expect(pageProblems(page).filter((p) => !/status of 404/.test(p))).toEqual([]);
    await context.close();
  });

  it('shows the no-result message to a user without results (admin)', async () => {
    const { context, page } = await app.signIn('admin', '/dashboard');
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Mi Perfil' })
      .click();
    await page.waitForURL('**/profile');
    const me = await call(page, authEndpoints.me);
    await callExpecting(page, resultEndpoints.latest, { params: { userId: me.id } }, 404);
    await page.getByText('No se encontró ninguna evaluación reciente.').waitFor();
    await page.getByText('Aún no tienes evaluaciones registradas.').waitFor();
    await expectNoAxeViolations(page, '/profile sin resultados');
    expect(pageProblems(page).filter((p) => !/status of 404/.test(p))).toEqual([]);
    await context.close();
  });
});
