// @vitest-environment jsdom
import {
  ERROR_CODES,
  FIRST_STEPS,
  SCORE_BANDS,
  dashboardEndpoints,
  homeEndpoints,
  type DashboardMetrics,
  type FirstSteps,
} from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatPercent } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { meAs, renderRoute, renderScreen } from '../../test-support/render';
import DashboardPage from './DashboardPage';
import { distributionSummary } from './ScoreDistributionChart';

const t = messages.dashboard;

const ALL_DONE = Object.fromEntries(FIRST_STEPS.map((s) => [s, true])) as FirstSteps;

/** A school past its first run, unless `steps` says otherwise. */
function dashboardApi(steps: FirstSteps = ALL_DONE) {
  return new FakeApi().on(homeEndpoints.firstSteps, steps);
}

const bands = (counts: number[]) => SCORE_BANDS.map((b, i) => ({ ...b, count: counts[i] ?? 0 }));

function metrics(extra: Partial<DashboardMetrics> = {}): DashboardMetrics {
  return {
    overall_average: 77.24,
    total_active_collaborators: 12,
    total_active_evaluators: 3,
    total_needing_training: 4,
    total_completed_evaluations: 9,
    evaluation_progress: [
      { evaluator_id: 1, evaluator_name: 'Zoe Alba', assigned: 4, evaluated: 1 },
      { evaluator_id: 2, evaluator_name: 'José Núñez', assigned: 2, evaluated: 2 },
      // More evaluated than assigned (someone removed an assignment): shown as 3/3.
      { evaluator_id: 3, evaluator_name: 'Ana Beltrán', assigned: 3, evaluated: 5 },
      { evaluator_id: 4, evaluator_name: 'Berta Cruz', assigned: 6, evaluated: 3 },
    ],
    score_distribution: bands([1, 0, 3, 2, 0]),
    overdue_v1_pending: 3,
    overdue_v2_pending: 2,
    ...extra,
  };
}

/** The value shown under a card's label. */
const card = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

const shownOrder = () =>
  within(screen.getByRole('list', { name: 'Evaluadores' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('[data-field="name"]')?.textContent);

describe('Dashboard: the figures', () => {
  it('shows the average with one decimal, the counts, and the V1 and 360 overdue work together', async () => {
    renderScreen(<DashboardPage />, { api: dashboardApi().on(dashboardEndpoints.metrics, metrics()) });
    await screen.findByText('Promedio general');
    expect(card('Promedio general')).toBe(formatPercent(77.2, 1));
    expect(card('Colaboradores activos')).toBe('12');
    expect(card('Necesitan capacitación')).toBe('4');
    expect(card('Pendientes vencidas')).toBe('5');
  });

  it('shows a whole average without decimals', async () => {
    renderScreen(<DashboardPage />, {
      api: dashboardApi().on(dashboardEndpoints.metrics, metrics({ overall_average: 80.01 })),
    });
    await screen.findByText('Promedio general');
    expect(card('Promedio general')).toBe(formatPercent(80, 0));
  });

  it('describes the distribution in words, or says there are no results yet', async () => {
    const api = dashboardApi().on(dashboardEndpoints.metrics, metrics());
    const { user } = renderScreen(<DashboardPage />, { api });
    const summary = distributionSummary(bands([1, 0, 3, 2, 0]));
    expect(await screen.findByRole('img', { name: summary })).toBeTruthy();
    expect(screen.queryByText(t.noResults)).toBeNull();

    api.on(dashboardEndpoints.metrics, metrics({ score_distribution: bands([]) }));
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText(t.noResults)).toBeTruthy();
    expect(screen.queryByRole('img', { name: summary })).toBeNull();
    expect(api.calls(dashboardEndpoints.metrics)).toHaveLength(2);
  });
});

describe('Dashboard: progress per evaluator', () => {
  it('sorts by progress first, then by name or by assigned, and never shows more evaluated than assigned', async () => {
    const { user } = renderScreen(<DashboardPage />, {
      api: dashboardApi().on(dashboardEndpoints.metrics, metrics()),
    });
    await screen.findByRole('list', { name: 'Evaluadores' });
    expect(shownOrder()).toEqual(['Ana Beltrán', 'José Núñez', 'Berta Cruz', 'Zoe Alba']);
    const ana = screen.getAllByRole('listitem').find((li) => li.textContent?.includes('Ana Beltrán'))!;
    expect(within(ana).getByText('3/3 evaluados')).toBeTruthy();
    const zoe = screen.getAllByRole('listitem').find((li) => li.textContent?.includes('Zoe Alba'))!;
    expect(zoe.querySelector('[data-field="percent"]')?.textContent).toBe(formatPercent(25, 0));
    expect(
      screen.getByRole('progressbar', { name: 'Progreso de Zoe Alba' }).getAttribute('aria-valuenow'),
    ).toBe('25');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'Nombre');
    expect(shownOrder()).toEqual(['Ana Beltrán', 'Berta Cruz', 'José Núñez', 'Zoe Alba']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'Asignados');
    expect(shownOrder()).toEqual(['Berta Cruz', 'Zoe Alba', 'Ana Beltrán', 'José Núñez']);
  });

  it('finds an evaluator without minding accents, and says when nobody matches', async () => {
    const { user } = renderScreen(<DashboardPage />, {
      api: dashboardApi().on(dashboardEndpoints.metrics, metrics()),
    });
    const search = await screen.findByRole('textbox', { name: 'Buscar evaluador' });
    await user.type(search, 'jose nu');
    expect((search as HTMLInputElement).value).toBe('jose nu');
    expect(shownOrder()).toEqual(['José Núñez']);
    await user.type(search, 'x');
    expect(screen.getByText(t.noMatches('jose nux'))).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Evaluadores' })).toBeNull();
  });

  it('says there are no active evaluators', async () => {
    renderScreen(<DashboardPage />, {
      api: dashboardApi().on(dashboardEndpoints.metrics, metrics({ evaluation_progress: [] })),
    });
    expect(await screen.findByText(t.noEvaluators)).toBeTruthy();
  });
});

