import {
  evaluationEndpoints,
  onePage,
  questionBankEndpoints,
  userEndpoints,
  v2AssignmentEndpoints,
  v2EvaluationEndpoints,
  v2TemplateEndpoints,
  type V2Item,
} from '@evalua/contracts';
import type { Locator, Page } from 'playwright-core';
import { call } from './call';

/** The V1 evaluation of a collaborator's category and the questions of its bank, as the server has them. */
export async function v1QuestionsFor(page: Page, collaboratorId: number) {
  const user = await call(page, userEndpoints.get, { params: { id: collaboratorId } });
  const evaluation = await call(page, evaluationEndpoints.byCategory, {
    params: { categoryId: user.category_id! },
  });
  const questions = await call(page, questionBankEndpoints.questions, {
    params: { id: evaluation.question_bank_id! },
  });
  return { evaluation, questions };
}

/** A draft 360 from the 'Personal docente' template (self allowed), created through the API as HR would. */
export async function createDraft(page: Page, name: string): Promise<number> {
  const templates = await call(page, v2TemplateEndpoints.list);
  const template = templates.find((t) => t.name === 'Personal docente')!;
  // Answers 201 (call checks the endpoint's status).
  const created = await call(page, v2EvaluationEndpoints.createFromTemplate, {
    body: {
      status: 'draft',
      template_id: template.id,
      name,
      period: 'Q4-2025',
      weights: { weight_objectives: 50, weight_competencies: 50 },
      allow_self: true,
    },
  });
  return created.id;
}

/**
 * One peer rater for one demo colaborador (the last two, by the list's order), through the API:
 * someone to answer, which opening a 360 asks for (decision 053).
 */
export async function assignOnePeer(page: Page, evaluationId: number): Promise<void> {
  const users = onePage(await call(page, userEndpoints.list, { query: { page: 1, pageSize: 200 } })).rows;
  const [rater, evaluatee] = users.filter((u) => u.status && u.role === 'colaborador').slice(-2);
  await call(page, v2AssignmentEndpoints.bulk, {
    body: {
      evaluation_id: evaluationId,
      assignments: [{ evaluator_id: rater!.id, evaluatee_id: evaluatee!.id, relation: 'peer' }],
    },
  });
}

/** The best answer to every item (top of its scale, Sí, Logrado), `text` for the open questions. */
export function topAnswers(items: readonly V2Item[], text: string) {
  return items.map((item) => ({
    item_id: item.id,
    type: item.type,
    value:
      item.type === 'rating'
        ? item.scale_max
        : item.type === 'yes_no'
          ? true
          : item.type === 'status_3'
            ? 'logrado'
            : text,
    skip: false,
    comment: null,
  }));
}

/**
 * Runs one action of a 360 row (issue 30 §7): the row's one button when it is the next step, else
 * the item of its 'Más acciones' menu.
 */
export async function chooseInRow(row: Locator, name: string | RegExp): Promise<void> {
  const more = row.getByRole('button', { name: /^Más acciones de / });
  // The row is on screen (and its one button with it) before deciding where the action is.
  await more.waitFor();
  const direct = row.getByRole('button', { name }).or(row.getByRole('link', { name }));
  if ((await direct.count()) > 0) {
    await direct.first().click();
    return;
  }
  await more.click();
  await row.page().getByRole('menuitem', { name }).click();
}

/** The names of the items of a 360 row's 'Más acciones' menu (closed again after reading). */
export async function menuOfRow(row: Locator): Promise<string[]> {
  await row.getByRole('button', { name: /^Más acciones de / }).click();
  const items = row.page().getByRole('menuitem');
  await items.first().waitFor();
  const names = await items.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  await row.page().keyboard.press('Escape');
  await items.first().waitFor({ state: 'detached' });
  return names;
}

/** A row of the page by one of its cells or its header cell (a table row, or a card's header). */
export function rowOf(page: Page, text: string): Locator {
  const named = { name: text, exact: true };
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', named).or(page.getByRole('rowheader', named)) });
}

/** Picks `option` in the combobox (a Mantine Select) named `label`. */
export async function choose(page: Page, label: string | RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
