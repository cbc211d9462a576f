import {
  assignmentEndpoints,
  authEndpoints,
  evaluatorEndpoints,
  FULL_SUBMIT_MESSAGES,
  fullEvaluationEndpoints,
  resultEndpoints,
  wholeList,
  type Assignment,
} from '@evalua/contracts';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';
import { v1QuestionsFor } from './support/rounds';

const SUCCESS = 'Evaluación y capacitación guardadas exitosamente.';
const RATE = 'Selecciona una calificación del 1 al 4 para esta pregunta.';

/** The row whose cell holds exactly `text` (e-mails are unique; demo names repeat). */
function row(scope: Locator, text: string | null) {
  if (text === null) throw new Error('Las filas se buscan por correo y esta persona no tiene');
  return scope.getByRole('row').filter({ has: scope.page().getByRole('cell', { name: text, exact: true }) });
}

/** The questions the form must show for one collaborator, as the server has them. */
async function questionsFor(page: Page, collaboratorId: number) {
  const { evaluation, questions } = await v1QuestionsFor(page, collaboratorId);
  return { evaluationId: evaluation.id, questions };
}

/** Each row shows 'Evaluado' exactly when the server has a result for that collaborator. */
async function expectListMatches(table: Locator, assigned: Assignment[], done: Set<number>) {
  for (const a of assigned) {
    const r = row(table, a.email);
    if (done.has(a.collaborator_id)) {
      await r.getByText('Evaluado', { exact: true }).waitFor();
      expect(await r.getByRole('button').count(), a.email!).toBe(0);
    } else {
      await r.getByRole('button', { name: `Evaluar a ${a.collaborator_name}` }).waitFor();
      expect(await r.getByText('Evaluado', { exact: true }).count(), a.email!).toBe(0);
    }
  }
  expect(await table.getByRole('row').count()).toBe(assigned.length + 1);
}

function openFromMenu(page: Page) {
  return page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Realizar Evaluación (V1)' })
    .click();
}

