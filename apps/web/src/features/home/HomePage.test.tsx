// @vitest-environment jsdom
import {
  ERROR_CODES,
  dashboardEndpoints,
  homeEndpoints,
  v2EvaluationEndpoints,
  type DashboardMetrics,
} from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDay } from '../../i18n/format';
import { homeMessages as t } from '../../i18n/home-messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { v2Evaluation } from '../../test-support/fixtures';
import { meAs, renderScreen } from '../../test-support/render';
import HomePage from './HomePage';

function metrics(progress: DashboardMetrics['evaluation_progress'] = []): DashboardMetrics {
  return {
    overall_average: 0,
    total_active_collaborators: 0,
    total_active_evaluators: 0,
    total_needing_training: 0,
    total_completed_evaluations: 0,
    evaluation_progress: progress,
    score_distribution: [],
    overdue_v1_pending: 0,
    overdue_v2_pending: 0,
  };
}

describe('Inicio', () => {
  it.each(['evaluador', 'colaborador'] as const)(
    'shows %s their own pending work, each linked to its screen, and asks for nobody else’s',
    async (role) => {
      const api = new FakeApi().on(homeEndpoints.pending, {
        v1: [{ evaluation_id: 3, evaluation_name: 'Docentes 2026', due_date: '2026-12-05', pending: 2 }],
        v2: [{ evaluation_id: 9, evaluation_name: 'Clima 360', due_date: null, pending: 1 }],
        nominations_to_make: [{ evaluation_id: 9, evaluation_name: 'Clima 360' }],
        nominations_to_approve: 3,
      });
      renderScreen(<HomePage />, { api, me: meAs(role, { name: 'Rosa' }) });
      expect(screen.getByRole('heading', { name: 'Hola, Rosa' })).toBeTruthy();
      expect(screen.getByText(t.intro)).toBeTruthy();
      const section = await screen.findByRole('region', { name: t.myPendingTitle });
      const items = await within(section).findAllByRole('listitem');
      expect(items.map((li) => li.textContent)).toEqual([
        `${t.myV1('Docentes 2026', 2)} Vence el ${formatDay('2026-12-05')}. ${t.myV1Link}`,
        `${t.myV2('Clima 360', 1)} ${t.myV2Link}`,
        `${t.toNominate('Clima 360')} ${t.nominationsLink}`,
        `${t.toApprove(3)} ${t.nominationsLink}`,
      ]);
      expect(within(items[0]!).getByRole('link', { name: t.myV1Link }).getAttribute('href')).toBe(
        '/evaluation-form',
      );
      expect(within(items[1]!).getByRole('link', { name: t.myV2Link }).getAttribute('href')).toBe(
        '/evaluation-form-v2',
      );
      expect(within(items[3]!).getByRole('link', { name: t.nominationsLink }).getAttribute('href')).toBe(
        '/nominaciones',
      );
      expect(screen.queryByRole('heading', { name: t.pendingTitle })).toBeNull();
      expect(api.log.map((c) => c.path)).toEqual(['/api/home/pending']);
    },
  );

  it('tells an evaluator with nothing left so', async () => {
    const api = new FakeApi().on(homeEndpoints.pending, {
      v1: [],
      v2: [],
      nominations_to_make: [],
      nominations_to_approve: 0,
    });
    renderScreen(<HomePage />, { api, me: meAs('evaluador') });
    expect(await screen.findByText(t.myNothingPending)).toBeTruthy();
  });

  it('shows HR each open 360 with unanswered work, and the V1 round, linked to where they are followed', async () => {
    const api = new FakeApi()
      .on(
        dashboardEndpoints.metrics,
        metrics([
          { evaluator_id: 1, evaluator_name: 'A', assigned: 4, evaluated: 1 },
          { evaluator_id: 2, evaluator_name: 'B', assigned: 2, evaluated: 2 },
        ]),
      )
      .on(v2EvaluationEndpoints.list, {
        rows: [
          v2Evaluation({
            id: 5,
            name: 'Líderes',
            period: '2025',
            status: 'open',
            assignment_count: 8,
            completed_count: 3,
          }),
          v2Evaluation({ id: 6, name: 'Completa', status: 'open', assignment_count: 2, completed_count: 2 }),
          v2Evaluation({ id: 7, name: 'Borrador', status: 'draft', assignment_count: 5, completed_count: 0 }),
        ],
      });
    renderScreen(<HomePage />, { api, me: meAs('gestionhumana') });
    expect(screen.getByText(t.managerIntro)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: t.pendingTitle })).toBeTruthy();
    expect(await screen.findByText(t.v1Pending(1, 3), { exact: false })).toBeTruthy();
    expect(screen.getByText(t.v2Pending('Líderes', '2025', 5, 8), { exact: false })).toBeTruthy();
    expect(screen.queryByText(/Completa|Borrador/)).toBeNull();
    expect(screen.getByRole('link', { name: t.v2Link('Líderes') })).toHaveProperty(
      'pathname',
      '/evaluations-v2/5/results',
    );
    expect(screen.getByRole('link', { name: t.v1Link })).toHaveProperty('pathname', '/dashboard');
  });

  it('says nothing is pending when everything is answered', async () => {
    const api = new FakeApi()
      .on(dashboardEndpoints.metrics, metrics())
      .on(v2EvaluationEndpoints.list, { rows: [v2Evaluation({ status: 'closed', assignment_count: 3 })] });
    renderScreen(<HomePage />, { api, me: meAs('admin') });
    expect(await screen.findByText(t.nothingPending)).toBeTruthy();
  });

  it('offers a retry when a part fails, and asks again only for that part', async () => {
    let fail = true;
    const api = new FakeApi().on(dashboardEndpoints.metrics, metrics()).on(v2EvaluationEndpoints.list, () => {
      if (fail) throw serverError(503, ERROR_CODES.unavailable, 'No disponible.');
      return { rows: [] };
    });
    const { user } = renderScreen(<HomePage />, { api, me: meAs('admin') });
    expect(await screen.findByText(t.pendingError)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(t.nothingPending)).toBeTruthy();
    expect(api.calls(dashboardEndpoints.metrics)).toHaveLength(1);
    expect(api.calls(v2EvaluationEndpoints.list)).toHaveLength(2);
  });
});
