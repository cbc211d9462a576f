// @vitest-environment jsdom
import {
  ERROR_CODES,
  FULL_SUBMIT_MESSAGES,
  assignmentEndpoints,
  evaluationEndpoints,
  evaluatorEndpoints,
  fullEvaluationEndpoints,
  missingAnswersMessage,
  questionBankEndpoints,
  resultEndpoints,
  userEndpoints,
  V1_RELEASE_MESSAGES,
  v1ReleaseEndpoints,
  type Assignment,
  type EvaluatedResult,
  type Question,
} from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { userRow, v1Evaluation } from '../../test-support/fixtures';
import { findRow, meAs, renderRoute, renderScreen } from '../../test-support/render';
import EvaluationFormPage from './EvaluationFormPage';

const t = messages.evaluationForm;
const EVALUATOR_ID = 5;

function assignment(extra: Partial<Assignment> = {}): Assignment {
  return {
    id: 1,
    evaluator_id: EVALUATOR_ID,
    collaborator_id: 20,
    collaborator_name: 'Luis Gómez',
    email: 'luis@example.com',
    position: null,
    department: null,
    category_id: 1,
    evaluated: false,
    due_date: null,
    ...extra,
  };
}

const luis = assignment();
const eva = assignment({ id: 2, collaborator_id: 21, collaborator_name: 'Eva Ruiz', email: null });
const evaluation = v1Evaluation({ id: 9, name: 'Anual 2025', status: 'abierta', question_bank_id: 3 });
const questions: Question[] = [
  { id: 31, question_text: 'Trabaja en equipo', question_type: 'competency' },
  { id: 32, question_text: 'Comunica con claridad', question_type: 'competency' },
  { id: 33, question_text: 'Cumple sus metas', question_type: 'objective' },
];

const result = (collaboratorId: number): EvaluatedResult => ({
  collaborator_id: collaboratorId,
  evaluation_id: evaluation.id,
  evaluation_name: evaluation.name,
  overall_percentage: 80,
  created_at: '2025-03-01T12:00:00.000Z',
  can_correct: false,
});

/** One evaluator's API: Eva already evaluated, Luis pending; a submit marks its collaborator evaluated. */
function evaluatorApi(options: { categoryOfLuis?: number | null } = {}) {
  const evaluated = [result(eva.collaborator_id)];
  return new FakeApi()
    .on(assignmentEndpoints.assigned, [luis, eva])
    .on(resultEndpoints.evaluated, () => evaluated)
    .on(evaluationEndpoints.byCategory, evaluation)
    .on(userEndpoints.get, ({ params }) =>
      userRow({
        id: Number(params.id),
        name: 'Luis Gómez',
        category_id: options.categoryOfLuis === undefined ? 1 : options.categoryOfLuis,
      }),
    )
    .on(questionBankEndpoints.questions, questions)
    .on(fullEvaluationEndpoints.submit, ({ body }) => {
      evaluated.push(result(Number(body.user_id)));
      return {
        id: 100,
        evaluation_id: Number(body.evaluation_id),
        collaborator_id: Number(body.user_id),
        evaluator_id: Number(body.evaluator_id),
        competencies_percentage: 75,
        objectives_percentage: 100,
        overall_percentage: 85,
      };
    });
}

const questionGroup = (text: string) => screen.getByRole('radiogroup', { name: text });

async function openLuis(api: FakeApi) {
  const rendered = renderScreen(<EvaluationFormPage />, { api, me: meAs('evaluador', { id: EVALUATOR_ID }) });
  await rendered.user.click(await screen.findByRole('button', { name: 'Evaluar a Luis Gómez' }));
  await screen.findByRole('radiogroup', { name: 'Trabaja en equipo' });
  return rendered;
}

