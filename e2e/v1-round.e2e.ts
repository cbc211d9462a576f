import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  expectNoAxeViolations,
  launchBrowser,
  login,
  newPage,
  pageProblems,
} from './support/browser';
import { waitForDemoLogins } from './support/demo';
import { startServer, type RunningServer } from './support/server';

/** A whole V1 round as people do it: HR prepares it, an evaluator answers, HR reads the results. */
const CATEGORY = 'Coordinación e2e';
const BANK = 'Banco de la ronda e2e';
const EVALUATION = 'Ronda de coordinación e2e';
const EVALUATOR = {
  name: 'Evaluadora de la Ronda',
  email: 'evaluadora.ronda@escuela.do',
  password: 'Ronda-e2e-2026!',
};
const COLLABORATOR = 'Colaborador de la Ronda';
const QUESTIONS = [
  ['Coordina al equipo con claridad.', 'Competencia'],
  ['Comunica los acuerdos a tiempo.', 'Competencia'],
  ['Cumplió el plan de visitas al aula.', 'Objetivo'],
  ['Entregó los informes del trimestre.', 'Objetivo'],
] as const;

function row(page: Page, text: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
}

async function openFromMenu(page: Page, link: string, path: string, title = link): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: link, exact: true })
    .click();
  await page.waitForURL(`**${path}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

async function choose(page: Page, label: string | RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe.skipIf(!browserAvailable())('a V1 round in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ demo: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lets HR set up a round: category → bank with questions → evaluation → evaluator and collaborator → assignment', async () => {
    const demo = await waitForDemoLogins(server);
    const { context, page } = await newPage(browser, server.origin);
    await login(page, demo.byRole.admin.email, demo.password);
    await page.waitForURL('**/dashboard');

    await openFromMenu(page, 'Categorías', '/categories');
    await page.getByLabel('Nombre').fill(CATEGORY);
    await page.getByRole('button', { name: 'Crear' }).click();
    await row(page, CATEGORY).waitFor();
    await expectNoAxeViolations(page, '/categories');

    await openFromMenu(page, 'Bancos de Preguntas', '/question-banks');
    await page.getByLabel('Nombre del banco').fill(BANK);
    await page.getByRole('button', { name: 'Crear banco' }).click();
    await page.getByRole('heading', { name: `Preguntas de «${BANK}»` }).waitFor();
    for (const [text, type] of QUESTIONS) {
      await page.getByLabel('Texto de la pregunta').fill(text);
      await page.getByLabel('Tipo').selectOption({ label: type });
      await page.getByRole('button', { name: 'Agregar', exact: true }).click();
      await row(page, text).waitFor();
    }
    await page.getByText('4 preguntas: 2 de competencia y 2 de objetivo').waitFor();
    await expectNoAxeViolations(page, '/question-banks');

    await openFromMenu(page, 'Evaluaciones', '/evaluations');
    await page.getByRole('link', { name: 'Crear Evaluación' }).click();
    await page.getByRole('heading', { level: 1, name: 'Crear Evaluación' }).waitFor();
    await page.getByLabel('Nombre').fill(EVALUATION);
    await choose(page, 'Categoría', CATEGORY);
    await choose(page, 'Banco de preguntas', BANK);
    await expectNoAxeViolations(page, '/create-evaluation');
    await page.getByRole('button', { name: 'Crear Evaluación' }).click();
    await page.waitForURL('**/evaluations');
    await page.getByText('Evaluación creada exitosamente.').waitFor();
    await row(page, EVALUATION).waitFor();

    await page.goto('/evaluators');
    await page.getByRole('heading', { level: 1, name: 'Evaluadores' }).waitFor();
    await page.getByLabel('Nombre').fill(EVALUATOR.name);
    await page.getByLabel('Correo electrónico').fill(EVALUATOR.email);
    await page.getByLabel(/^Contraseña/).fill(EVALUATOR.password);
    await page.getByRole('button', { name: 'Crear' }).click();
    await row(page, EVALUATOR.email).waitFor();
    await expectNoAxeViolations(page, '/evaluators');

    await page.goto('/collaborators');
    await page.getByRole('heading', { level: 1, name: 'Colaboradores' }).waitFor();
    await page.getByLabel('Nombre').fill(COLLABORATOR);
    await page.getByLabel('Puesto').fill('Coordinador de ciclo');
    await choose(page, /^Categoría/, CATEGORY);
    await page.getByRole('button', { name: 'Crear' }).click();
    await page.getByLabel('Buscar colaborador').fill(COLLABORATOR);
    await row(page, COLLABORATOR).waitFor();
    await expectNoAxeViolations(page, '/collaborators');

    await openFromMenu(page, 'Gestión de Asignaciones', '/assignment-management');
    const picker = page.getByRole('combobox', { name: 'Evaluador' });
    await picker.click();
    await picker.fill('Evaluadora de la');
    await page.getByRole('option', { name: EVALUATOR.name, exact: true }).click();
    await page.getByLabel('Buscar persona disponible').fill(COLLABORATOR);
    await page.getByRole('button', { name: `Asignar ${COLLABORATOR}` }).click();
    await page
      .getByRole('table', { name: `Colaboradores asignados a ${EVALUATOR.name}` })
      .getByRole('cell', { name: COLLABORATOR, exact: true })
      .waitFor();
    await expectNoAxeViolations(page, '/assignment-management');

    // What the screens did is what the server has.
    const evaluators = (await (await page.request.get('/api/evaluators')).json()) as Array<{
      id: number;
      email: string;
    }>;
    const evaluator = evaluators.find((e) => e.email === EVALUATOR.email);
    expect(evaluator).toBeDefined();
    const assigned = (await (await page.request.get(`/api/assignments/${evaluator!.id}`)).json()) as Array<{
      collaborator_name: string;
    }>;
    expect(assigned.map((a) => a.collaborator_name)).toEqual([COLLABORATOR]);
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });
});
