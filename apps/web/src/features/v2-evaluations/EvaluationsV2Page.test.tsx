// @vitest-environment jsdom
import {
  DEADLINE_MESSAGES,
  ERROR_CODES,
  reminderEndpoints,
  v2EvaluationEndpoints,
  v2TemplateEndpoints,
  type V2Evaluation,
} from '@evalua/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { page, reminderResult, v2Evaluation } from '../../test-support/fixtures';
import { findRow, meAs, renderRoute, renderScreen } from '../../test-support/render';
import { nextStep } from './EvaluationRowActions';
import EvaluationsV2Page from './EvaluationsV2Page';

const draft = v2Evaluation({ id: 1, name: 'Borrador 2025', status: 'draft' });
const open = v2Evaluation({
  id: 2,
  name: 'Abierta 2025',
  status: 'open',
  assignment_count: 4,
  completed_count: 1,
});
const closed = v2Evaluation({ id: 3, name: 'Cerrada 2024', status: 'closed' });

function fakeApi(rows: V2Evaluation[] = [draft, open, closed]) {
  return new FakeApi().on(v2EvaluationEndpoints.list, page(rows)).on(v2TemplateEndpoints.list, []);
}

type User = ReturnType<typeof renderScreen>['user'];

/** An action from a row's 'Más acciones' menu (issue 30 §7). */
async function choose(user: User, evaluation: string, action: string): Promise<void> {
  await user.click(await screen.findByRole('button', { name: `Más acciones de ${evaluation}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

/** One evaluation's row: its one button (the next step), then the items of its menu. */
async function actionsOf(user: User, name: string): Promise<{ next: string[]; menu: string[] }> {
  const row = await findRow(name);
  const next = [...row.querySelectorAll('a, button')]
    .map((el) => el.textContent ?? '')
    .filter((text) => text !== 'Más acciones');
  await user.click(within(row).getByRole('button', { name: `Más acciones de ${name}` }));
  const menu = (await screen.findAllByRole('menuitem')).map((el) => el.textContent ?? '');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryAllByRole('menuitem')).toEqual([]));
  return { next, menu };
}

describe('Evaluaciones 360: the actions of each row', () => {
  it('offers each status its own actions', async () => {
    const { user } = renderScreen(<EvaluationsV2Page />, { api: fakeApi() });
    expect(await actionsOf(user, 'Borrador 2025')).toEqual({
      next: ['Asignaciones'],
      menu: [
        'Editar',
        'Ítems',
        'Evaluadores por persona',
        'Abrir',
        'Fecha límite',
        'Guardar como plantilla',
        'Eliminar',
      ],
    });
    expect(await actionsOf(user, 'Abierta 2025')).toEqual({
      next: ['Resultados'],
      menu: [
        'Ítems',
        'Asignaciones',
        'Evaluadores por persona',
        'Cerrar',
        'Fecha límite',
        'Enviar recordatorio',
        'Guardar como plantilla',
      ],
    });
    expect(await actionsOf(user, 'Cerrada 2024')).toEqual({
      next: ['Resultados'],
      menu: ['Ítems', 'Asignaciones', 'Evaluadores por persona', 'Guardar como plantilla'],
    });
  });

  it('makes the next step the one button: items, then raters, then Abrir; results once open', () => {
    const at = (status: V2Evaluation['status'], item_count: number, assignment_count: number) =>
      nextStep({ status, item_count, assignment_count });
    expect([
      at('draft', 0, 0),
      at('draft', 2, 0),
      at('draft', 2, 5),
      at('open', 2, 5),
      at('closed', 2, 5),
    ]).toEqual(['items', 'assignments', 'open', 'results', 'results']);
  });

  it('links each row to its own items, assignments and results', async () => {
    const { user } = renderScreen(<EvaluationsV2Page />, { api: fakeApi() });
    expect(await screen.findByRole('link', { name: 'Resultados de Abierta 2025' })).toHaveProperty(
      'pathname',
      '/evaluations-v2/2/results',
    );
    expect(screen.getByRole('link', { name: 'Asignaciones de Borrador 2025' })).toHaveProperty(
      'pathname',
      '/evaluations-v2/1/assignments',
    );
    await user.click(screen.getByRole('button', { name: 'Más acciones de Abierta 2025' }));
    expect(await screen.findByRole('menuitem', { name: 'Ítems de Abierta 2025' })).toHaveProperty(
      'pathname',
      '/evaluations-v2/2/items',
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Más acciones de Cerrada 2024' }));
    expect(
      await screen.findByRole('menuitem', { name: 'Evaluadores por persona de Cerrada 2024' }),
    ).toHaveProperty('pathname', '/v2/assignments/3');
  });

  it('opens a draft only after the confirmation, sending status open', async () => {
    const api = fakeApi().on(v2EvaluationEndpoints.update, ({ body }) => ({ ...draft, ...body }));
    const { user } = renderScreen(<EvaluationsV2Page />, { api });
    await choose(user, 'Borrador 2025', 'Abrir Borrador 2025');
    const dialog = screen.getByRole('dialog', { name: 'Abrir evaluación' });
    expect(api.calls(v2EvaluationEndpoints.update)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByText('Evaluación abierta.')).toBeTruthy();
    expect(api.calls(v2EvaluationEndpoints.update)).toEqual([
      { params: { id: 1 }, body: { status: 'open' } },
    ]);
  });

  it('asks once more before saving a due date already past (decision 053), not for a later one', async () => {
    const api = fakeApi().on(v2EvaluationEndpoints.update, ({ body }) => ({ ...open, ...body }));
    const { user } = renderScreen(<EvaluationsV2Page />, { api });
    await choose(user, 'Abierta 2025', 'Fecha límite de Abierta 2025');
    const dialog = screen.getByRole('dialog', { name: 'Fecha límite' });
    const field = within(dialog).getByLabelText('Fecha límite');
    await user.clear(field);
    await user.type(field, '2020-03-02');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    const warning = within(dialog).getByRole('alert');
    expect(warning.textContent).toContain(messages.deadlines.pastTitle);
    expect(warning.textContent).toContain('guarda otra vez para confirmarla');
    expect(api.calls(v2EvaluationEndpoints.update)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(messages.deadlines.dueDateSaved)).toBeTruthy();
    expect(api.calls(v2EvaluationEndpoints.update)).toEqual([
      { params: { id: 2 }, body: { due_date: '2020-03-02' } },
    ]);
  });

  it('closes an open evaluation with its own irreversible button, and not when cancelled', async () => {
    const api = fakeApi().on(v2EvaluationEndpoints.update, ({ body }) => ({ ...open, ...body }));
    const { user } = renderScreen(<EvaluationsV2Page />, { api });
    await choose(user, 'Abierta 2025', 'Cerrar Abierta 2025');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.log.filter((c) => c.method !== 'GET')).toEqual([]);

    await choose(user, 'Abierta 2025', 'Cerrar Abierta 2025');
    const dialog = screen.getByRole('dialog', { name: 'Cerrar evaluación' });
    // What closing leaves unanswered, and who, a click away (issue 30 §3).
    expect(within(dialog).getByText(messages.evaluationsV2.closeProgress(1, 4))).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Ver quiénes faltan' }).getAttribute('href')).toBe(
      '/evaluations-v2/2/assignments',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar definitivamente' }));
    expect(await screen.findByText('Evaluación cerrada.')).toBeTruthy();
    expect(api.calls(v2EvaluationEndpoints.update)).toEqual([
      { params: { id: 2 }, body: { status: 'closed' } },
    ]);
  });

  it('shows the server sentence when it refuses to open', async () => {
    const refusal = 'La evaluación necesita al menos un ítem para abrirse.';
    const api = fakeApi().on(v2EvaluationEndpoints.update, () => {
      throw serverError(409, ERROR_CODES.evaluationNeedsItems, refusal);
    });
    const { user } = renderScreen(<EvaluationsV2Page />, { api });
    await choose(user, 'Borrador 2025', 'Abrir Borrador 2025');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.queryByText('Evaluación abierta.')).toBeNull();
  });

  it('deletes a draft after confirming', async () => {
    const api = fakeApi().on(v2EvaluationEndpoints.remove, undefined);
    const { user } = renderScreen(<EvaluationsV2Page />, { api });
    await choose(user, 'Borrador 2025', 'Eliminar Borrador 2025');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Evaluación eliminada.')).toBeTruthy();
    expect(api.calls(v2EvaluationEndpoints.remove)).toEqual([{ params: { id: 1 } }]);
  });

  it('asks before sending a reminder, with the count the server gives, then sends it', async () => {
    const api = fakeApi()
      .on(reminderEndpoints.v2Preview, reminderResult({ recipients: 4, waiting: 1 }))
      .on(reminderEndpoints.v2Send, reminderResult({ recipients: 4 }));
    const { user } = renderScreen(<EvaluationsV2Page />, { api });
    await choose(user, 'Abierta 2025', 'Enviar recordatorio de Abierta 2025');
    const dialog = await screen.findByRole('dialog', { name: 'Enviar recordatorio' });
    expect(dialog.textContent).toContain('Se enviará un recordatorio a 4 persona(s)');
    expect(dialog.textContent).toContain('1 persona(s) ya recibieron uno en las últimas 24 horas');
    expect(api.calls(reminderEndpoints.v2Send)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Se enviaron 4 recordatorio(s).')).toBeTruthy();
    expect(api.calls(reminderEndpoints.v2Preview)).toEqual([{ params: { id: 2 } }]);
    expect(api.calls(reminderEndpoints.v2Send)).toEqual([{ params: { id: 2 } }]);
  });

  it('sends no reminder when nobody has pending work', async () => {
    const api = fakeApi().on(reminderEndpoints.v2Preview, reminderResult({ recipients: 0 }));
    const { user } = renderScreen(<EvaluationsV2Page />, { api });
    await choose(user, 'Abierta 2025', 'Enviar recordatorio de Abierta 2025');
    expect(await screen.findByText(DEADLINE_MESSAGES.noneToRemind)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls(reminderEndpoints.v2Send)).toEqual([]);
  });

  it('saves an evaluation as a template with the name given', async () => {
    const api = fakeApi().on(v2TemplateEndpoints.create, ({ body }) => ({
      id: 9,
      name: body.name,
      item_count: 3,
    }));
    const { user } = renderScreen(<EvaluationsV2Page />, { api });
    await choose(user, 'Cerrada 2024', 'Guardar como plantilla Cerrada 2024');
    const dialog = screen.getByRole('dialog', { name: 'Guardar como plantilla' });
    const name = within(dialog).getByRole('textbox');
    await user.clear(name);
    await user.type(name, 'Plantilla base');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar plantilla' }));
    expect(await screen.findByText('Plantilla guardada.')).toBeTruthy();
    expect(api.calls(v2TemplateEndpoints.create)).toEqual([
      { body: { evaluation_id: 3, name: 'Plantilla base' } },
    ]);
  });
});

describe('Evaluaciones 360: who sees the screen', () => {
  it.each(['admin', 'gestionhumana'] as const)('%s gets the list and its actions', async (role) => {
    renderRoute('/evaluations-v2', { api: fakeApi(), me: meAs(role) });
    expect(await screen.findByRole('button', { name: 'Más acciones de Borrador 2025' })).toBeTruthy();
  });

  it.each(['evaluador', 'colaborador'] as const)(
    '%s is denied, and nothing is asked of the API',
    async (role) => {
      const api = fakeApi();
      renderRoute('/evaluations-v2', { api, me: meAs(role) });
      expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Eliminar/ })).toBeNull();
      expect(api.log).toEqual([]);
    },
  );
});
