// @vitest-environment jsdom
import { ERROR_CODES, reportEndpoints, type ReportRow } from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { formatPercent } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { findRow, meAs, renderRoute, renderScreen } from '../../test-support/render';
import ReportsPage from './ReportsPage';

const t = messages.reports;

/** The names of the files the screen saved (jsdom neither makes object URLs nor downloads). */
const saved: string[] = [];
beforeAll(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:fake' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

function row(extra: Partial<ReportRow> = {}): ReportRow {
  return {
    evaluation_id: 7,
    evaluation_name: 'Anual',
    period: '2025',
    user_id: 20,
    user_name: 'Luis Gómez',
    department: null,
    position: 'Analista',
    overall_percentage: 87.5,
    ...extra,
  };
}

const rows = [row(), row({ user_id: 21, user_name: 'Eva Ruiz', overall_percentage: 62.25 })];

/** The list as the server searches and pages it. */
function reportsApi(all: ReportRow[] = rows) {
  return new FakeApi()
    .on(reportEndpoints.list, ({ query }) => {
      const q = String(query?.q ?? '').toLowerCase();
      const found = all.filter((r) => r.user_name.toLowerCase().includes(q));
      return { rows: found, total: found.length, page: Number(query?.page ?? 1), pageSize: 10 };
    })
    .onFile(reportEndpoints.export, {
      blob: new Blob(['hoja']),
      disposition: 'attachment; filename="reportes-2025.xlsx"',
    });
}

describe('Reportes: the list', () => {
  it('shows each evaluated person’s result and links to the full report', async () => {
    renderScreen(<ReportsPage />, { api: reportsApi(), title: 'Reportes' });
    const luis = await findRow('Luis Gómez');
    expect(within(luis).getByText(formatPercent(87.5))).toBeTruthy();
    expect(within(luis).getByText('—')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Ver reporte de Eva Ruiz, Anual 2025' }).getAttribute('href'),
    ).toBe('/report/7/21');
  });

  it('searches on the server', async () => {
    const api = reportsApi();
    const { user } = renderScreen(<ReportsPage />, { api });
    await findRow('Luis Gómez');
    await user.click(screen.getByRole('textbox', { name: 'Buscar colaborador' }));
    await user.paste('eva');
    await screen.findByText('Mostrando 1–1 de 1');
    expect(screen.queryByText('Luis Gómez')).toBeNull();
    expect(api.calls(reportEndpoints.list).at(-1)).toEqual({ query: { page: 1, pageSize: 10, q: 'eva' } });
  });

  it('says nobody is evaluated, and downloads nothing then', async () => {
    const api = reportsApi([]);
    const { user } = renderScreen(<ReportsPage />, { api });
    expect(await screen.findByText(t.noneEvaluated)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Exportar Excel' }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.nothingToDownload);
    expect(api.calls(reportEndpoints.export)).toEqual([]);
  });

  it('says when the list cannot load', async () => {
    const api = new FakeApi().on(reportEndpoints.list, () => {
      throw serverError(500, ERROR_CODES.internal, 'Error interno del servidor.');
    });
    renderScreen(<ReportsPage />, { api });
    expect(await screen.findByText(t.listLoadError)).toBeTruthy();
  });
});

describe('Reportes: the spreadsheet', () => {
  it('downloads the list as searched, under the server’s file name', async () => {
    saved.length = 0;
    const api = reportsApi();
    const { user } = renderScreen(<ReportsPage />, { api });
    await findRow('Luis Gómez');
    await user.click(screen.getByRole('textbox', { name: 'Buscar colaborador' }));
    await user.paste('luis');
    await screen.findByText('Mostrando 1–1 de 1');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await vi.waitFor(() => expect(saved).toEqual(['reportes-2025.xlsx']));
    expect(api.calls(reportEndpoints.export)).toEqual([{ query: { format: 'csv', q: 'luis' } }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is denied to an evaluator', async () => {
    const api = reportsApi();
    renderRoute('/reports', { api, me: meAs('evaluador') });
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeTruthy();
    expect(api.log).toEqual([]);
  });
});
