import {
  ITEM_TYPE_LABELS,
  RELATION_LABELS,
  STATUS3_LABELS,
  v2AnswerMessages,
  v2MissingAnswersMessage,
  userEndpoints,
  v2AnswerEndpoints,
  v2AssignmentEndpoints,
  v2EvaluationEndpoints,
  v2ItemEndpoints,
  onePage,
  type V2Item,
  type V2MyAssignment,
} from '@evalua/contracts';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, login, pageProblems } from './support/browser';
import { call } from './support/call';

const TITLE = 'Realizar Evaluación (V2)';
const SAVED = '¡Respuestas guardadas!';
const EMPTY = 'No tienes evaluaciones 360 asignadas.';
const COMMENT = 'Comparte sus materiales con el equipo cada semana.';
const WRITTEN = 'Quiero seguir formándome en evaluación por competencias.';

const mine = async (page: Page) => (await call(page, v2AnswerEndpoints.mine)).rows;

/** What the 'Colaborador' cell says: the name and, in Spanish, the relation. */
const who = (a: V2MyAssignment) => `${a.evaluatee_name} (${RELATION_LABELS[a.relation]})`;

function rowOf(table: Locator, a: V2MyAssignment) {
  return table
    .getByRole('row')
    .filter({ hasText: who(a) })
    .filter({ hasText: a.evaluation_name });
}

/** Each row: the evaluatee and relation, the evaluation, and 'Evaluado' exactly when completed. */
async function expectTableMatches(table: Locator, rows: V2MyAssignment[]) {
  await expect.poll(() => table.getByRole('row').count()).toBe(rows.length + 1);
  for (const a of rows) {
    const r = rowOf(table, a);
    expect(await r.count(), who(a)).toBe(1);
    if (a.assignment_status === 'completed') {
      await r.getByText('Evaluado', { exact: true }).waitFor();
      expect(await r.getByRole('button').count(), who(a)).toBe(0);
    } else {
      await r
        .getByRole('button', { name: `Evaluar a ${a.evaluatee_name} en ${a.evaluation_name}` })
        .waitFor();
      expect(await r.getByText('Evaluado', { exact: true }).count(), who(a)).toBe(0);
    }
  }
}

/**
 * The question's group shows its text, type, weight and, for rating, the scale and its labels —
 * without noise (decision 034): the type, which its input shows, is said to screen readers only;
 * the weight only when the questions weigh differently.
 */
async function expectQuestionShown(group: Locator, item: V2Item, weightsDiffer: boolean) {
  const text = await group.innerText();
  expect(text).toContain(item.question_text);
  const type = group.getByText(`Tipo: ${ITEM_TYPE_LABELS[item.type]}.`, { exact: true });
  expect(await type.count()).toBe(1);
  expect(await type.evaluate((el) => el.getBoundingClientRect().width <= 1)).toBe(true);
  if (weightsDiffer) expect(text).toContain('Peso:');
  else expect(text).not.toContain('Peso:');
  const radios = group.getByRole('radio');
  switch (item.type) {
    case 'rating':
      expect(text).toContain(`Escala: ${item.scale_min}–${item.scale_max}`);
      if (item.scale_labels.length > 0) expect(text).toContain(item.scale_labels.join(' | '));
      expect(await radios.count()).toBe(item.scale_max - item.scale_min + 1);
      break;
    case 'yes_no':
      expect(await radios.count()).toBe(2);
      break;
    case 'status_3':
      expect(await radios.count()).toBe(3);
      for (const label of Object.values(STATUS3_LABELS))
        await group.getByRole('radio', { name: label, exact: true }).waitFor();
      break;
    case 'text':
      expect(await radios.count()).toBe(0);
      await group.getByRole('textbox', { name: item.question_text }).waitFor();
      break;
  }
  await group.getByRole('checkbox', { name: 'N/A (no aplica)' }).waitFor();
  await group.getByRole('textbox', { name: 'Comentario (opcional)' }).waitFor();
}

