// @vitest-environment jsdom
import { questionBankEndpoints, type Question, type QuestionBank } from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '../../test-support/fake-api';
import { findRow, renderScreen } from '../../test-support/render';
import QuestionBanksPage from './QuestionBanksPage';

const bank = { id: 1, name: 'Banco de liderazgo', description: null, question_count: 0 };

/** A bank whose question list answers only when the test lets it (a slow reload). */
function slowListApi() {
  const questions: Question[] = [];
  const held: Array<() => void> = [];
  const api = new FakeApi()
    .on(questionBankEndpoints.list, () => [{ ...bank, question_count: questions.length }])
    .on(questionBankEndpoints.questions, () =>
      questions.length === 0
        ? []
        : new Promise<Question[]>((resolve) => held.push(() => resolve([...questions]))),
    )
    .on(questionBankEndpoints.addQuestion, ({ body }) => {
      const added = {
        id: questions.length + 1,
        question_text: body.question_text,
        question_type: body.question_type,
      };
      questions.push(added);
      return added;
    });
  return { api, release: () => held.splice(0).forEach((go) => go()) };
}

describe('Bancos de Preguntas: adding questions one after another', () => {
  it('clears the form when the server acknowledges, and keeps what HR types while the list reloads', async () => {
    const { api, release } = slowListApi();
    const { user } = renderScreen(<QuestionBanksPage />, { api, me: undefined });
    await user.click(await screen.findByRole('button', { name: 'Ver preguntas de Banco de liderazgo' }));
    await screen.findByText('Este banco aún no tiene preguntas. Agrega la primera con el formulario.');

    const text = screen.getByLabelText(/Texto de la pregunta/);
    await user.type(text, 'Inspira a su equipo.');
    await user.selectOptions(screen.getByLabelText(/Tipo/), 'Objetivo');
    await user.click(screen.getByRole('button', { name: 'Agregar' }));

    // Acknowledged: the form is empty (the type kept for the next one) while the list still reloads.
    await screen.findByText('Pregunta agregada.');
    expect((text as HTMLTextAreaElement).value).toBe('');
    expect((screen.getByLabelText(/Tipo/) as HTMLSelectElement).value).toBe('objective');
    await user.type(text, 'Delega con claridad.');

    release();
    const row = await findRow('Inspira a su equipo.');
    expect(within(row).getByText('Objetivo')).toBeTruthy();
    expect((text as HTMLTextAreaElement).value).toBe('Delega con claridad.');
    expect(api.bodies(questionBankEndpoints.addQuestion)).toEqual([
      { question_text: 'Inspira a su equipo.', question_type: 'objective' },
    ]);
  });
});

describe('Bancos de Preguntas: starting from a starter bank (decision 054)', () => {
  it('copies the chosen starter bank, says so, and shows its questions', async () => {
    const copied = {
      id: 7,
      name: 'Banco inicial: Personal de apoyo',
      description: 'Copia',
      question_count: 2,
    };
    let banks: QuestionBank[] = [bank];
    const api = new FakeApi()
      .on(questionBankEndpoints.list, () => banks)
      .on(questionBankEndpoints.createFromStarter, () => {
        banks = [bank, copied];
        return copied;
      })
      .on(questionBankEndpoints.questions, [
        {
          id: 1,
          question_text: 'Cumple su horario y sus tareas con responsabilidad.',
          question_type: 'competency',
        },
        { id: 2, question_text: 'Atiende a tiempo las solicitudes.', question_type: 'objective' },
      ]);
    const { user } = renderScreen(<QuestionBanksPage />, { api });
    const create = await screen.findByRole('button', { name: 'Crear copia' });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('combobox', { name: 'Banco para copiar' }));
    await user.click(await screen.findByRole('option', { name: 'Banco inicial: Personal de apoyo' }));
    await user.click(create);
    expect(
      await screen.findByText('Banco «Banco inicial: Personal de apoyo» creado con 2 preguntas.'),
    ).toBeTruthy();
    expect(api.bodies(questionBankEndpoints.createFromStarter)).toEqual([{ starter: 'apoyo' }]);
    await findRow('Cumple su horario y sus tareas con responsabilidad.');
  });
});
