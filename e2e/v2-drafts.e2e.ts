import {
  authEndpoints,
  v2AnswerEndpoints,
  v2AssignmentEndpoints,
  v2ItemEndpoints,
  type V2Item,
  type V2MyAssignment,
} from '@evalua/contracts';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call, callExpecting } from './support/call';
import { expectNoHorizontalOverflow, expectWithinWidth } from './support/layout';

/** A 375 × 740 phone held in one hand. */
const PHONE_375 = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
const FORM = '/evaluation-form-v2';
const REASON = 'No trabajo con esta persona: no la he visto dar clase este año.';

const mine = async (page: Page) => (await call(page, v2AnswerEndpoints.mine)).rows;

const evaluateButton = (page: Page, a: V2MyAssignment) =>
  page.getByRole('button', { name: `Evaluar a ${a.evaluatee_name} en ${a.evaluation_name}` });

/** The state on screen: nothing sideways at 375 px, and no axe violations. */
async function fits(page: Page, label: string): Promise<void> {
  await expectNoHorizontalOverflow(page, label);
  await expectNoAxeViolations(page, `${label} (375 px)`);
}

/** The text of an element is whole (not cut with an ellipsis). */
async function expectWhole(locator: Locator, label: string): Promise<void> {
  const cut = await locator.evaluate((el) => {
    const boxes = [el, ...Array.from(el.querySelectorAll('*'))];
    return boxes.some(
      (b) => b.scrollWidth > b.clientWidth + 1 && getComputedStyle(b).overflowX !== 'visible',
    );
  });
  expect(cut, `${label}: texto recortado`).toBe(false);
}

/** Answers the question as a person would (the first choice, or a written answer). */
async function answer(group: Locator, item: V2Item, text: string): Promise<void> {
  if (item.type === 'text') await group.getByRole('textbox', { name: item.question_text }).fill(text);
  else await group.getByRole('radio').first().check();
}