/** Answers one question; returns the value the payload must carry for it (SPEC §5). */
async function answer(group: Locator, item: V2Item): Promise<unknown> {
  switch (item.type) {
    case 'rating': {
      const label = item.scale_labels[item.scale_max - item.scale_min];
      const name = label ? `${item.scale_max} · ${label}` : String(item.scale_max);
      await group.getByRole('radio', { name, exact: true }).check();
      return item.scale_max;
    }
    case 'yes_no':
      await group.getByRole('radio', { name: 'Sí', exact: true }).check();
      return true;
    case 'status_3':
      await group.getByRole('radio', { name: 'En proceso', exact: true }).check();
      return 'proceso';
    case 'text':
      await group.getByRole('textbox', { name: item.question_text }).fill(WRITTEN);
      return WRITTEN;
  }
}

function openFromMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: TITLE }).click();
}

describeInChromium('Realizar Evaluación (V2) in Chromium', () => {
  const app = useDemoApp();

  it('lets the demo colaborador find, answer and save her pending 360 self-evaluation', async () => {
    const { context, page } = await app.newPage();
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await login(page, app.logins.byRole.colaborador.email, app.logins.password);
    await page.waitForURL('**/home');
    await openFromMenu(page);
    await page.waitForURL('**/evaluation-form-v2');
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();

    // The table is the server's list.
    const rows = await mine(page);
    const target = rows.find((r) => r.assignment_status === 'pending' && r.evaluation_status === 'open');
    expect(target, 'una asignación pendiente en la demo').toBeDefined();
    expect(rows.some((r) => r.assignment_status === 'completed')).toBe(true);
    const table = page.getByRole('table', { name: 'Tus asignaciones' });
    await expectTableMatches(table, rows);
    await expectNoAxeViolations(page, 'lista de asignaciones');

    // Search: evaluatee or evaluation name, whatever the case.
    const search = page.getByRole('textbox', { name: 'Buscar' });
    const term = target!.evaluatee_name.split(' ').at(-1)!;
    await search.fill(term.toUpperCase());
    const narrowed = rows.filter(
      (r) =>
        r.evaluatee_name.toLowerCase().includes(term.toLowerCase()) ||
        r.evaluation_name.toLowerCase().includes(term.toLowerCase()),
    );
    expect(narrowed.length).toBeLessThan(rows.length);
    await expectTableMatches(table, narrowed);
    await search.fill('zzz-nadie');
    await page.getByText('Ninguna asignación coincide con la búsqueda.').waitFor();
    await search.fill(target!.evaluation_name.toLowerCase());
    await expectTableMatches(table, rows);
    await page.getByRole('button', { name: 'Limpiar búsqueda' }).click();
    await expect.poll(() => search.inputValue()).toBe('');

    // 'Evaluar': the questions of that evaluation, as the items call gives them.
    const { items } = await call(page, v2ItemEndpoints.list, {
      params: { id: target!.evaluation_id },
    });
    expect(items.length).toBeGreaterThan(1);
    expect(items[0]!.type).toBe('rating');
    await rowOf(table, target!)
      .getByRole('button', { name: `Evaluar a ${target!.evaluatee_name}` })
      .click();
    const formTitle = `${target!.evaluation_name} — ${who(target!)}`;
    await page.getByRole('heading', { level: 2, name: formTitle }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(formTitle);
    const groups = items.map((_, i) => page.getByRole('group', { name: `Pregunta ${i + 1}`, exact: true }));
    await expect.poll(() => page.getByRole('group', { name: /^Pregunta \d+$/ }).count()).toBe(items.length);
    const weightsDiffer = items.some((item) => item.weight !== items[0]!.weight);
    for (const [i, item] of items.entries()) await expectQuestionShown(groups[i]!, item, weightsDiffer);
    await expectNoAxeViolations(page, 'formulario de respuestas');

    // Everything answered but the first question: the form says which, and nothing is sent.
    const expected: unknown[] = [null];
    for (const [i, item] of items.entries()) if (i > 0) expected.push(await answer(groups[i]!, item));
    await page.getByRole('button', { name: 'Guardar respuestas' }).click();
    const first = items[0]!;
    await groups[0]!.getByText(v2AnswerMessages.rating(1, first.scale_min, first.scale_max)).waitFor();
    await page.getByText(v2MissingAnswersMessage(1)).waitFor();
    await expectNoAxeViolations(page, 'formulario con una pregunta sin responder');
    expect((await mine(page)).find((r) => r.assignment_id === target!.assignment_id)?.assignment_status).toBe(
      'pending',
    );

    // N/A on it: its choices are disabled and the message goes away.
    await groups[0]!.getByRole('checkbox', { name: 'N/A (no aplica)' }).check();
    const firstRadios = groups[0]!.getByRole('radio');
    for (let k = 0; k < (await firstRadios.count()); k += 1)
      expect(await firstRadios.nth(k).isDisabled()).toBe(true);
    await page.getByText(v2MissingAnswersMessage(1)).waitFor({ state: 'detached' });
    await groups[1]!.getByRole('textbox', { name: 'Comentario (opcional)' }).fill(COMMENT);

    // Saved: the payload follows SPEC §5, the message shows and then hides, the row is 'Evaluado'.
    const request = page.waitForRequest((r) => r.url().endsWith('/api/responses-v2/submit'));
    await page.getByRole('button', { name: 'Guardar respuestas' }).click();
    const body = (await request).postDataJSON() as {
      evaluation_id: number;
      assignment_id: number;
      answers: Array<{
        item_id: number;
        type: string;
        value: unknown;
        skip: boolean;
        comment: string | null;
      }>;
    };
    expect(body.evaluation_id).toBe(target!.evaluation_id);
    expect(body.assignment_id).toBe(target!.assignment_id);
    expect(body.answers).toEqual(
      items.map((item, i) => ({
        item_id: item.id,
        type: item.type,
        value: i === 0 ? 'na' : expected[i],
        skip: i === 0,
        comment: i === 1 ? COMMENT : null,
      })),
    );
    const saved = page.getByRole('status').filter({ hasText: SAVED });
    await saved.waitFor();
    await expectNoAxeViolations(page, 'respuestas guardadas');
    await page.getByRole('heading', { level: 2, name: formTitle }).waitFor({ state: 'detached' });
    await rowOf(table, target!).getByText('Evaluado', { exact: true }).waitFor();
    await saved.waitFor({ state: 'detached' });

    // The server has the assignment completed; the table still matches it.
    const after = await mine(page);
    expect(after.find((r) => r.assignment_id === target!.assignment_id)?.assignment_status).toBe('completed');
    await expectTableMatches(table, after);
    expect(alerts).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });

  it('shows the empty state to an evaluador with no 360 assignments', async () => {
    const admin = await app.signIn('admin', '/dashboard');
    const evaluations = await call(admin.page, v2EvaluationEndpoints.list);
    const raters = new Set<number>();
    for (const e of evaluations.rows) {
      const assigned = await call(admin.page, v2AssignmentEndpoints.listByEvaluation, {
        params: { evaluationId: e.id },
      });
      for (const a of assigned.rows) raters.add(a.evaluator_id);
    }
    const users = onePage(await call(admin.page, userEndpoints.list, { query: { page: 1, pageSize: 200 } }));
    const free = users.rows.find((u) => u.role === 'evaluador' && u.status && !raters.has(u.id));
    expect(free, 'un evaluador sin asignaciones 360').toBeDefined();
    await admin.context.close();

    const { context, page } = await app.signIn({ email: free!.email! }, '/home');
    await openFromMenu(page);
    await page.waitForURL('**/evaluation-form-v2');
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByText(EMPTY).waitFor();
    expect(await mine(page)).toEqual([]);
    expect(await page.getByRole('table').count()).toBe(0);
    await expectNoAxeViolations(page, 'sin asignaciones');
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });
});