describe('Dashboard: loading', () => {
  it('says the figures could not load, and reads them again on Reintentar', async () => {
    let fail = true;
    const api = dashboardApi().on(dashboardEndpoints.metrics, () => {
      if (fail) throw serverError(500, ERROR_CODES.internal, 'Error interno del servidor.');
      return metrics();
    });
    const { user } = renderScreen(<DashboardPage />, { api });
    expect(await screen.findByText(t.loadError)).toBeTruthy();
    expect(screen.queryByText('Promedio general')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Promedio general')).toBeTruthy();
    expect(screen.queryByText(t.loadError)).toBeNull();
    expect(api.calls(dashboardEndpoints.metrics)).toHaveLength(2);
  });

  it('is denied to an evaluator', async () => {
    const api = dashboardApi().on(dashboardEndpoints.metrics, metrics());
    renderRoute('/dashboard', { api, me: meAs('evaluador') });
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeTruthy();
    expect(api.log).toEqual([]);
  });

  it('guides a new school through its first steps in order, each ticked by the server, until hidden', async () => {
    const steps = { ...ALL_DONE, staff: false, assignments: false, open: false };
    const api = dashboardApi(steps).on(dashboardEndpoints.metrics, metrics());
    const { user } = renderScreen(<DashboardPage />, { api });
    const guide = await screen.findByRole('region', { name: t.firstSteps.title });
    const items = within(guide).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual([
      'Categorías',
      'Banco de preguntas',
      'Evaluación',
      'Personal',
      'Asignaciones',
      'Abrir la evaluación',
    ]);
    expect(items.map((li) => within(li).queryByText(t.firstSteps.done) !== null)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    // The next step is marked and links where it is done.
    expect(within(items[3]!).getByText(t.firstSteps.next)).toBeTruthy();
    expect(within(items[3]!).getByRole('link')).toHaveProperty('pathname', '/users');
    expect(within(guide).getByText(t.firstSteps.intro(3, 6))).toBeTruthy();
    await user.click(within(guide).getByRole('button', { name: t.firstSteps.hide }));
    expect(screen.queryByRole('region', { name: t.firstSteps.title })).toBeNull();
    window.localStorage.removeItem('evalua.first-steps.hidden');
  });

  it('shows no guide once every step is done', async () => {
    const api = dashboardApi().on(dashboardEndpoints.metrics, metrics());
    renderScreen(<DashboardPage />, { api });
    await screen.findByRole('list', { name: 'Evaluadores' });
    // The steps were read, and with five of six done the guide shows: with six, it does not.
    await expect.poll(() => api.calls(homeEndpoints.firstSteps).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: t.firstSteps.title })).toBeNull();
  });
});
