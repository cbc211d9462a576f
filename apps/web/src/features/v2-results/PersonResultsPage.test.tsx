// @vitest-environment jsdom
import {
  ERROR_CODES,
  V2_RELEASE_MESSAGES,
  raterStandingSentence,
  v2AssignmentEndpoints,
  v2ResultEndpoints,
  type V2Results,
} from '@evalua/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { meAs, renderRoute } from '../../test-support/render';
import { relationResult } from '../../test-support/v2-relations';

const t = messages.v2Results;
const URL = '/evaluations-v2/5/results/30';

function results(extra: Partial<V2Results> = {}): V2Results {
  return {
    evaluation: {
      id: 5,
      name: 'Líderes 2025',
      period: '2025',
      status: 'closed',
      weights: { weight_objectives: 40, weight_competencies: 60 },
    },
    evaluatee: { id: 30, name: 'Luis Gómez', department: null, position: null },
    relations: [relationResult('peer', 2, 3)],
    self: null,
    others: null,
    items: [],
    comments: [],
    released: true,
    ...extra,
  };
}

const exportButtons = () => screen.queryAllByRole('button', { name: /^Exportar/ });

describe('Resultados 360 de una persona', () => {
  it('tells the evaluatee, in the server’s words, that their results are not shared yet', async () => {
    const api = new FakeApi().on(v2ResultEndpoints.person, () => {
      throw serverError(403, ERROR_CODES.resultsNotReleased, V2_RELEASE_MESSAGES.notAvailable);
    });
    renderRoute(URL, { api, me: meAs('colaborador', { id: 30 }) });
    expect(await screen.findByText(V2_RELEASE_MESSAGES.notAvailable)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a Mi Perfil' })).toHaveProperty('pathname', '/profile');
    expect(exportButtons()).toEqual([]);
    expect(api.calls(v2ResultEndpoints.person)).toEqual([{ params: { id: 5, userId: 30 } }]);
  });

  it('tells a manager refused by the server only that it is not theirs to read, and leads back to their team', async () => {
    const api = new FakeApi().on(v2ResultEndpoints.person, () => {
      throw serverError(403, ERROR_CODES.forbidden, 'Prohibido.');
    });
    renderRoute(URL, { api, me: meAs('evaluador', { id: 8 }) });
    expect(await screen.findByText(t.denied)).toBeTruthy();
    // Someone else's results: never 'they will be available when it closes' (issue 30 §8).
    expect(screen.queryByText(`${t.denied} ${t.notYet}`)).toBeNull();
    expect(screen.getByRole('link', { name: 'Volver a Resultados de mi equipo' })).toHaveProperty(
      'pathname',
      '/mi-equipo-360',
    );
  });

  it('tells a person refused their own results while open that they come at the close', async () => {
    const api = new FakeApi().on(v2ResultEndpoints.person, () => {
      throw serverError(403, ERROR_CODES.forbidden, 'Prohibido.');
    });
    renderRoute(URL, { api, me: meAs('colaborador', { id: 30 }) });
    expect(await screen.findByText(`${t.denied} ${t.notYet}`)).toBeTruthy();
  });

  it('shows the evaluatee only the progress of an open evaluation, with no files to export', async () => {
    const api = new FakeApi().on(
      v2ResultEndpoints.person,
      results({
        released: false,
        evaluation: { ...results().evaluation, status: 'open' },
        hidden_note: 'Los resultados se publican al cerrarse la evaluación.',
      }),
    );
    renderRoute(URL, { api, me: meAs('colaborador', { id: 30 }) });
    expect(await screen.findByText('Los resultados se publican al cerrarse la evaluación.')).toBeTruthy();
    expect(screen.getByText(t.exportsAtClose)).toBeTruthy();
    expect(exportButtons()).toEqual([]);
    // Who rated whom is never asked for the evaluatee.
    expect(api.calls(v2AssignmentEndpoints.evaluatorsOf)).toEqual([]);
  });

  it('gives HR the files, the way back, and the raters whose answers do not count', async () => {
    const api = new FakeApi().on(v2ResultEndpoints.person, results()).on(v2AssignmentEndpoints.evaluatorsOf, {
      evaluator_ids: [40, 41, 42, 30],
      assignments: [
        {
          id: 1,
          evaluator_id: 40,
          evaluator_name: 'Eva Cuenta',
          relation: 'peer',
          status: 'completed',
          rater_standing: 'counts',
        },
        {
          id: 2,
          evaluator_id: 41,
          evaluator_name: 'Iván Lector',
          relation: 'peer',
          status: 'completed',
          rater_standing: 'reader',
        },
        {
          id: 3,
          evaluator_id: 42,
          evaluator_name: 'Olga Rechazó',
          relation: 'peer',
          status: 'declined',
          rater_standing: 'reader',
        },
        {
          id: 4,
          evaluator_id: 30,
          evaluator_name: 'Luis Gómez',
          relation: 'self',
          status: 'completed',
          rater_standing: 'reader',
        },
      ],
    });
    renderRoute(URL, { api, me: meAs('gestionhumana') });
    expect((await screen.findAllByRole('button', { name: /^Exportar/ })).map((b) => b.textContent)).toEqual([
      'Exportar PDF',
      'Exportar Excel',
    ]);
    expect(screen.getByRole('link', { name: 'Volver a los resultados de la evaluación' })).toHaveProperty(
      'pathname',
      '/evaluations-v2/5/results',
    );
    const notCounting = await screen.findByRole('region', {
      name: 'Evaluadores que no cuentan para el anonimato',
    });
    expect(notCounting.querySelectorAll('li')).toHaveLength(1);
    expect(notCounting.textContent).toContain('Iván Lector');
    expect(notCounting.textContent).toContain(raterStandingSentence('reader'));
    expect(api.calls(v2AssignmentEndpoints.evaluatorsOf)).toEqual([
      { params: { evaluationId: 5, userId: 30 } },
    ]);
  });
});
