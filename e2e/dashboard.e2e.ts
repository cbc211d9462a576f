import { dashboardEndpoints, progressPercent } from '@evalua/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';

/** es-DO numbers as the browser formats them (the page uses the same Intl). */
function formatIn(page: Page, value: number, decimals: number): Promise<string> {
  return page.evaluate(
    ([v, d]) =>
      new Intl.NumberFormat('es-DO', { minimumFractionDigits: d, maximumFractionDigits: d }).format(v),
    [value, decimals] as const,
  );
}

/** SPEC §9: one decimal only when the average is fractional. */
async function expectedAverage(page: Page, value: number): Promise<string> {
  const tenths = Math.round(value * 10);
  return `${await formatIn(page, tenths / 10, tenths % 10 === 0 ? 0 : 1)} %`;
}

function card(page: Page, label: string) {
  return page.locator('dl', { has: page.locator('dt', { hasText: label }) }).locator('dd');
}

function shownEvaluators(page: Page): Promise<string[]> {
  return page.getByTestId('evaluator-progress').locator('[data-field="name"]').allTextContents();
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'es-DO');

describeInChromium('Dashboard in Chromium', () => {
  const app = useDemoApp();

  it('shows the metrics of the server, sorts and filters the progress list, refreshes and recovers', async () => {
    const { context, page } = await app.signIn('admin', '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await card(page, 'Promedio general').waitFor();

    const metrics = await call(page, dashboardEndpoints.metrics);
    expect(metrics.total_completed_evaluations).toBeGreaterThan(0);

    // The five cards, formatted es-DO.
    expect(await card(page, 'Promedio general').textContent()).toBe(
      await expectedAverage(page, metrics.overall_average),
    );
    const counts: Array<[string, number]> = [
      ['Colaboradores activos', metrics.total_active_collaborators],
      ['Evaluadores activos', metrics.total_active_evaluators],
      ['Necesitan capacitación', metrics.total_needing_training],
      ['Evaluaciones completadas', metrics.total_completed_evaluations],
    ];
    for (const [label, value] of counts) {
      expect(await card(page, label).textContent(), label).toBe(await formatIn(page, value, 0));
    }

    // The progress list: default order is % Progreso (highest first, ties by name).
    const rows = metrics.evaluation_progress.map((p) => ({
      name: p.evaluator_name,
      assigned: p.assigned,
      evaluated: p.evaluated,
      percent: progressPercent(p.assigned, p.evaluated),
    }));
    expect(rows.length).toBeGreaterThan(1);
    const sortSelect = page.getByLabel('Ordenar por');
    expect(await sortSelect.inputValue()).toBe('progress');
    const byProgress = [...rows].sort((a, b) => b.percent - a.percent || byName(a, b));
    await expect.poll(() => shownEvaluators(page)).toEqual(byProgress.map((r) => r.name));
    const first = page.getByTestId('evaluator-progress').first();
    expect(await first.locator('[data-field="counts"]').textContent()).toBe(
      `${byProgress[0]!.evaluated}/${byProgress[0]!.assigned} evaluados`,
    );
    expect(await first.locator('[data-field="percent"]').textContent()).toBe(`${byProgress[0]!.percent} %`);
    expect(
      await first
        .getByRole('progressbar', { name: `Progreso de ${byProgress[0]!.name}` })
        .getAttribute('aria-valuenow'),
    ).toBe(String(byProgress[0]!.percent));
    await expectNoAxeViolations(page, '/dashboard');

    await sortSelect.selectOption({ label: 'Nombre' });
    await expect.poll(() => shownEvaluators(page)).toEqual([...rows].sort(byName).map((r) => r.name));
    await sortSelect.selectOption({ label: 'Asignados' });
    await expect
      .poll(() => shownEvaluators(page))
      .toEqual([...rows].sort((a, b) => b.assigned - a.assigned || byName(a, b)).map((r) => r.name));
    await sortSelect.selectOption({ label: '% Progreso' });
    await expect.poll(() => shownEvaluators(page)).toEqual(byProgress.map((r) => r.name));

    // Search by name, without minding accents or case.
    const target = rows[rows.length - 1]!.name;
    const word = fold(target.split(' ').at(-1)!);
    const search = page.getByLabel('Buscar evaluador');
    await search.fill(word.toUpperCase());
    await expect
      .poll(() => shownEvaluators(page))
      .toEqual(byProgress.filter((r) => fold(r.name).includes(word)).map((r) => r.name));
    await expect.poll(() => shownEvaluators(page)).toContain(target);
    await search.fill('zzzz');
    await page.getByText('Ningún evaluador coincide con «zzzz».').waitFor();
    await expect.poll(() => shownEvaluators(page)).toEqual([]);
    await expectNoAxeViolations(page, '/dashboard sin coincidencias');
    await search.fill('');
    await expect.poll(() => shownEvaluators(page)).toEqual(byProgress.map((r) => r.name));

    // Auto-refresh: off by default, can be switched on.
    const auto = page.getByLabel('Auto-actualizar (60s)');
    expect(await auto.isChecked()).toBe(false);
    await auto.check();
    expect(await auto.isChecked()).toBe(true);
    await auto.uncheck();

    // Manual refresh asks the server again.
    const refreshed = page.waitForResponse(
      (r) => r.url().endsWith('/api/dashboard/metrics') && r.request().method() === 'GET',
    );
    await page.getByRole('button', { name: 'Actualizar' }).click();
    expect((await refreshed).status()).toBe(200);

    // The score distribution chart and its text alternative, from the server's bands.
    const bands = metrics.score_distribution;
    expect(bands.map((b) => b.label)).toEqual(['0–59', '60–69', '70–79', '80–89', '90–100']);
    const people = async (n: number) =>
      `${await formatIn(page, n, 0)} ${n === 1 ? 'colaborador' : 'colaboradores'}`;
    const parts: string[] = [];
    for (const b of bands) parts.push(`${b.label} %: ${await people(b.count)}`);
    await page.getByRole('heading', { level: 2, name: 'Distribución de resultados' }).waitFor();
    const chart = page.getByRole('img', {
      name: `Colaboradores por rango de resultado: ${parts.join('; ')}.`,
      exact: true,
    });
    await chart.waitFor();
    // The SVG is drawn once its box has been measured (a ResizeObserver turn later).
    await chart.locator('svg').first().waitFor();
    await page
      .getByText('Colaboradores por rango de resultado general en las evaluaciones en curso.')
      .waitFor();

    // A failed load: the message and Reintentar, which recovers once the server answers again.
    await page.route('**/api/dashboard/metrics', (route) =>
      route.fulfill({ status: 500, json: { error: 'Error interno.', code: 'INTERNAL' } }),
    );
    await page.reload();
    await page.getByRole('alert').filter({ hasText: 'No se pudieron cargar las métricas.' }).waitFor();
    expect(await card(page, 'Promedio general').count()).toBe(0);
    await expectNoAxeViolations(page, '/dashboard con error');
    await page.unroute('**/api/dashboard/metrics');
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await card(page, 'Promedio general').waitFor();
    await page.getByRole('alert').filter({ hasText: 'No se pudieron cargar las métricas.' }).waitFor({
      state: 'detached',
    });

    expect(pageProblems(page).filter((p) => !/status of 500/.test(p))).toEqual([]);
    await context.close();
  });
});