describe('Realizar Evaluación (V1): the list of collaborators', () => {
  it('offers Evaluar for the pending one and shows Evaluado for the one already evaluated', async () => {
    renderScreen(<EvaluationFormPage />, {
      api: evaluatorApi(),
      me: meAs('evaluador', { id: EVALUATOR_ID }),
    });
    expect(await screen.findByRole('button', { name: 'Evaluar a Luis Gómez' })).toBeTruthy();
    const evaRow = await findRow('Eva Ruiz');
    expect(within(evaRow).getByText('Evaluado')).toBeTruthy();
    expect(within(evaRow).queryByRole('button')).toBeNull();
    expect(screen.queryByText(t.allEvaluated)).toBeNull();
  });

  it('says so when the evaluator has nobody assigned', async () => {
    const api = evaluatorApi().on(assignmentEndpoints.assigned, []);
    renderScreen(<EvaluationFormPage />, { api, me: meAs('evaluador', { id: EVALUATOR_ID }) });
    expect(await screen.findByText(t.noAssignments)).toBeTruthy();
    expect(api.calls(assignmentEndpoints.assigned)).toEqual([{ params: { evaluatorId: EVALUATOR_ID } }]);
  });
});

describe('Realizar Evaluación (V1): rating and sending', () => {
  it('refuses to continue until every question is rated, then sends exactly the ratings and the training form', async () => {
    const api = evaluatorApi();
    const { user } = await openLuis(api);
    await user.click(within(questionGroup('Comunica con claridad')).getByRole('radio', { name: '3' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await screen.findByText(missingAnswersMessage(2))).toBeTruthy();
    expect(screen.getAllByText(t.rateQuestion)).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Capacitación' })).toBeNull();

    await user.click(within(questionGroup('Trabaja en equipo')).getByRole('radio', { name: '4' }));
    await user.click(within(questionGroup('Cumple sus metas')).getByRole('radio', { name: '1' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('heading', { name: 'Capacitación' })).toBeTruthy();
    expect(
      screen.getByText('Has calificado las 3 preguntas. Completa el formulario de capacitación.'),
    ).toBeTruthy();

    // The training form is required too.
    await user.click(screen.getByRole('button', { name: 'Enviar evaluación' }));
    expect(await screen.findByText(FULL_SUBMIT_MESSAGES.requiresTrainingRequired)).toBeTruthy();
    expect(screen.getByText(FULL_SUBMIT_MESSAGES.commentsRequired)).toBeTruthy();
    expect(api.calls(fullEvaluationEndpoints.submit)).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Sí' }));
    const comments = screen.getByRole('textbox', { name: 'Comentarios' });
    await user.type(comments, 'Curso de Excel');
    expect((comments as HTMLTextAreaElement).value).toBe('Curso de Excel');
    await user.click(screen.getByRole('button', { name: 'Enviar evaluación' }));

    expect(await screen.findByText(t.submitted)).toBeTruthy();
    expect(api.bodies(fullEvaluationEndpoints.submit)).toEqual([
      {
        evaluation_id: 9,
        user_id: 20,
        evaluator_id: EVALUATOR_ID,
        responses: [
          { question_id: 31, score: 4 },
          { question_id: 32, score: 3 },
          { question_id: 33, score: 1 },
        ],
        training: { requires_training: true, comments: 'Curso de Excel' },
      },
    ]);
    // The list is read again: Luis is now evaluated, and so is everyone.
    expect(await screen.findByText(t.allEvaluated)).toBeTruthy();
    expect(within(await findRow('Luis Gómez')).getByText('Evaluado')).toBeTruthy();
  });

  it('keeps the ratings when going back from the training form', async () => {
    const api = evaluatorApi();
    const { user } = await openLuis(api);
    await user.click(within(questionGroup('Trabaja en equipo')).getByRole('radio', { name: '2' }));
    await user.click(within(questionGroup('Comunica con claridad')).getByRole('radio', { name: '2' }));
    await user.click(within(questionGroup('Cumple sus metas')).getByRole('radio', { name: '4' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(await screen.findByRole('button', { name: 'Volver a las preguntas' }));
    const checked = (text: string, score: string) =>
      (within(questionGroup(text)).getByRole('radio', { name: score }) as HTMLInputElement).checked;
    expect(checked('Trabaja en equipo', '2')).toBe(true);
    expect(checked('Cumple sus metas', '4')).toBe(true);
    expect(checked('Cumple sus metas', '1')).toBe(false);
  });

  it('shows the server’s refusal and keeps the form', async () => {
    const api = evaluatorApi().on(fullEvaluationEndpoints.submit, () => {
      throw serverError(409, ERROR_CODES.alreadyAnswered, FULL_SUBMIT_MESSAGES.alreadyEvaluated);
    });
    const { user, alerts } = await openLuis(api);
    for (const text of ['Trabaja en equipo', 'Comunica con claridad', 'Cumple sus metas']) {
      await user.click(within(questionGroup(text)).getByRole('radio', { name: '3' }));
    }
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(await screen.findByRole('radio', { name: 'No' }));
    const comments = screen.getByRole('textbox', { name: 'Comentarios' });
    await user.type(comments, 'No la necesita');
    expect((comments as HTMLTextAreaElement).value).toBe('No la necesita');
    await user.click(screen.getByRole('button', { name: 'Enviar evaluación' }));

    // The app's notification says the spec's sentence (errorText with no status shown); the form
    // keeps the server's reason on screen. No native alert (issue 30 §7).
    expect(await screen.findByText(t.submitError)).toBeTruthy();
    const banners = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(banners).toContain(FULL_SUBMIT_MESSAGES.alreadyEvaluated);
    expect(alerts).toEqual([]);
    expect(screen.getByRole('button', { name: 'Enviar evaluación' })).toBeTruthy();
    expect(screen.queryByText(t.submitted)).toBeNull();
    expect(api.bodies(fullEvaluationEndpoints.submit)).toHaveLength(1);
  });

  it('says why a collaborator without a category cannot be evaluated, and asks for no questions', async () => {
    const api = evaluatorApi({ categoryOfLuis: null });
    const { user } = renderScreen(<EvaluationFormPage />, {
      api,
      me: meAs('evaluador', { id: EVALUATOR_ID }),
    });
    await user.click(await screen.findByRole('button', { name: 'Evaluar a Luis Gómez' }));
    expect(await screen.findByText(t.categoryError)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continuar' })).toBeNull();
    expect(api.calls(questionBankEndpoints.questions)).toEqual([]);
  });
});

describe('Realizar Evaluación (V1): correcting a result before it is released (decision 050)', () => {
  /** Eva evaluated and still correctable; a reopen takes her result out of the evaluator's list. */
  function correctableApi() {
    let evaluated = [{ ...result(eva.collaborator_id), can_correct: true }];
    return evaluatorApi()
      .on(resultEndpoints.evaluated, () => evaluated)
      .on(v1ReleaseEndpoints.reopen, ({ body }) => {
        evaluated = evaluated.filter((r) => r.collaborator_id !== Number(body.collaborator_id));
        return {
          id: 50,
          evaluator_id: EVALUATOR_ID,
          evaluator_name: 'Carlos Evaluador',
          overall_percentage: 80,
          submitted_at: '2025-03-01T12:00:00.000Z',
          reopened_at: '2025-03-02T12:00:00.000Z',
          reopened_by_name: 'Carlos Evaluador',
          reason: String(body.reason),
        };
      });
  }

  const asEvaluator = (api: FakeApi) =>
    renderScreen(<EvaluationFormPage />, { api, me: meAs('evaluador', { id: EVALUATOR_ID }) });

  it('offers Corregir only beside a result that may still be corrected', async () => {
    asEvaluator(correctableApi());
    const evaRow = await findRow('Eva Ruiz');
    expect(within(evaRow).getByText('Evaluado')).toBeTruthy();
    expect(within(evaRow).getByRole('button', { name: 'Corregir la evaluación de Eva Ruiz' })).toBeTruthy();
  });

  it('offers no Corregir once the result is released or the round closed', async () => {
    asEvaluator(evaluatorApi());
    const evaRow = await findRow('Eva Ruiz');
    expect(within(evaRow).getByText('Evaluado')).toBeTruthy();
    expect(within(evaRow).queryByRole('button')).toBeNull();
  });

  it('asks the reason, reopens with it, and shows the collaborator pending again', async () => {
    const api = correctableApi();
    const { user } = asEvaluator(api);
    await user.click(await screen.findByRole('button', { name: 'Corregir la evaluación de Eva Ruiz' }));
    const dialog = screen.getByRole('dialog', { name: 'Corregir la evaluación' });
    expect(within(dialog).getByText(messages.v1Release.reopenOwn('Eva Ruiz'))).toBeTruthy();

    // The reason is required: the contract's sentence, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Reabrir para corregir' }));
    expect(await within(dialog).findByText(V1_RELEASE_MESSAGES.reasonRequired)).toBeTruthy();
    expect(api.calls(v1ReleaseEndpoints.reopen)).toEqual([]);

    const reason = within(dialog).getByRole('textbox', { name: /^Motivo de la corrección/ });
    expect(reason.getAttribute('maxlength')).toBe('1000');
    await user.type(reason, '  Califiqué mal los objetivos ');
    await user.click(within(dialog).getByRole('button', { name: 'Reabrir para corregir' }));
    expect(await screen.findByText(V1_RELEASE_MESSAGES.reopened)).toBeTruthy();
    expect(api.calls(v1ReleaseEndpoints.reopen)).toEqual([
      {
        params: { id: evaluation.id },
        body: { collaborator_id: 21, evaluator_id: EVALUATOR_ID, reason: 'Califiqué mal los objetivos' },
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The list is read again: Eva is pending.
    expect(await screen.findByRole('button', { name: 'Evaluar a Eva Ruiz' })).toBeTruthy();
  });

  it('shows the server’s sentence in the dialog when it refuses, and keeps the reason', async () => {
    const api = correctableApi().on(v1ReleaseEndpoints.reopen, () => {
      throw serverError(409, ERROR_CODES.conflict, V1_RELEASE_MESSAGES.alreadyReleased);
    });
    const { user } = asEvaluator(api);
    await user.click(await screen.findByRole('button', { name: 'Corregir la evaluación de Eva Ruiz' }));
    const dialog = screen.getByRole('dialog', { name: 'Corregir la evaluación' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Motivo/ }), 'Error de captura');
    await user.click(within(dialog).getByRole('button', { name: 'Reabrir para corregir' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(V1_RELEASE_MESSAGES.alreadyReleased);
    expect((within(dialog).getByRole('textbox', { name: /^Motivo/ }) as HTMLTextAreaElement).value).toBe(
      'Error de captura',
    );

    // Cancelled, nothing is left for the next time.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Corregir la evaluación de Eva Ruiz' }));
    const again = screen.getByRole('dialog', { name: 'Corregir la evaluación' });
    expect((within(again).getByRole('textbox', { name: /^Motivo/ }) as HTMLTextAreaElement).value).toBe('');
    expect(within(again).queryByRole('alert')).toBeNull();
  });
});

describe('Realizar Evaluación (V1): an administrator', () => {
  it('first picks the evaluator, and says when there is none', async () => {
    const api = new FakeApi().on(evaluatorEndpoints.list, []);
    renderRoute('/evaluation-form', { api, me: meAs('admin') });
    expect(await screen.findByText(t.noEvaluators)).toBeTruthy();
    expect(api.calls(assignmentEndpoints.assigned)).toEqual([]);
  });

  it('works on the chosen evaluator’s collaborators', async () => {
    const api = evaluatorApi().on(evaluatorEndpoints.list, [
      { id: EVALUATOR_ID, name: 'Carlos Evaluador', email: 'carlos@example.com' },
    ]);
    renderRoute(`/evaluation-form?evaluador=${EVALUATOR_ID}`, { api, me: meAs('admin', { id: 1 }) });
    expect(await screen.findByRole('heading', { name: 'Colaboradores de Carlos Evaluador' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Evaluar a Luis Gómez' })).toBeTruthy();
    expect(api.calls(assignmentEndpoints.assigned)).toEqual([{ params: { evaluatorId: EVALUATOR_ID } }]);
  });

  it('is denied to HR', async () => {
    const api = evaluatorApi();
    renderRoute('/evaluation-form', { api, me: meAs('gestionhumana') });
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeTruthy();
    expect(api.log).toEqual([]);
  });
});
