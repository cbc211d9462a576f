// @vitest-environment jsdom
import {
  ERROR_CODES,
  historyEndpoints,
  profileEndpoints,
  resultEndpoints,
  userEndpoints,
  v2ResultEndpoints,
  type EvaluationHistoryRow,
  type HistoryCollaborator,
} from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatPercent } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { userRow } from '../../test-support/fixtures';
import { findRow, meAs, renderRoute, renderScreen } from '../../test-support/render';
import HistoryPage from './HistoryPage';
import { trendSummary } from './TrendChart';

const t = messages.history;
/** The server's sentence for an unknown person (apps/server users service). */
const USER_NOT_FOUND = 'El usuario no existe.';

function person(extra: Partial<HistoryCollaborator> = {}): HistoryCollaborator {
  return {
    collaborator_id: 20,
    collaborator_name: 'Luis Gómez',
    position: 'Analista',
    department: null,
    evaluations_count: 2,
    ...extra,
  };
}

function evaluation(extra: Partial<EvaluationHistoryRow> = {}): EvaluationHistoryRow {
  return {
    evaluation_id: 9,
    evaluation_name: 'Anual 2025',
    period: '2025',
    overall_percentage: 82.5,
    competencies_percentage: 80,
    objectives_percentage: null,
    evaluators_count: 2,
    created_at: '2025-03-01T12:00:00.000Z',
    ...extra,
  };
}

/** Newest first, as the server sends them. */
const luisHistory = [
  evaluation(),
  evaluation({ evaluation_id: 4, evaluation_name: 'Anual 2024', period: '2024', overall_percentage: 70 }),
];

/** The people with results, searched as the server does; each person's history by id. */
function historyApi(
  people: HistoryCollaborator[] = [person(), person({ collaborator_id: 21, collaborator_name: 'Eva Ruiz' })],
) {
  return new FakeApi()
    .on(historyEndpoints.collaborators, ({ query }) => {
      const q = String(query?.q ?? '').toLowerCase();
      const rows = people.filter((p) => p.collaborator_name.toLowerCase().includes(q));
      return { rows, total: rows.length, page: Number(query?.page ?? 1), pageSize: 10 };
    })
    .on(historyEndpoints.ofUser, ({ params }) => (Number(params.userId) === 20 ? luisHistory : []));
}

