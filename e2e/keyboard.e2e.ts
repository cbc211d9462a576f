import {
  assignmentEndpoints,
  authEndpoints,
  RELATION_LABELS,
  resultEndpoints,
  v2AnswerEndpoints,
  v2ItemEndpoints,
  type Question,
} from '@evalua/contracts';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';
import { v1QuestionsFor } from './support/rounds';
import { expectVisibleFocus, isFocused, tabTo, waitForFocus } from './support/keyboard';

/**
 * Both evaluation forms with the keyboard alone: Tab and Shift+Tab to move, Space and arrow keys in
 * radio groups and checkboxes, Enter on links and buttons, typing in the fields the focus reached.
 * No mouse, and no click/check/fill on elements. Every element the focus passes shows a focus ring.
 */

interface Submitted {
  evaluation_id: number;
  user_id: number;
  evaluator_id: number;
  responses: Array<{ question_id: number; score: number }>;
  training: { requires_training: boolean; comments: string };
}
interface V2Submitted {
  evaluation_id: number;
  assignment_id: number;
  answers: Array<{ item_id: number; type: string; value: unknown; skip: boolean; comment: string | null }>;
}

const TRAINING_COMMENT = 'Cumple con lo esperado; acompañamiento habitual.';
const V2_COMMENT = 'Lo anoto para conversarlo con mi coordinadora.';
const V2_WRITTEN = 'Quiero profundizar en la evaluación formativa.';

/** Logs in with the keyboard: Tab to each field, type, Enter. */
async function keyboardLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('heading', { name: 'Iniciar Sesión' }).waitFor();
  await tabTo(page, page.getByLabel('Correo electrónico'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel(/^Contraseña( \*)?$/));
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

/** Tab to a menu entry and follow it with Enter. */
async function openFromMenu(page: Page, name: string, path: string): Promise<void> {
  const link = page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name });
  await link.waitFor();
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await page.waitForURL(`**${path}`);
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** In a radio group the focus reached: Space picks the first choice, ArrowRight moves and picks. */
async function chooseNth(page: Page, group: Locator, n: number): Promise<void> {
  await page.keyboard.press('Space');
  for (let k = 0; k < n; k += 1) await page.keyboard.press('ArrowRight');
  const radio = group.getByRole('radio').nth(n);
  expect(await radio.isChecked()).toBe(true);
  expect(await isFocused(radio)).toBe(true);
  await expectVisibleFocus(page);
}

