// @vitest-environment jsdom
import {
  ERROR_CODES,
  v2AnswerEndpoints,
  v2ItemEndpoints,
  v2MissingAnswersMessage,
  type V2DraftAnswer,
  type V2MyAssignment,
} from '@evalua/contracts';
import { screen, within, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { v2Item, v2MyAssignment } from '../../test-support/fixtures';
import { findRow, meAs, renderScreen } from '../../test-support/render';
import EvaluationFormV2Page from './EvaluationFormV2Page';
import { v2AnswerMessages } from '../../i18n/v2-answers-messages';

const pending = v2MyAssignment({ assignment_id: 10, evaluation_id: 4, evaluatee_name: 'Luis Gómez' });
const items = [
  v2Item({ id: 41, question_text: 'Comunica con claridad', type: 'rating', scale_min: 1, scale_max: 5 }),
  v2Item({ id: 42, question_text: '¿Cumple los plazos?', type: 'yes_no', position: 2 }),
  v2Item({ id: 43, question_text: 'Qué mejorarías', type: 'text', position: 3 }),
];

/** The rater's API: their assignments, the questions, the draft (empty unless given) and the calls that change them. */
function raterApi(rows: V2MyAssignment[] = [pending], saved: V2DraftAnswer[] = []) {
  const done = new Map<number, V2MyAssignment['assignment_status']>();
  return new FakeApi()
    .on(v2AnswerEndpoints.mine, () => ({
      rows: rows.map((r) => ({ ...r, assignment_status: done.get(r.assignment_id) ?? r.assignment_status })),
    }))
    .on(v2ItemEndpoints.list, { items })
    .on(v2AnswerEndpoints.draft, ({ params }) => ({
      assignment_id: Number(params.assignmentId),
      answers: saved,
      updated_at: saved.length > 0 ? '2025-03-01T14:30:00.000Z' : null,
    }))
    .on(v2AnswerEndpoints.saveDraft, ({ params, body }) => ({
      assignment_id: Number(params.assignmentId),
      answers: body.answers.map((a) => ({
        item_id: Number(a.item_id),
        value: (a.value ?? null) as V2DraftAnswer['value'],
        skip: a.skip ?? false,
        comment: a.comment ?? null,
      })),
      updated_at: '2025-03-01T15:00:00.000Z',
    }))
    .on(v2AnswerEndpoints.submit, ({ body }) => {
      done.set(Number(body.assignment_id), 'completed');
      return { assignment_id: Number(body.assignment_id), status: 'completed' as const };
    })
    .on(v2AnswerEndpoints.decline, ({ body }) => {
      done.set(Number(body.assignment_id), 'declined');
      return {
        assignment_id: Number(body.assignment_id),
        status: 'declined' as const,
        decline_reason: body.reason,
        declined_at: '2025-03-01T15:00:00.000Z',
      };
    });
}

const question = (n: number) => screen.getByRole('group', { name: `Pregunta ${n}` });

async function openForm(api: FakeApi) {
  const rendered = renderScreen(<EvaluationFormV2Page />, { api, me: meAs('evaluador') });
  await rendered.user.click(
    await screen.findByRole('button', { name: 'Evaluar a Luis Gómez en Evaluación 360' }),
  );
  await screen.findByRole('group', { name: 'Pregunta 1' });
  return rendered;
}

describe('Realizar Evaluación (V2): the list', () => {
  it('offers Evaluar only for pending work of an open evaluation', async () => {
    renderScreen(<EvaluationFormV2Page />, {
      me: meAs('evaluador'),
      api: raterApi([
        pending,
        v2MyAssignment({ assignment_id: 11, evaluatee_name: 'Eva Ruiz', assignment_status: 'completed' }),
        v2MyAssignment({ assignment_id: 12, evaluatee_name: 'Iván Soto', assignment_status: 'declined' }),
        v2MyAssignment({ assignment_id: 13, evaluatee_name: 'Olga Paz', evaluation_status: 'closed' }),
      ]),
    });
    expect(
      (await screen.findByRole('button', { name: 'Evaluar a Luis Gómez en Evaluación 360' })).hasAttribute(
        'disabled',
      ),
    ).toBe(false);
    expect(within(await findRow('Eva Ruiz')).getByText('Evaluado')).toBeTruthy();
    expect(within(await findRow('Iván Soto')).getAllByText('Rechazada')).not.toEqual([]);
    expect(within(await findRow('Iván Soto')).queryByRole('button')).toBeNull();
    expect(within(await findRow('Eva Ruiz')).queryByRole('button')).toBeNull();
    const closed = screen.getByRole('button', { name: 'Evaluar a Olga Paz en Evaluación 360' });
    expect(closed.hasAttribute('disabled')).toBe(true);
    expect(
      within(await findRow('Olga Paz')).getByText('Evaluación cerrada: ya no admite respuestas.'),
    ).toBeTruthy();
  });
});

describe('Realizar Evaluación (V2): the answer form', () => {
  it('sends nothing while a question is unanswered, and says how many are missing', async () => {
    const api = raterApi();
    const { user } = await openForm(api);
    await user.click(within(question(1)).getByRole('radio', { name: '4' }));
    await user.click(screen.getByRole('button', { name: 'Guardar respuestas' }));
    expect(await screen.findByText(v2MissingAnswersMessage(2))).toBeTruthy();
    expect(api.calls(v2AnswerEndpoints.submit)).toEqual([]);
  });

  it('marks a question N/A: its input is disabled and it is sent as "na" with skip', async () => {
    const api = raterApi();
    const { user } = await openForm(api);
    await user.click(within(question(1)).getByRole('checkbox', { name: 'N/A (no aplica)' }));
    expect(within(question(1)).getByRole('radio', { name: '3' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(question(2)).getByRole('radio', { name: 'Sí' }));
    await user.click(within(question(3)).getByRole('textbox', { name: 'Qué mejorarías' }));
    await user.paste('  Delegar más  ');
    await user.click(within(question(3)).getByRole('textbox', { name: 'Comentario (opcional)' }));
    await user.paste('Buen año');
    // The count follows the typing a moment later (it is computed from the form's deferred state).
    await waitFor(() => expect(screen.getByTestId('v2-progress-top').textContent).toBe('3 de 3 respondidas'));
    // The message shows for a few seconds only: watched from before the click.
    const shown = screen.findByText('¡Respuestas guardadas!');
    await user.click(screen.getByRole('button', { name: 'Guardar respuestas' }));

    expect(await shown).toBeTruthy();
    expect(api.bodies(v2AnswerEndpoints.submit)).toEqual([
      {
        evaluation_id: 4,
        assignment_id: 10,
        answers: [
          { item_id: 41, type: 'rating', value: 'na', skip: true, comment: null },
          { item_id: 42, type: 'yes_no', value: true, skip: false, comment: null },
          { item_id: 43, type: 'text', value: 'Delegar más', skip: false, comment: 'Buen año' },
        ],
      },
    ]);
    // The form closes and the row says it is done.
    expect(screen.queryByRole('group', { name: 'Pregunta 1' })).toBeNull();
    expect(within(await findRow('Luis Gómez')).getByText('Evaluado')).toBeTruthy();
  });

  it('saves a draft with the unanswered questions as null, without sending the answers', async () => {
    const api = raterApi();
    const { user } = await openForm(api);
    await user.click(within(question(1)).getByRole('radio', { name: '2' }));
    await user.click(screen.getByRole('button', { name: v2AnswerMessages.saveDraft }));
    expect(await screen.findByText(/^Borrador guardado a las/)).toBeTruthy();
    expect(api.bodies(v2AnswerEndpoints.saveDraft).at(-1)).toEqual({
      answers: [
        { item_id: 41, value: 2, skip: false, comment: null },
        { item_id: 42, value: null, skip: false, comment: null },
        { item_id: 43, value: null, skip: false, comment: null },
      ],
    });
    expect(api.calls(v2AnswerEndpoints.saveDraft).at(-1)).toMatchObject({ params: { assignmentId: 10 } });
    expect(api.calls(v2AnswerEndpoints.submit)).toEqual([]);
  });

  it('opens with the saved draft: its answers, its N/A and a note', async () => {
    const api = raterApi(
      [pending],
      [
        { item_id: 41, value: 5, skip: false, comment: 'Muy claro' },
        { item_id: 42, value: null, skip: true, comment: null },
      ],
    );
    await openForm(api);
    expect((within(question(1)).getByRole('radio', { name: '5' }) as HTMLInputElement).checked).toBe(true);
    expect(
      (within(question(1)).getByRole('textbox', { name: 'Comentario (opcional)' }) as HTMLInputElement).value,
    ).toBe('Muy claro');
    expect((within(question(2)).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect(within(question(2)).getByRole('radio', { name: 'Sí' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('v2-progress-top').textContent).toBe('2 de 3 respondidas');
    expect(screen.getByText(/^Se recuperó tu borrador guardado a las/)).toBeTruthy();
  });

  it('shows the server sentence when it refuses the answers, and keeps the form', async () => {
    const refusal = 'Esta asignación ya fue respondida.';
    const api = raterApi().on(v2AnswerEndpoints.submit, () => {
      throw serverError(409, ERROR_CODES.alreadyAnswered, refusal);
    });
    const { user, alerts } = await openForm(api);
    await user.click(within(question(1)).getByRole('radio', { name: '1' }));
    await user.click(within(question(2)).getByRole('radio', { name: 'No' }));
    await user.click(within(question(3)).getByRole('checkbox', { name: 'N/A (no aplica)' }));
    await user.click(screen.getByRole('button', { name: 'Guardar respuestas' }));
    await screen.findByRole('button', { name: 'Guardar respuestas' });
    // The server's sentence as the app's notification, not a native alert (issue 30 §7).
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(alerts).toEqual([]);
    expect(screen.getByRole('group', { name: 'Pregunta 1' })).toBeTruthy();
    expect(screen.queryByText('¡Respuestas guardadas!')).toBeNull();
  });

  it('says the questions could not be loaded in a notification, not a native alert', async () => {
    const api = raterApi().on(v2ItemEndpoints.list, () => {
      throw serverError(500, ERROR_CODES.internal, 'fallo');
    });
    const { user, alerts } = renderScreen(<EvaluationFormV2Page />, { api, me: meAs('evaluador') });
    await user.click(await screen.findByRole('button', { name: 'Evaluar a Luis Gómez en Evaluación 360' }));
    expect(await screen.findByText('No se pudieron cargar las preguntas de la evaluación')).toBeTruthy();
    expect(alerts).toEqual([]);
    expect(screen.queryByRole('group', { name: 'Pregunta 1' })).toBeNull();
  });

  it('offers no way to decline a self-evaluation', async () => {
    await openForm(raterApi([{ ...pending, relation: 'self' }]));
    expect(screen.queryByRole('button', { name: v2AnswerMessages.decline })).toBeNull();
  });

  it('declines only with a reason, and sends it', async () => {
    const api = raterApi();
    const { user } = await openForm(api);
    await user.click(screen.getByRole('button', { name: v2AnswerMessages.decline }));
    const dialog = screen.getByRole('dialog', { name: v2AnswerMessages.declineTitle });
    await user.click(within(dialog).getByRole('button', { name: v2AnswerMessages.declineConfirm }));
    expect(within(dialog).getByText(v2AnswerMessages.reasonRequired)).toBeTruthy();
    expect(api.calls(v2AnswerEndpoints.decline)).toEqual([]);

    const reason = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: /Motivo/ });
    await user.type(reason, 'No trabajo con Luis');
    expect(reason.value).toBe('No trabajo con Luis');
    // The message shows for a few seconds only: watched from before the click, so a busy machine that
    // resumes the test late still sees it.
    const shown = screen.findByText(v2AnswerMessages.declined);
    await user.click(within(dialog).getByRole('button', { name: v2AnswerMessages.declineConfirm }));
    expect(await shown).toBeTruthy();
    expect(api.bodies(v2AnswerEndpoints.decline)).toEqual([
      { assignment_id: 10, reason: 'No trabajo con Luis' },
    ]);
    expect(within(await findRow('Luis Gómez')).getAllByText('Rechazada')).not.toEqual([]);
    expect(within(await findRow('Luis Gómez')).queryByRole('button')).toBeNull();
  });
});
