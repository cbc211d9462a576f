import fs from 'node:fs';
import { v2EvaluationEndpoints, v2InsightEndpoints, type V2InsightCell } from '@evalua/contracts';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';
import { saveDownload } from './support/download';
import { expectNoHorizontalOverflow, PHONE } from './support/layout';

const NOT_RELEASED_TITLE = 'Resultados aún no publicados';

/** es-DO, 2 decimals: what the screens show. */
const two = (v: number) =>
  new Intl.NumberFormat('es-DO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
const pct = (v: number) => `${two(v)} %`;

/** A heatmap cell as its text reads (screen-reader text included, as innerText gives it). */
function cellText(c: V2InsightCell): string {
  if (c.state === 'withheld') return 'Oculto';
  if (c.value === null) return '—';
  return `${pct(c.value)}${c.flagged ? ' *' : ''}`;
}

/** The visible text of the first cells of each body row of a table (row header, department, figures). */
function bodyRows(page: Page, name: string, cells: number): Promise<string[][]> {
  return page
    .getByRole('table', { name, exact: true })
    .locator('tbody tr')
    .evaluateAll(
      (trs, n) =>
        trs.map((tr) =>
          Array.from(tr.querySelectorAll('th, td'))
            .slice(0, n)
            .map((c) => {
              // Only what is seen: screen-reader-only text (1 px, absolutely placed) is left out.
              const seen = (node: Node): string => {
                if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
                if (!(node instanceof HTMLElement)) return '';
                const box = node.getBoundingClientRect();
                if (getComputedStyle(node).position === 'absolute' && box.width <= 1) return '';
                return Array.from(node.childNodes, seen).join('');
              };
              return seen(c).replace(/\s+/g, ' ').trim();
            }),
        ),
      cells,
    );
}

describeInChromium('Análisis 360 in Chromium', () => {
  const app = useDemoApp();

  it('shows HR the progress only while the demo 360 is open, then the analysis once closed', async () => {
    const hr = await app.signIn('gestionhumana', '/home');
    const { page } = hr;
    const list = await call(page, v2EvaluationEndpoints.list);
    // The demo has one 360, open (decision 023): HR sees its progress only.
    const evaluation = list.rows.find((e) => e.status === 'open')!;
    expect(evaluation).toBeDefined();
    await page.goto(`/evaluations-v2/${evaluation.id}/results`);
    await page.getByRole('link', { name: 'Análisis 360' }).click();
    await page.waitForURL(`**/evaluations-v2/${evaluation.id}/insight`);
    await page.getByRole('heading', { level: 1, name: 'Análisis 360' }).waitFor();
    await page.getByRole('status').filter({ hasText: NOT_RELEASED_TITLE }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Exportar a Excel' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'análisis 360 sin publicar');

    // The demo has no closed 360 with answers: an administrator closes it, as the results e2e does.
    const admin = await app.signIn('admin', '/dashboard');
    await call(admin.page, v2EvaluationEndpoints.update, {
      params: { id: evaluation.id },
      body: { status: 'closed' },
    });
    await admin.context.close();

    await page.reload();
    const insight = await call(page, v2InsightEndpoints.insight, { params: { id: evaluation.id } });
    expect(insight.released).toBe(true);
    expect(insight.people.length).toBeGreaterThan(0);
    const sections = 'Mapa de calor por sección';
    await page.getByRole('table', { name: sections }).waitFor();
    // Every person's row reads as the API says, then the department rows and the overall row.
    const rows = await bodyRows(page, sections, 5);
    expect(rows.slice(0, insight.people.length)).toEqual(
      insight.people.map((p) => [
        p.name,
        p.department ?? 'Sin departamento',
        cellText(p.competencies),
        cellText(p.objectives),
        cellText(p.overall),
      ]),
    );
    expect(rows.at(-1)![0]).toBe('Promedio general');
    expect(rows.at(-1)![4]).toBe(
      insight.average!.overall.value === null ? '—' : pct(insight.average!.overall.value),
    );
    // A hidden group's figure never reaches HR: at least one withheld cell here (the maths teacher's peers).
    expect(insight.people.some((p) => p.overall.state === 'withheld')).toBe(true);
    // The heatmap scrolls inside its own region, which the keyboard reaches.
    const region = page.getByRole('region', { name: `Tabla desplazable: ${sections}` });
    await region.waitFor();
    expect(await region.getAttribute('tabindex')).toBe('0');

    // Blind spots: the first person with gaps, their table as the API says.
    const withGaps = insight.gaps.find((g) => g.blind_spots.length + g.hidden_strengths.length > 0)!;
    expect(withGaps).toBeDefined();
    const gapsTable = page.getByRole('table', {
      name: `Puntos ciegos y fortalezas ocultas de ${withGaps.name}`,
    });
    await gapsTable.waitFor();
    const gapRows = await bodyRows(page, `Puntos ciegos y fortalezas ocultas de ${withGaps.name}`, 3);
    expect(gapRows.map((r) => [r[1], r[2]])).toEqual([
      ...withGaps.blind_spots.map((g) => [g.question_text, 'Punto ciego']),
      ...withGaps.hidden_strengths.map((g) => [g.question_text, 'Fortaleza oculta']),
    ]);
    await expectNoAxeViolations(page, 'análisis 360 (gestión humana, 1366 px)');
    await expectNoHorizontalOverflow(page, 'análisis 360 (1366 px)');

    // 'Exportar a Excel': a workbook with one sheet per view and the same figures.
    const xlsx = await saveDownload(page, () =>
      page.getByRole('button', { name: 'Exportar a Excel' }).click(),
    );
    expect(xlsx.name).toMatch(/^analisis-360-.*\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(fs.readFileSync(xlsx.file) as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Avance',
      'Mapa de calor',
      'Puntos ciegos',
      'Comparación',
      'Distribución',
    ]);
    const heat = book.getWorksheet('Mapa de calor')!.getSheetValues() as unknown[][];
    insight.people.forEach((p, i) => {
      expect(heat[i + 2]![1]).toBe(p.name);
      expect(heat[i + 2]![5]).toBe(
        p.overall.state === 'withheld' ? 'No se muestra (anonimato)' : p.overall.value,
      );
    });
    expect(pageProblems(page)).toEqual([]);
    await hr.context.close();

    // A 375 px phone: the page never scrolls sideways (the heatmaps scroll inside their regions).
    const phone = await app.signIn('gestionhumana', '/home', PHONE);
    await phone.page.goto(`/evaluations-v2/${evaluation.id}/insight`);
    await phone.page.getByRole('region', { name: `Tabla desplazable: ${sections}` }).waitFor();
    await phone.page.getByRole('heading', { name: 'Distribución por relación' }).waitFor();
    await expectNoHorizontalOverflow(phone.page, 'análisis 360 (375 px)');
    await expectNoAxeViolations(phone.page, 'análisis 360 (gestión humana, 375 px)');
    expect(pageProblems(phone.page)).toEqual([]);
    await phone.context.close();
  });
});