describeInChromium('360 drafts and declining in Chromium', () => {
  const app = useDemoApp();

  it('keeps a rater’s draft across a reload and sends it from a 375 px phone; a declined request shows its reason to HR', async () => {
    const { context, page } = await app.signIn('colaborador', '/home', PHONE_375);
    await page.goto(FORM);
    await page.getByRole('heading', { level: 1, name: 'Realizar Evaluación (V2)' }).waitFor();
    const target = (await mine(page)).find(
      (r) => r.assignment_status === 'pending' && r.evaluation_status === 'open',
    )!;
    expect(target, 'una asignación pendiente en la demo').toBeDefined();
    const evaluate = evaluateButton(page, target);
    await evaluate.waitFor();
    // One-handed: 'Evaluar' is on screen without scrolling sideways, 'Evaluado' is whole.
    await expectWithinWidth(evaluate, 'Evaluar');
    const evaluated = page.getByText('Evaluado', { exact: true });
    expect(await evaluated.count()).toBeGreaterThan(0);
    for (const badge of await evaluated.all()) {
      await expectWithinWidth(badge, 'Evaluado');
      await expectWhole(badge, 'Evaluado');
    }
    await fits(page, 'Tus asignaciones');

    await evaluate.tap();
    const { items } = await call(page, v2ItemEndpoints.list, { params: { id: target.evaluation_id } });
    expect(items.length).toBeGreaterThan(2);
    const groups = items.map((_, i) => page.getByRole('group', { name: `Pregunta ${i + 1}`, exact: true }));
    await groups[0]!.waitFor();
    const total = items.length;
    const progress = (n: number) => page.getByText(`${n} de ${total} respondidas`, { exact: true });
    await expect.poll(() => progress(0).count()).toBe(2);
    // Type and weight only where they help: no 'Tipo: … · Peso: 1' line under every question.
    const form = page.getByRole('region', { name: new RegExp(target.evaluatee_name) });
    if (items.every((i) => i.weight === items[0]!.weight)) {
      expect(await form.getByText(/Peso:/).count()).toBe(0);
      await form.getByText('Todas las preguntas tienen el mismo peso.', { exact: false }).waitFor();
    }
    // The type is said to screen readers only (a 1 px visually hidden text).
    const typeWidths = await form
      .getByText(/^Tipo:/)
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
    expect(typeWidths).toHaveLength(total);
    expect(typeWidths.every((w) => w <= 1)).toBe(true);

    // Two answers, then the draft saves by itself.
    await answer(groups[0]!, items[0]!, 'Primera respuesta.');
    await groups[1]!.getByRole('checkbox', { name: 'N/A (no aplica)' }).check();
    await groups[1]!.getByRole('textbox', { name: 'Comentario (opcional)' }).fill('No lo he observado.');
    await expect.poll(() => progress(2).count()).toBe(2);
    await page
      .getByRole('status')
      .filter({ hasText: /^Borrador guardado a las / })
      .waitFor();
    await fits(page, 'formulario con borrador');

    // 'Cancelar' with a change the draft does not have yet asks first; staying keeps everything.
    await answer(groups[2]!, items[2]!, 'Tercera respuesta.');
    await page.getByRole('button', { name: 'Cancelar', exact: true }).tap();
    const leave = page.getByRole('dialog', { name: 'Salir sin guardar' });
    await leave.waitFor();
    await expectNoAxeViolations(page, 'salir sin guardar');
    await leave.getByRole('button', { name: 'Cancelar' }).tap();
    await leave.waitFor({ state: 'hidden' });
    await expect.poll(() => progress(3).count()).toBe(2);
    await page.getByRole('button', { name: 'Guardar borrador' }).tap();
    await page
      .getByRole('status')
      .filter({ hasText: /^Borrador guardado a las / })
      .waitFor();

    // After a reload (or on another device) the answers come back from the server.
    await page.reload();
    await evaluate.tap();
    await groups[0]!.waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Se recuperó tu borrador/ })
      .waitFor();
    await expect.poll(() => progress(3).count()).toBe(2);
    expect(await groups[1]!.getByRole('checkbox', { name: 'N/A (no aplica)' }).isChecked()).toBe(true);
    expect(await groups[1]!.getByRole('textbox', { name: 'Comentario (opcional)' }).inputValue()).toBe(
      'No lo he observado.',
    );
    if (items[0]!.type !== 'text') expect(await groups[0]!.getByRole('radio').first().isChecked()).toBe(true);

    // Finish and send.
    for (const [i, item] of items.entries()) if (i > 2) await answer(groups[i]!, item, 'Seguir formándome.');
    await expect.poll(() => progress(total).count()).toBe(2);
    const send = page.getByRole('button', { name: 'Guardar respuestas' });
    await expectWithinWidth(send, 'Guardar respuestas');
    await fits(page, 'formulario completo');
    await send.tap();
    await page.getByRole('status').filter({ hasText: '¡Respuestas guardadas!' }).waitFor();
    const done = (await mine(page)).find((r) => r.assignment_id === target.assignment_id)!;
    expect(done.assignment_status).toBe('completed');
    // The draft of a completed assignment answers 409 (callExpecting checks the status).
    await callExpecting(
      page,
      v2AnswerEndpoints.draft,
      { params: { assignmentId: target.assignment_id } },
      409,
    );
    await fits(page, 'respuestas guardadas');

    // HR asks the same rater for one more evaluation; the rater declines it with a reason.
    const hr = await app.signIn('gestionhumana', '/home');
    const hrMe = await call(hr.page, authEndpoints.me);
    const rater = await call(page, authEndpoints.me);
    // Answers 200 (call checks the endpoint's status).
    await call(hr.page, v2AssignmentEndpoints.bulk, {
      body: {
        evaluation_id: target.evaluation_id,
        assignments: [{ evaluator_id: rater.id, evaluatee_id: hrMe.id, relation: 'peer' }],
      },
    });

    await page.reload();
    const request = (await mine(page)).find(
      (r) => r.evaluatee_id === hrMe.id && r.evaluation_id === target.evaluation_id,
    )!;
    await evaluateButton(page, request).tap();
    await page.getByRole('group', { name: 'Pregunta 1', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Rechazar solicitud' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Rechazar solicitud de evaluación' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Rechazar solicitud' }).tap();
    await dialog.getByText('Indica el motivo por el que rechazas la solicitud.').waitFor();
    await dialog.getByRole('textbox', { name: /^Motivo/ }).fill(REASON);
    await expectNoAxeViolations(page, 'rechazar solicitud');
    await dialog.getByRole('button', { name: 'Rechazar solicitud' }).tap();
    await page.getByRole('status').filter({ hasText: 'Rechazaste la solicitud.' }).waitFor();
    const row = page
      .getByRole('article')
      .filter({ hasText: request.evaluatee_name })
      .filter({ hasText: 'Rechazada' });
    await row.first().waitFor();
    expect(await evaluateButton(page, request).count()).toBe(0);
    const declined = (await mine(page)).find((r) => r.assignment_id === request.assignment_id)!;
    expect(declined.assignment_status).toBe('declined');
    await fits(page, 'solicitud rechazada');
    expect(pageProblems(page)).toEqual([]);
    await context.close();

    // HR sees 'Rechazada' and the reason in the evaluation's assignments.
    await hr.page.goto(`/evaluations-v2/${target.evaluation_id}/assignments`);
    await hr.page.getByRole('textbox', { name: 'Buscar asignación' }).fill(hrMe.name);
    await hr.page.getByText(`Motivo: ${REASON}`).waitFor();
    await hr.page.getByText('Rechazada', { exact: true }).first().waitFor();
    await expectNoAxeViolations(hr.page, 'asignaciones con una rechazada');
    expect(pageProblems(hr.page)).toEqual([]);
    await hr.context.close();
  });
});