describe('Historial de Evaluaciones: the list', () => {
  it('asks to pick someone, then shows their evaluations with links to each report', async () => {
    const api = historyApi();
    const { user } = renderScreen(<HistoryPage />, { api });
    expect(await screen.findByText(t.pickCollaborator)).toBeTruthy();
    expect(api.calls(historyEndpoints.ofUser)).toEqual([]);

    const choose = await screen.findByRole('button', { name: 'Ver historial de Luis Gómez' });
    expect(choose.getAttribute('aria-pressed')).toBe('false');
    await user.click(choose);
    expect(screen.getByRole('heading', { name: 'Historial de Luis Gómez' })).toBeTruthy();
    expect(choose.getAttribute('aria-pressed')).toBe('true');
    expect(
      screen.getByRole('link', { name: 'Ver historial completo y evolución' }).getAttribute('href'),
    ).toBe('/evaluation-history/20');
    const latest = await findRow('Anual 2025');
    expect(within(latest).getByText(formatPercent(82.5))).toBeTruthy();
    expect(within(latest).getByText('—')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver reporte de Anual 2024' }).getAttribute('href')).toBe(
      '/report-detail/4/20',
    );
    expect(screen.queryByText(t.pickCollaborator)).toBeNull();
    expect(api.calls(historyEndpoints.ofUser)).toEqual([{ params: { userId: 20 } }]);
  });

  it('says a person has no evaluations registered', async () => {
    const { user } = renderScreen(<HistoryPage />, { api: historyApi() });
    await user.click(await screen.findByRole('button', { name: 'Ver historial de Eva Ruiz' }));
    expect(await screen.findByText(t.noEvaluations)).toBeTruthy();
  });

  it('gives the server’s sentence when the person no longer exists', async () => {
    const api = historyApi().on(historyEndpoints.ofUser, () => {
      throw serverError(404, ERROR_CODES.notFound, USER_NOT_FOUND);
    });
    const { user } = renderScreen(<HistoryPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Ver historial de Eva Ruiz' }));
    expect((await screen.findByRole('alert')).textContent).toBe(USER_NOT_FOUND);
  });

  it('says nobody has results yet, and that a search found nobody', async () => {
    const api = historyApi([]);
    const { user } = renderScreen(<HistoryPage />, { api });
    expect(await screen.findByText(t.listEmpty)).toBeTruthy();
    await user.click(screen.getByRole('textbox', { name: 'Buscar colaborador' }));
    await user.paste('zzz');
    expect(await screen.findByText(t.noResults('zzz'))).toBeTruthy();
    expect(api.calls(historyEndpoints.collaborators).at(-1)).toEqual({
      query: { page: 1, pageSize: 10, q: 'zzz' },
    });
  });
});

describe('Historial de un colaborador', () => {
  it('shows who it is and the trend, oldest first', async () => {
    const api = historyApi().on(
      userEndpoints.get,
      userRow({ id: 20, name: 'Luis Gómez', position: 'Analista', department: 'Finanzas' }),
    );
    renderRoute('/evaluation-history/20', { api });
    expect(await screen.findByText('Analista · Finanzas')).toBeTruthy();
    expect(await screen.findByRole('img', { name: trendSummary([...luisHistory].reverse()) })).toBeTruthy();
    expect(screen.getByText(t.trendCaption)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver reporte de Anual 2025' }).getAttribute('href')).toBe(
      '/report-detail/9/20',
    );
  });

  it('says there is no evolution yet with one evaluation', async () => {
    const api = historyApi()
      .on(userEndpoints.get, userRow({ id: 20, name: 'Luis Gómez' }))
      .on(historyEndpoints.ofUser, [evaluation()]);
    renderRoute('/evaluation-history/20', { api });
    expect(await screen.findByText(t.trendSingle)).toBeTruthy();
    expect(screen.queryByText(t.trendCaption)).toBeNull();
  });

  it('says the page does not exist for an address without a valid id, and asks nothing', async () => {
    const api = historyApi();
    renderRoute('/evaluation-history/abc', { api });
    expect(await screen.findByText(messages.notFound)).toBeTruthy();
    expect(api.log).toEqual([]);
  });
});

describe('Mi Historial (Mi Perfil)', () => {
  it('shows one’s latest result and links one’s evaluations to one’s own report', async () => {
    const api = new FakeApi()
      .on(profileEndpoints.get, { name: 'Ana Pérez', email: null, department: null, position: null })
      .on(resultEndpoints.latest, {
        evaluation_id: 9,
        evaluation_name: 'Anual 2025',
        overall_percentage: 82.5,
        created_at: '2025-03-01T12:00:00.000Z',
      })
      .on(historyEndpoints.ofUser, luisHistory)
      .on(v2ResultEndpoints.mine, { rows: [] });
    renderRoute('/profile', { api, me: meAs('colaborador', { id: 20 }) });
    const card = (await screen.findByRole('heading', { name: 'Último resultado' })).parentElement!;
    expect(await within(card).findByText(formatPercent(82.5))).toBeTruthy();
    expect(
      (await screen.findByRole('link', { name: 'Ver reporte de Anual 2024' })).getAttribute('href'),
    ).toBe('/report/4/20');
    expect(api.calls(resultEndpoints.latest)).toEqual([{ params: { userId: 20 } }]);
  });

  it('says one’s latest result could not load', async () => {
    const api = new FakeApi()
      .on(profileEndpoints.get, { name: 'Ana Pérez', email: null, department: null, position: null })
      .on(resultEndpoints.latest, () => {
        throw serverError(500, ERROR_CODES.internal, 'Error interno del servidor.');
      })
      .on(historyEndpoints.ofUser, [])
      .on(v2ResultEndpoints.mine, { rows: [] });
    renderRoute('/profile', { api, me: meAs('colaborador', { id: 20 }) });
    expect(await screen.findByText(t.latestError)).toBeTruthy();
    expect(await screen.findByText(t.myEmpty)).toBeTruthy();
  });
});
