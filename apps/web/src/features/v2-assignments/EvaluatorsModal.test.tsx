// @vitest-environment jsdom
import {
  ERROR_CODES,
  userEndpoints,
  v2AssignmentEndpoints,
  type V2EvaluatorAssignment,
} from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { page, userRow } from '../../test-support/fixtures';
import { renderScreen } from '../../test-support/render';
import { EvaluatorsModal } from './EvaluatorsModal';

const t = messages.v2Assignments;
const luis = userRow({ id: 30, name: 'Luis Gómez' });
const people = [
  userRow({ id: 40, name: 'Ana Jefa' }),
  userRow({ id: 41, name: 'Bruno Par' }),
  userRow({ id: 42, name: 'Carla Nueva' }),
  userRow({ id: 43, name: 'Diego Inactivo', status: false }),
  luis,
];
const assigned: V2EvaluatorAssignment[] = [
  {
    id: 1,
    evaluator_id: 40,
    evaluator_name: 'Ana Jefa',
    relation: 'manager',
    status: 'pending',
    rater_standing: 'counts',
  },
  {
    id: 2,
    evaluator_id: 41,
    evaluator_name: 'Bruno Par',
    relation: 'peer',
    status: 'completed',
    rater_standing: 'counts',
  },
];

function modalApi() {
  return new FakeApi()
    .on(v2AssignmentEndpoints.evaluatorsOf, { evaluator_ids: [40, 41], assignments: assigned })
    .on(userEndpoints.list, page(people, 50))
    .on(v2AssignmentEndpoints.changeEvaluators, { evaluator_ids: [40, 41, 42], assignments: assigned });
}

function renderModal(api: FakeApi, allowSelf = false) {
  const closed: string[] = [];
  const rendered = renderScreen(
    <EvaluatorsModal
      evaluationId={5}
      evaluatee={luis}
      allowSelf={allowSelf}
      onClose={() => closed.push('closed')}
    />,
    { api },
  );
  return { ...rendered, closed };
}

const box = (name: string) => screen.getByRole('checkbox', { name });

describe('Asignar evaluadores a una persona', () => {
  it('starts from the current evaluators; an inactive user, or the person without self-evaluation, cannot be ticked', async () => {
    renderModal(modalApi());
    expect(((await screen.findByRole('checkbox', { name: 'Ana Jefa' })) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((box('Bruno Par') as HTMLInputElement).checked).toBe(true);
    expect((box('Carla Nueva') as HTMLInputElement).checked).toBe(false);
    expect(box('Diego Inactivo').hasAttribute('disabled')).toBe(true);
    expect(box('Luis Gómez').hasAttribute('disabled')).toBe(true);
    // A completed assignment keeps its relation: no select for it.
    expect(screen.getByText('Par (completada)')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Relación de Bruno Par' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Relación de Ana Jefa' })).toBeTruthy();
    expect(screen.getByText(t.selected(2))).toBeTruthy();
  });

  it('lets the person be ticked when the evaluation allows self-evaluation', async () => {
    renderModal(modalApi(), true);
    expect((await screen.findByRole('checkbox', { name: 'Luis Gómez' })).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('sends only the difference: one added', async () => {
    const api = modalApi();
    const { user, closed } = renderModal(api);
    await user.click(await screen.findByRole('checkbox', { name: 'Carla Nueva' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(t.saved('Luis Gómez'))).toBeTruthy();
    expect(api.calls(v2AssignmentEndpoints.changeEvaluators)).toEqual([
      { params: { evaluationId: 5, userId: 30 }, body: { add: [42], remove: [] } },
    ]);
    expect(closed).toEqual(['closed']);
  });

  it('closes without a call when nothing changed', async () => {
    const api = modalApi();
    const { user, closed } = renderModal(api);
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(closed).toEqual(['closed']);
    expect(api.calls(v2AssignmentEndpoints.changeEvaluators)).toEqual([]);
  });

  it('asks before removing an evaluator, and sends the removal only when confirmed', async () => {
    const api = modalApi();
    const { user } = renderModal(api);
    await user.click(await screen.findByRole('checkbox', { name: 'Ana Jefa' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const question = screen.getByRole('group', { name: 'Confirmar quitar evaluadores' });
    expect(question.textContent).toContain(t.confirmRemoveEvaluators(1, 'Luis Gómez'));
    await user.click(within(question).getByRole('button', { name: 'Volver' }));
    expect(api.calls(v2AssignmentEndpoints.changeEvaluators)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await user.click(screen.getByRole('button', { name: 'Quitar y guardar' }));
    await screen.findByText(t.saved('Luis Gómez'));
    expect(api.bodies(v2AssignmentEndpoints.changeEvaluators)).toEqual([{ add: [], remove: [40] }]);
  });

  it('sends a relation other than the default, and a second manager only once HR confirms it', async () => {
    const refusal = 'Luis Gómez ya tiene jefe en esta evaluación (Ana Jefa).';
    const api = modalApi().on(v2AssignmentEndpoints.changeEvaluators, ({ body }) => {
      if (!body.allow_multiple_managers) throw serverError(409, ERROR_CODES.multipleManagers, refusal);
      return { evaluator_ids: [40, 41, 42], assignments: assigned };
    });
    const { user } = renderModal(api);
    await user.click(await screen.findByRole('checkbox', { name: 'Carla Nueva' }));
    await user.click(screen.getByRole('combobox', { name: 'Relación de Carla Nueva' }));
    await user.click(await screen.findByRole('option', { name: 'Jefe' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const question = await screen.findByRole('group', { name: t.multipleManagersTitle });
    expect(question.textContent).toContain(refusal);
    await user.click(within(question).getByRole('button', { name: t.multipleManagersConfirm }));
    await screen.findByText(t.saved('Luis Gómez'));
    expect(api.bodies(v2AssignmentEndpoints.changeEvaluators)).toEqual([
      { add: [42], remove: [], relations: { '42': 'manager' } },
      { add: [42], remove: [], relations: { '42': 'manager' }, allow_multiple_managers: true },
    ]);
  });
});