describeInChromium('the evaluation forms with the keyboard alone', () => {
  const app = useDemoApp();

  it('lets an evaluator rate a collaborator and send the training form (V1)', async () => {
    const { context, page } = await app.newPage();
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await keyboardLogin(page, app.logins.byRole.evaluador.email, app.logins.password);
    await page.waitForURL('**/home');
    await openFromMenu(page, 'Realizar Evaluación (V1)', '/evaluation-form');

    // A pending collaborator, as the server has them, and the questions their evaluation uses.
    const me = await call(page, authEndpoints.me);
    const assigned = await call(page, assignmentEndpoints.assigned, { params: { evaluatorId: me.id } });
    const evaluated = await call(page, resultEndpoints.evaluated, { params: { evaluatorId: me.id } });
    const target = assigned.find((a) => !evaluated.some((e) => e.collaborator_id === a.collaborator_id))!;
    expect(target, 'un colaborador pendiente en la demo').toBeDefined();
    const { evaluation, questions } = await v1QuestionsFor(page, target.collaborator_id);
    // On screen: Competencias first, then Objetivos.
    const shown = [
      ...questions.filter((q) => q.question_type === 'competency'),
      ...questions.filter((q) => q.question_type === 'objective'),
    ];
    const scoreOf = (q: Question) => (shown.indexOf(q) % 4) + 1;

    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: target.email!, exact: true }) });
    const evaluate = row.getByRole('button', { name: `Evaluar a ${target.collaborator_name}` });
    await evaluate.waitFor();
    await tabTo(page, evaluate);
    await page.keyboard.press('Enter');

    // The form takes the focus to its heading; each question is one Tab further, rated with keys.
    await waitForFocus(
      page.getByRole('heading', { level: 2, name: `Evaluación de ${target.collaborator_name}` }),
    );
    expect(await page.getByRole('radiogroup').count()).toBe(questions.length);
    for (const q of shown) {
      const group = page.getByRole('radiogroup', { name: q.question_text, exact: true });
      await tabTo(page, group.getByRole('radio', { name: '1', exact: true }), { max: 3 });
      await chooseNth(page, group, scoreOf(q) - 1);
    }
    // Shift+Tab goes back to the previous question's chosen score; Tab returns.
    if (shown.length > 1) {
      const previous = shown.at(-2)!;
      const chosen = page
        .getByRole('radiogroup', { name: previous.question_text, exact: true })
        .getByRole('radio', { name: String(scoreOf(previous)), exact: true });
      await tabTo(page, chosen, { backwards: true, max: 1 });
      await page.keyboard.press('Tab');
    }
    await tabTo(page, page.getByRole('button', { name: 'Continuar' }), { max: 2 });
    await page.keyboard.press('Enter');

    // The training form: Sí, the comment, back with Shift+Tab to change to No, then send with Enter.
    await waitForFocus(page.getByRole('heading', { level: 3, name: 'Capacitación' }));
    const training = page.getByRole('radiogroup', { name: 'Requiere capacitación' });
    await tabTo(page, training.getByRole('radio', { name: 'Sí', exact: true }), { max: 2 });
    await chooseNth(page, training, 0);
    const comments = page.getByRole('textbox', { name: 'Comentarios' });
    await tabTo(page, comments, { max: 1 });
    await page.keyboard.type(TRAINING_COMMENT);
    await tabTo(page, training.getByRole('radio', { name: 'Sí', exact: true }), { backwards: true, max: 1 });
    await page.keyboard.press('ArrowRight');
    expect(await training.getByRole('radio', { name: 'No', exact: true }).isChecked()).toBe(true);
    await expectNoAxeViolations(page, 'capacitación con el teclado');
    await tabTo(page, page.getByRole('button', { name: 'Enviar evaluación' }), { max: 2 });
    const request = page.waitForRequest((r) => r.url().endsWith('/api/full-evaluation/full-submit'));
    await page.keyboard.press('Enter');
    const body = (await request).postDataJSON() as Submitted;

    // Sent as answered; the success message; the row is 'Evaluado' on screen and on the server.
    expect(body).toEqual({
      evaluation_id: evaluation.id,
      user_id: target.collaborator_id,
      evaluator_id: me.id,
      responses: questions.map((q) => ({ question_id: q.id, score: scoreOf(q) })),
      training: { requires_training: false, comments: TRAINING_COMMENT },
    });
    await page
      .getByRole('status')
      .filter({ hasText: 'Evaluación y capacitación guardadas exitosamente.' })
      .waitFor();
    await row.getByText('Evaluado', { exact: true }).waitFor();
    const after = await call(page, resultEndpoints.evaluated, { params: { evaluatorId: me.id } });
    expect(after).toContainEqual(
      expect.objectContaining({ collaborator_id: target.collaborator_id, evaluation_id: evaluation.id }),
    );
    expect(after).toHaveLength(evaluated.length + 1);
    expect(alerts).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });

  it('lets the colaborador answer her 360 self-evaluation, one question N/A (V2)', async () => {
    const { context, page } = await app.newPage();
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await keyboardLogin(page, app.logins.byRole.colaborador.email, app.logins.password);
    await page.waitForURL('**/home');
    await openFromMenu(page, 'Realizar Evaluación (V2)', '/evaluation-form-v2');

    const me = await call(page, authEndpoints.me);
    const mine = async () => (await call(page, v2AnswerEndpoints.mine)).rows;
    const target = (await mine()).find(
      (r) => r.relation === 'self' && r.assignment_status === 'pending' && r.evaluation_status === 'open',
    )!;
    expect(target, 'su autoevaluación pendiente en la demo').toBeDefined();
    expect(target.evaluatee_id).toBe(me.id);
    const { items } = await call(page, v2ItemEndpoints.list, { params: { id: target.evaluation_id } });
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(['rating', 'yes_no', 'status_3', 'text']));

    const evaluate = page.getByRole('button', {
      name: `Evaluar a ${target.evaluatee_name} en ${target.evaluation_name}`,
    });
    await evaluate.waitFor();
    await tabTo(page, evaluate);
    await page.keyboard.press('Enter');
    const title = `${target.evaluation_name} — ${target.evaluatee_name} (${RELATION_LABELS[target.relation]})`;
    await waitForFocus(page.getByRole('heading', { level: 2, name: title }));

    const expected: V2Submitted['answers'] = [];
    for (const [i, item] of items.entries()) {
      const group = page.getByRole('group', { name: `Pregunta ${i + 1}`, exact: true });
      const na = group.getByRole('checkbox', { name: 'N/A (no aplica)' });
      const comment = group.getByRole('textbox', { name: 'Comentario (opcional)' });
      const answer =
        item.type === 'text' ? group.getByRole('textbox').first() : group.getByRole('radio').first();
      await tabTo(page, answer, { max: 3 });
      let value: unknown;
      if (i === 0) {
        // N/A: Tab to the checkbox, Space; the question's choices are disabled.
        await tabTo(page, na, { max: 1 });
        await page.keyboard.press('Space');
        expect(await na.isChecked()).toBe(true);
        for (let k = 0; k < (await group.getByRole('radio').count()); k += 1)
          expect(await group.getByRole('radio').nth(k).isDisabled()).toBe(true);
        value = 'na';
      } else if (item.type === 'rating') {
        await chooseNth(page, group, item.scale_max - item.scale_min);
        value = item.scale_max;
      } else if (item.type === 'yes_no') {
        // No, Sí: worst to best, as the ratings (issue 30 §8).
        await chooseNth(page, group, 1);
        value = true;
      } else if (item.type === 'status_3') {
        await chooseNth(page, group, 1);
        value = 'proceso';
      } else {
        await page.keyboard.type(V2_WRITTEN);
        value = V2_WRITTEN;
      }
      if (i === 1) {
        await tabTo(page, comment, { max: 2 });
        await page.keyboard.type(V2_COMMENT);
      }
      expected.push({
        item_id: item.id,
        type: item.type,
        value,
        skip: i === 0,
        comment: i === 1 ? V2_COMMENT : null,
      });
    }
    await expectNoAxeViolations(page, 'respuestas 360 con el teclado');
    const save = page.getByRole('button', { name: 'Guardar respuestas' });
    await tabTo(page, save, { max: 4 });
    const request = page.waitForRequest((r) => r.url().endsWith('/api/responses-v2/submit'));
    await page.keyboard.press('Enter');
    const body = (await request).postDataJSON() as V2Submitted;
    expect(body).toEqual({
      evaluation_id: target.evaluation_id,
      assignment_id: target.assignment_id,
      answers: expected,
    });

    // Saved: the message, the form closed, the assignment completed on the server.
    await page.getByRole('status').filter({ hasText: '¡Respuestas guardadas!' }).waitFor();
    await page.getByRole('heading', { level: 2, name: title }).waitFor({ state: 'detached' });
    const after = (await mine()).find((r) => r.assignment_id === target.assignment_id);
    expect(after?.assignment_status).toBe('completed');
    expect(alerts).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });
});
