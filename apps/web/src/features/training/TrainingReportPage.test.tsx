// @vitest-environment jsdom
import {
  ERROR_CODES,
  trainingEndpoints,
  type TrainingReport,
  type TrainingReportEntry,
} from '@evalua/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../i18n/messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { meAs, renderRoute, renderScreen } from '../../test-support/render';
import { trainingCountText } from './count';
import TrainingReportPage from './TrainingReportPage';

const t = messages.training;

/** The names of the files the screen saved (jsdom neither makes object URLs nor downloads). */
const saved: string[] = [];
beforeAll(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:fake' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

function entry(extra: Partial<TrainingReportEntry> = {}): TrainingReportEntry {
  return {
    collaborator_id: 20,
    collaborator_name: 'Luis Gómez',
    evaluation_id: 9,
    evaluation_name: 'Anual 2025',
    comments: 'Curso de Excel',
    ...extra,
  };
}

const report: TrainingReport = {
  'Carlos Díaz': [
    entry(),
    entry({ evaluation_id: 4, evaluation_name: 'Anual 2024', comments: '' }),
    entry({ collaborator_id: 21, collaborator_name: 'Eva Ruiz', comments: 'Liderazgo' }),
  ],
  'Marta Luna': [entry({ collaborator_id: 22, collaborator_name: 'Iván Soto', comments: 'Ventas' })],
};

function trainingApi(answer: TrainingReport = report) {
  return new FakeApi()
    .on(trainingEndpoints.report, answer)
    .onFile(trainingEndpoints.export, { blob: new Blob(['hoja']), disposition: null });
}

const group = (evaluator: string) => screen.getByRole('region', { name: evaluator });

describe('Reporte de Capacitación: the groups', () => {
  it('groups by evaluator, counting people once and the evaluations apart', async () => {
    renderScreen(<TrainingReportPage />, { api: trainingApi() });
    await screen.findByRole('region', { name: 'Carlos Díaz' });
    expect(within(group('Carlos Díaz')).getByText(trainingCountText(report['Carlos Díaz']!))).toBeTruthy();
    expect(
      within(group('Carlos Díaz')).getByText('2 colaboradores requieren capacitación (en 3 evaluaciones)'),
    ).toBeTruthy();
    expect(within(group('Marta Luna')).getByText('1 colaborador requiere capacitación')).toBeTruthy();
    const withoutComment = within(group('Carlos Díaz'))
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('Anual 2024'))!;
    expect(within(withoutComment).getByText('—')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Ver reporte de Eva Ruiz, Anual 2025' }).getAttribute('href'),
    ).toBe('/report/9/21');
  });

  it('keeps a whole group whose evaluator matches, only the matching people of the others', async () => {
    const { user } = renderScreen(<TrainingReportPage />, { api: trainingApi() });
    await screen.findByRole('region', { name: 'Carlos Díaz' });
    const search = screen.getByRole('textbox', { name: 'Buscar evaluador o colaborador' });
    await user.click(search);
    await user.paste('ruiz');
    // Only «Eva Ruiz» matches: Carlos's group keeps her alone; Marta's, with nobody left, goes.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Marta Luna' })).toBeNull());
    expect(within(group('Carlos Díaz')).queryByText('Luis Gómez')).toBeNull();
    expect(within(group('Carlos Díaz')).getByText('Eva Ruiz')).toBeTruthy();
    expect(within(group('Carlos Díaz')).getByText('1 colaborador requiere capacitación')).toBeTruthy();

    // The evaluator's own name matches: the whole group stays.
    await user.clear(search);
    await user.paste('luna');
    expect(await screen.findByRole('region', { name: 'Marta Luna' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Carlos Díaz' })).toBeNull());
    expect(within(group('Marta Luna')).getByText('Iván Soto')).toBeTruthy();

    await user.clear(search);
    await user.paste('nadie');
    expect(await screen.findByText(t.noMatches('nadie'))).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('shows five evaluators a page', async () => {
    const many: TrainingReport = Object.fromEntries(
      Array.from({ length: 6 }, (_, i) => [`Evaluador ${i + 1}`, [entry({ collaborator_id: 30 + i })]]),
    );
    const { user } = renderScreen(<TrainingReportPage />, { api: trainingApi(many) });
    await screen.findByRole('region', { name: 'Evaluador 1' });
    expect(screen.getAllByRole('region')).toHaveLength(5);
    expect(screen.queryByRole('region', { name: 'Evaluador 6' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByRole('region', { name: 'Evaluador 6' })).toBeTruthy();
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });
});

describe('Reporte de Capacitación: empty, failing and the spreadsheet', () => {
  it('says nobody needs training, and downloads nothing then', async () => {
    const api = trainingApi({});
    const { user } = renderScreen(<TrainingReportPage />, { api });
    expect(await screen.findByText(t.empty)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.reports.nothingToDownload);
    expect(api.calls(trainingEndpoints.export)).toEqual([]);
  });

  it('downloads the whole report, whatever the search', async () => {
    saved.length = 0;
    const api = trainingApi();
    const { user } = renderScreen(<TrainingReportPage />, { api });
    await screen.findByRole('region', { name: 'Carlos Díaz' });
    await user.click(screen.getByRole('textbox', { name: 'Buscar evaluador o colaborador' }));
    await user.paste('ivan');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Carlos Díaz' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Exportar Excel' }));
    await vi.waitFor(() => expect(saved).toEqual(['capacitacion.xlsx']));
    expect(api.calls(trainingEndpoints.export)).toEqual([{ query: { format: 'xlsx' } }]);
  });

  it('says the report could not load', async () => {
    const api = new FakeApi().on(trainingEndpoints.report, () => {
      throw serverError(500, ERROR_CODES.internal, 'Error interno del servidor.');
    });
    renderScreen(<TrainingReportPage />, { api });
    expect(await screen.findByText(t.loadError)).toBeTruthy();
  });

  it('is denied to a collaborator', async () => {
    const api = trainingApi();
    renderRoute('/training-report', { api, me: meAs('colaborador') });
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeTruthy();
    expect(api.log).toEqual([]);
  });
});
