// @vitest-environment jsdom
import {
  ERROR_CODES,
  V1_RELEASE_MESSAGES,
  evaluationEndpoints,
  reminderEndpoints,
  replaceOpenQuestion,
  v1ReleaseEndpoints,
  type Evaluation,
} from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { reminderResult, v1Evaluation } from '../../test-support/fixtures';
import { findRow, meAs, renderRoute, renderScreen } from '../../test-support/render';
import EvaluationsPage from './EvaluationsPage';
import { closingQuestion } from './opening';

const open = v1Evaluation({ id: 1, name: 'Anual 2024', status: 'abierta', category_id: 1 });
const draft = v1Evaluation({ id: 2, name: 'Anual 2025', status: 'borrador', category_id: 1 });
const otherCategory = v1Evaluation({
  id: 3,
  name: 'Operativa 2025',
  status: 'cerrada',
  category_id: 2,
  category_name: 'Operativo',
});

const listed = (rows: Evaluation[] = [open, draft, otherCategory]) =>
  new FakeApi().on(evaluationEndpoints.list, rows);

async function actionsOf(name: string): Promise<string[]> {
  const row = await findRow(name);
  return [...row.querySelectorAll('a, button')].map((el) => el.textContent ?? '');
}

describe('Evaluaciones (V1): the actions of each row', () => {
  it('offers Cerrar and the reminder while open, Abrir otherwise', async () => {
    renderScreen(<EvaluationsPage />, { api: listed() });
    expect(await actionsOf('Anual 2024')).toEqual(['Enviar recordatorio', 'Cerrar', 'Editar', 'Eliminar']);
    expect(await actionsOf('Anual 2025')).toEqual(['Abrir', 'Editar', 'Eliminar']);
    expect(await actionsOf('Operativa 2025')).toEqual(['Abrir', 'Editar', 'Eliminar']);
    expect(screen.getByRole('link', { name: 'Editar Anual 2025' })).toHaveProperty(
      'pathname',
      '/edit-evaluation/2',
    );
  });

  it('opens at once when nothing else of its category is open', async () => {
    const api = listed().on(evaluationEndpoints.open, { ...otherCategory, status: 'abierta' as const });
    const { user } = renderScreen(<EvaluationsPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Abrir Operativa 2025' }));
    expect(await screen.findByText('Evaluación «Operativa 2025» abierta.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls(evaluationEndpoints.open)).toEqual([
      { params: { id: 3 }, body: { replace_open: false } },
    ]);
  });

  it('asks what closes when its category has an open one, and replaces it only once confirmed', async () => {
    const api = listed().on(evaluationEndpoints.open, { ...draft, status: 'abierta' as const });
    const { user } = renderScreen(<EvaluationsPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Abrir Anual 2025' }));
    const dialog = screen.getByRole('dialog', { name: 'Abrir la evaluación' });
    expect(
      within(dialog).getByText(replaceOpenQuestion('Administrativo', 'Anual 2024', 'Anual 2025')),
    ).toBeTruthy();
    expect(api.calls(evaluationEndpoints.open)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByText('Evaluación «Anual 2025» abierta.')).toBeTruthy();
    expect(api.calls(evaluationEndpoints.open)).toEqual([
      { params: { id: 2 }, body: { replace_open: true } },
    ]);
  });

  it('asks, with the list read again, when the server says another one was opened meanwhile', async () => {
    // The screen's list shows nothing open in the category; the server knows better.
    const api = new FakeApi();
    let reads = 0;
    api.on(evaluationEndpoints.list, () => {
      reads += 1;
      return reads === 1 ? [draft] : [draft, { ...open, name: 'Abierta por otra persona' }];
    });
    api.on(evaluationEndpoints.open, ({ body }) => {
      if (!body.replace_open) {
        throw serverError(409, ERROR_CODES.evaluationOpenInCategory, 'Ya hay una abierta en la categoría.');
      }
      return { ...draft, status: 'abierta' as const };
    });
    const { user } = renderScreen(<EvaluationsPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Abrir Anual 2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abrir la evaluación' });
    expect(
      within(dialog).getByText(
        replaceOpenQuestion('Administrativo', 'Abierta por otra persona', 'Anual 2025'),
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByText('Evaluación «Anual 2025» abierta.')).toBeTruthy();
    expect(api.bodies(evaluationEndpoints.open)).toEqual([{ replace_open: false }, { replace_open: true }]);
  });

  it('closes after saying what closing does, with everything sent', async () => {
    const api = listed()
      .on(evaluationEndpoints.close, { ...open, status: 'cerrada' })
      .on(evaluationEndpoints.pending, { evaluation_id: 1, total: 4, pending: [] });
    const { user } = renderScreen(<EvaluationsPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Cerrar Anual 2024' }));
    const dialog = screen.getByRole('dialog', { name: 'Cerrar la evaluación' });
    expect(within(dialog).getByText(closingQuestion('Anual 2024'))).toBeTruthy();
    expect(await within(dialog).findByText(messages.evaluations.closeNothingPending(4))).toBeTruthy();
    // Its × is named 'Cerrar' too: the confirmation is the button that says it.
    const confirm = within(dialog)
      .getAllByRole('button', { name: 'Cerrar' })
      .find((b) => b.textContent === 'Cerrar');
    await user.click(confirm!);
    expect(await screen.findByText('Evaluación «Anual 2024» cerrada.')).toBeTruthy();
    expect(api.calls(evaluationEndpoints.close)).toEqual([{ params: { id: 1 } }]);
  });

  it('says how many evaluations closing leaves unsent, names them a click away, and asks to close anyway', async () => {
    const api = listed()
      .on(evaluationEndpoints.close, { ...open, status: 'cerrada' })
      .on(evaluationEndpoints.pending, {
        evaluation_id: 1,
        total: 18,
        pending: [
          { evaluator_name: 'Ana Ruiz', collaborator_name: 'Carla Núñez' },
          { evaluator_name: 'Beto Díaz', collaborator_name: 'Diego Paz' },
        ],
      });
    const { user } = renderScreen(<EvaluationsPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Cerrar Anual 2024' }));
    const dialog = screen.getByRole('dialog', { name: 'Cerrar la evaluación' });
    expect(await within(dialog).findByText(messages.evaluations.closePending(2, 18))).toBeTruthy();
    await user.click(within(dialog).getByText(messages.evaluations.closePendingWho));
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ana Ruiz → Carla Núñez', 'Beto Díaz → Diego Paz']);
    await user.click(within(dialog).getByRole('button', { name: messages.evaluations.closeAnyway }));
    expect(await screen.findByText('Evaluación «Anual 2024» cerrada.')).toBeTruthy();
    expect(api.calls(evaluationEndpoints.pending)).toEqual([{ params: { id: 1 } }]);
  });

  it('deletes only the confirmed row', async () => {
    const api = listed().on(evaluationEndpoints.remove, undefined);
    const { user } = renderScreen(<EvaluationsPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Operativa 2025' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    await screen.findByText('Evaluación eliminada.');
    expect(api.calls(evaluationEndpoints.remove)).toEqual([{ params: { id: 3 } }]);
  });

  it('sends a reminder of the open evaluation after confirming the count', async () => {
    const api = listed()
      .on(reminderEndpoints.v1Preview, reminderResult({ recipients: 2 }))
      .on(reminderEndpoints.v1Send, reminderResult({ recipients: 2 }));
    const { user } = renderScreen(<EvaluationsPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Enviar recordatorio de Anual 2024' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar recordatorio' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Se enviaron 2 recordatorio(s).')).toBeTruthy();
    expect(api.calls(reminderEndpoints.v1Send)).toEqual([{ params: { id: 1 } }]);
  });
});

describe('Evaluaciones (V1): publishing the results of a round released by HR (decision 050)', () => {
  const held = v1Evaluation({
    id: 4,
    name: 'Docentes 2025',
    status: 'abierta',
    category_id: 3,
    category_name: 'Docentes',
    release_mode: 'al_publicar',
  });
  const releasedApi = (notified: number) => {
    let rows = [open, held];
    return new FakeApi()
      .on(evaluationEndpoints.list, () => rows)
      .on(v1ReleaseEndpoints.release, ({ params }) => {
        const evaluation = { ...held, released_at: '2025-06-01T12:00:00.000Z' };
        rows = rows.map((e) => (e.id === Number(params.id) ? evaluation : e));
        return { evaluation, notified };
      });
  };

  it('says whether each round’s results are published, and offers Publicar resultados only before', async () => {
    renderScreen(<EvaluationsPage />, { api: releasedApi(0) });
    const heldRow = await findRow('Docentes 2025');
    expect(within(heldRow).getByText('Resultados sin publicar')).toBeTruthy();
    expect(await actionsOf('Docentes 2025')).toEqual([
      'Publicar resultados',
      'Enviar recordatorio',
      'Cerrar',
      'Editar',
      'Eliminar',
    ]);
    // A round read on submit (SPEC's behaviour) has nothing to publish.
    expect(within(await findRow('Anual 2024')).getByText('Resultados publicados')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publicar resultados de Anual 2024' })).toBeNull();
  });

  it('publishes the whole round once confirmed, says how many were told, and shows it published', async () => {
    const api = releasedApi(3);
    const { user } = renderScreen(<EvaluationsPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Publicar resultados de Docentes 2025' }));
    const dialog = screen.getByRole('dialog', { name: 'Publicar resultados' });
    expect(within(dialog).getByText(messages.v1Release.confirmRound('Docentes 2025'))).toBeTruthy();
    expect(api.calls(v1ReleaseEndpoints.release)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Publicar y avisar' }));
    expect(await screen.findByText(`${V1_RELEASE_MESSAGES.released} Se avisó a 3 personas.`)).toBeTruthy();
    expect(api.calls(v1ReleaseEndpoints.release)).toEqual([{ params: { id: 4 }, body: {} }]);
    expect(await within(await findRow('Docentes 2025')).findByText('Resultados publicados')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publicar resultados de Docentes 2025' })).toBeNull();
  });

  it('says only that they were published when nobody was told, and publishes nothing when cancelled', async () => {
    const api = releasedApi(0);
    const { user } = renderScreen(<EvaluationsPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Publicar resultados de Docentes 2025' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    expect(api.calls(v1ReleaseEndpoints.release)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Publicar resultados de Docentes 2025' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Publicar y avisar' }));
    expect(await screen.findByText(V1_RELEASE_MESSAGES.released)).toBeTruthy();
  });

  it('shows the server’s sentence when it refuses', async () => {
    const api = releasedApi(0).on(v1ReleaseEndpoints.release, () => {
      throw serverError(409, ERROR_CODES.conflict, V1_RELEASE_MESSAGES.nothingToRelease);
    });
    const { user } = renderScreen(<EvaluationsPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Publicar resultados de Docentes 2025' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Publicar y avisar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(V1_RELEASE_MESSAGES.nothingToRelease);
  });
});

describe('Evaluaciones (V1): who sees the screen', () => {
  it('is denied to an evaluator, who asks nothing of the API', async () => {
    const api = listed();
    renderRoute('/evaluations', { api, me: meAs('evaluador') });
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeTruthy();
    expect(api.log).toEqual([]);
  });

  it('shows HR the list with its actions', async () => {
    renderRoute('/evaluations', { api: listed(), me: meAs('gestionhumana') });
    expect(await screen.findByRole('button', { name: 'Abrir Anual 2025' })).toBeTruthy();
  });
});