describeInChromium('Realizar Evaluación (V1) in Chromium', () => {
  const app = useDemoApp();

  it('lets an evaluator rate a pending collaborator and fill in the training form', async () => {
    const { context, page } = await app.signIn('evaluador', '/home');
    await openFromMenu(page);
    await page.waitForURL('**/evaluation-form');
    await page.getByRole('heading', { level: 1, name: 'Realizar Evaluación (V1)' }).waitFor();

    // The list is the server's: evaluated ones show 'Evaluado', the others 'Evaluar'.
    const me = await call(page, authEndpoints.me);
    const assigned = await call(page, assignmentEndpoints.assigned, { params: { evaluatorId: me.id } });
    const evaluated = await call(page, resultEndpoints.evaluated, { params: { evaluatorId: me.id } });
    const done = new Set(evaluated.map((r) => r.collaborator_id));
    const pending = assigned.filter((a) => !done.has(a.collaborator_id));
    expect(done.size).toBeGreaterThan(0);
    expect(pending.length).toBeGreaterThan(0);
    const table = page.getByRole('table');
    await expectListMatches(table, assigned, done);
    await expectNoAxeViolations(page, 'lista de colaboradores');

    // Pick a pending collaborator: their category's evaluation and questions load.
    const target = pending[0]!;
    const { evaluationId, questions } = await questionsFor(page, target.collaborator_id);
    await row(table, target.email)
      .getByRole('button', { name: `Evaluar a ${target.collaborator_name}` })
      .click();
    await page
      .getByRole('heading', { level: 2, name: `Evaluación de ${target.collaborator_name}` })
      .waitFor();
    await page.getByRole('radiogroup').first().waitFor();
    expect(await page.getByRole('radiogroup').count()).toBe(questions.length);
    await page.getByRole('heading', { level: 3, name: 'Competencias' }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Objetivos' }).waitFor();
    await expectNoAxeViolations(page, 'preguntas');

    // One question left unanswered: 'Continuar' says which and how many.
    const [last, ...rest] = [...questions].reverse();
    for (const [i, q] of rest.entries()) {
      await page
        .getByRole('radiogroup', { name: q.question_text, exact: true })
        .getByRole('radio', { name: String((i % 4) + 1), exact: true })
        .check();
    }
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Debes responder todas las preguntas de la evaluación; falta 1.').waitFor();
    expect(await page.getByText(RATE).count()).toBe(1);
    const lastGroup = page.getByRole('radiogroup', { name: last!.question_text, exact: true });
    expect(await lastGroup.getAttribute('aria-describedby')).toBeTruthy();
    await expectNoAxeViolations(page, 'preguntas con una sin responder');

    await lastGroup.getByRole('radio', { name: '4', exact: true }).check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('heading', { level: 3, name: 'Capacitación' }).waitFor();
    expect(await page.getByRole('radiogroup').count()).toBe(1);
    await expectNoAxeViolations(page, 'formulario de capacitación');

    // Both training fields are required.
    await page.getByRole('button', { name: 'Enviar evaluación' }).click();
    await page.getByText(FULL_SUBMIT_MESSAGES.requiresTrainingRequired).waitFor();
    await page.getByText(FULL_SUBMIT_MESSAGES.commentsRequired).waitFor();
    await expectNoAxeViolations(page, 'formulario de capacitación con errores');

    await page
      .getByRole('radiogroup', { name: 'Requiere capacitación' })
      .getByRole('radio', { name: 'Sí', exact: true })
      .check();
    await page.getByLabel('Comentarios').fill('Taller de evaluación formativa en el primer trimestre.');
    await page.getByRole('button', { name: 'Enviar evaluación' }).click();

    // Success: the message, the form gone, the row now 'Evaluado'; the message then hides.
    const success = page.getByText(SUCCESS);
    await success.waitFor();
    await row(table, target.email).getByText('Evaluado', { exact: true }).waitFor();
    expect(await page.getByRole('radiogroup').count()).toBe(0);
    await expectNoAxeViolations(page, 'evaluación enviada');
    await success.waitFor({ state: 'detached' });

    // The server has the submission for the evaluation the form used.
    const after = await call(page, resultEndpoints.evaluated, { params: { evaluatorId: me.id } });
    expect(after).toContainEqual(
      expect.objectContaining({ collaborator_id: target.collaborator_id, evaluation_id: evaluationId }),
    );
    expect(after).toHaveLength(evaluated.length + 1);
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });

  it('lets an admin pick an evaluator, see their collaborators and learn why a submission is refused', async () => {
    const { context, page } = await app.signIn('admin', '/dashboard');
    await openFromMenu(page);
    await page.waitForURL('**/evaluation-form');
    await page.getByRole('heading', { level: 1, name: 'Realizar Evaluación (V1)' }).waitFor();
    await page.getByText('Elige el evaluador en cuyo nombre vas a evaluar.').waitFor();
    await expectNoAxeViolations(page, 'sin evaluador');

    const evaluators = wholeList(await call(page, evaluatorEndpoints.list));
    const evaluator = evaluators.find((e) => e.email === app.logins.byRole.evaluador.email)!;
    const picker = page.getByRole('combobox', { name: 'Evaluador' });
    await picker.click();
    await picker.fill(evaluator.name.split(' ')[0]!);
    await page.getByRole('option', { name: evaluator.name, exact: true }).click();
    await page.waitForURL(`**/evaluation-form?evaluador=${evaluator.id}`);
    await page.getByRole('heading', { level: 2, name: `Colaboradores de ${evaluator.name}` }).waitFor();

    const assigned = await call(page, assignmentEndpoints.assigned, {
      params: { evaluatorId: evaluator.id },
    });
    const evaluated = await call(page, resultEndpoints.evaluated, {
      params: { evaluatorId: evaluator.id },
    });
    const done = new Set(evaluated.map((r) => r.collaborator_id));
    const table = page.getByRole('table');
    await expectListMatches(table, assigned, done);
    await expectNoAxeViolations(page, 'lista del evaluador elegido');

    // The admin opens a pending one for that evaluator: the same questions load.
    const target = assigned.find((a) => !done.has(a.collaborator_id))!;
    const { questions } = await questionsFor(page, target.collaborator_id);
    await row(table, target.email)
      .getByRole('button', { name: `Evaluar a ${target.collaborator_name}` })
      .click();
    await page.getByRole('radiogroup').first().waitFor();
    expect(await page.getByRole('radiogroup').count()).toBe(questions.length);
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('radiogroup').first().waitFor({ state: 'detached' });

    // Someone else submits the same evaluation meanwhile: the alert, and the server's reason on screen.
    await row(table, target.email)
      .getByRole('button', { name: `Evaluar a ${target.collaborator_name}` })
      .click();
    await page.getByRole('radiogroup').first().waitFor();
    for (const q of questions) {
      await page
        .getByRole('radiogroup', { name: q.question_text, exact: true })
        .getByRole('radio', { name: '3', exact: true })
        .check();
    }
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page
      .getByRole('radiogroup', { name: 'Requiere capacitación' })
      .getByRole('radio', { name: 'No', exact: true })
      .check();
    await page.getByLabel('Comentarios').fill('Cumple con lo esperado.');
    // Answers 201 (call checks the endpoint's status).
    await call(page, fullEvaluationEndpoints.submit, {
      body: {
        evaluation_id: (await questionsFor(page, target.collaborator_id)).evaluationId,
        user_id: target.collaborator_id,
        evaluator_id: evaluator.id,
        responses: questions.map((q) => ({ question_id: q.id, score: 4 })),
        training: { requires_training: false, comments: 'Enviada desde otra sesión.' },
      },
    });
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await page.getByRole('button', { name: 'Enviar evaluación' }).click();
    // The spec's sentence as the app's notification, never a native alert (issue 30 §7).
    await page.getByText('Ocurrió un error al enviar la evaluación. Inténtalo de nuevo.').waitFor();
    await page.getByRole('alert').filter({ hasText: FULL_SUBMIT_MESSAGES.alreadyEvaluated }).waitFor();
    await row(table, target.email).getByText('Evaluado', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'envío rechazado');
    expect(dialogs).toEqual([]);
    expect(pageProblems(page).filter((p) => !/status of 409/.test(p))).toEqual([]);
    await context.close();
  });
});
