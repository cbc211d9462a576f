import {
  assignmentEndpoints,
  evaluatorEndpoints,
  resultEndpoints,
  V1_RELEASE_MESSAGES,
  wholeList,
} from '@evalua/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';
import { choose, rowOf } from './support/rounds';
import { pdfTextOf, saveDownload } from './support/download';
import { expectAllWithinWidth, expectNoHorizontalOverflow, PHONE } from './support/layout';

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

async function openFromMenu(page: Page, link: string, path: string, title = link): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: link, exact: true })
    .click();
  await page.waitForURL(`**${path}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

describeInChromium('a V1 round in Chromium', () => {
  const app = useDemoApp();

  it('lets HR set up a round: category → bank with questions → evaluation → evaluator and collaborator → assignment', async () => {
    const { context, page } = await app.signIn('admin', '/dashboard');

    await openFromMenu(page, 'Categorías', '/categories');
    await page.getByLabel('Nombre').fill(CATEGORY);
    await page.getByRole('button', { name: 'Crear' }).click();
    await rowOf(page, CATEGORY).waitFor();
    await expectNoAxeViolations(page, '/categories');

    await openFromMenu(page, 'Bancos de Preguntas', '/question-banks');
    await page.getByLabel('Nombre del banco').fill(BANK);
    await page.getByRole('button', { name: 'Crear banco' }).click();
    await page.getByRole('heading', { name: `Preguntas de «${BANK}»` }).waitFor();
    for (const [text, type] of QUESTIONS) {
      await page.getByLabel('Texto de la pregunta').fill(text);
      await page.getByLabel('Tipo').selectOption({ label: type });
      await page.getByRole('button', { name: 'Agregar', exact: true }).click();
      await rowOf(page, text).waitFor();
      // The form clears itself once the save has finished, which can come after the list shows the
      // new row: typing the next question before that would be wiped.
      const field = await page.getByLabel('Texto de la pregunta').elementHandle();
      await page.waitForFunction((el) => (el as HTMLTextAreaElement | null)?.value === '', field);
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
    // Nobody is assigned yet, so nobody would answer it: it is kept as a draft, and said (decision 053).
    await page
      .getByText('Evaluación creada como borrador: todavía ningún evaluador tiene asignado', { exact: false })
      .waitFor();
    await rowOf(page, EVALUATION).getByRole('cell', { name: 'Borrador' }).waitFor();

    await page.goto('/evaluators');
    await page.getByRole('heading', { level: 1, name: 'Evaluadores' }).waitFor();
    await page.getByLabel('Nombre').fill(EVALUATOR.name);
    await page.getByLabel('Correo electrónico').fill(EVALUATOR.email);
    await page.getByLabel(/^Contraseña/).fill(EVALUATOR.password);
    await page.getByRole('button', { name: 'Crear' }).click();
    await rowOf(page, EVALUATOR.email).waitFor();
    await expectNoAxeViolations(page, '/evaluators');

    await page.goto('/collaborators');
    await page.getByRole('heading', { level: 1, name: 'Colaboradores' }).waitFor();
    await page.getByLabel('Nombre').fill(COLLABORATOR);
    await page.getByLabel('Puesto').fill('Coordinador de ciclo');
    await choose(page, /^Categoría/, CATEGORY);
    await page.getByRole('button', { name: 'Crear' }).click();
    await page.getByLabel('Buscar colaborador').fill(COLLABORATOR);
    await rowOf(page, COLLABORATOR).waitFor();
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

    // Someone would answer it now: HR opens it from the list (the category had no open evaluation).
    await openFromMenu(page, 'Evaluaciones', '/evaluations');
    await rowOf(page, EVALUATION)
      .getByRole('button', { name: `Abrir ${EVALUATION}` })
      .click();
    await page.getByText(`Evaluación «${EVALUATION}» abierta.`).waitFor();
    await rowOf(page, EVALUATION).getByRole('cell', { name: 'Abierta' }).waitFor();

    // What the screens did is what the server has.
    const evaluators = wholeList(await call(page, evaluatorEndpoints.list));
    const evaluator = evaluators.find((e) => e.email === EVALUATOR.email);
    expect(evaluator).toBeDefined();
    const assigned = await call(page, assignmentEndpoints.assigned, {
      params: { evaluatorId: evaluator!.id },
    });
    expect(assigned.map((a) => a.collaborator_name)).toEqual([COLLABORATOR]);
    // One 409, the create's: it asked to open a round nobody answered yet, and kept it a draft.
    expect(pageProblems(page).filter((p) => !/status of 409 .*\/api\/evaluations\)$/.test(p))).toEqual([]);
    await context.close();
  });

  it('lets the new evaluator rate the collaborator, correct a mistake before release, and HR sees it on the dashboard and in the PDF', async () => {
    const evaluator = await app.signIn(EVALUATOR, '/home');
    let page = evaluator.page;
    await openFromMenu(page, 'Realizar Evaluación (V1)', '/evaluation-form');
    const table = page.getByRole('table');

    async function rate(scores: readonly number[], comment: string): Promise<void> {
      await rowOf(page, COLLABORATOR)
        .getByRole('button', { name: `Evaluar a ${COLLABORATOR}` })
        .click();
      await page.getByRole('heading', { level: 2, name: `Evaluación de ${COLLABORATOR}` }).waitFor();
      for (const [i, [text]] of QUESTIONS.entries()) {
        await page
          .getByRole('radiogroup', { name: text, exact: true })
          .getByRole('radio', { name: String(scores[i]), exact: true })
          .check();
      }
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page
        .getByRole('radiogroup', { name: 'Requiere capacitación' })
        .getByRole('radio', { name: 'Sí', exact: true })
        .check();
      await page.getByLabel('Comentarios').fill(comment);
      await page.getByRole('button', { name: 'Enviar evaluación' }).click();
      await page.getByText('Evaluación y capacitación guardadas exitosamente.').waitFor();
    }

    // A slip: every question rated 1. The round is released by HR (the web's default, decision 050),
    // so the evaluator can still correct it, with a reason.
    await rate([1, 1, 1, 1], 'Primera versión.');
    await rowOf(page, COLLABORATOR)
      .getByRole('button', { name: `Corregir la evaluación de ${COLLABORATOR}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Motivo de la corrección/).fill('Marqué 1 en todas por error.');
    await expectNoAxeViolations(page, 'corregir una evaluación');
    await dialog.getByRole('button', { name: 'Reabrir para corregir' }).click();
    await page.getByText(V1_RELEASE_MESSAGES.reopened).waitFor();

    // The answer: competencies 4 and 3 (87.5 %), objectives 3 and 2 (62.5 %) → 75 % at 50/50.
    await rate([4, 3, 3, 2], 'Curso de liderazgo pedagógico.');
    await expectNoAxeViolations(page, '/evaluation-form tras enviar');
    await rowOf(page, COLLABORATOR).getByText('Evaluado', { exact: true }).waitFor();
    expect(await table.getByRole('button', { name: `Evaluar a ${COLLABORATOR}` }).count()).toBe(0);
    expect(pageProblems(page)).toEqual([]);
    await evaluator.context.close();

    // HR: the dashboard shows the evaluator done, the report has the figures, the PDF carries them.
    const hr = await app.signIn('admin', '/dashboard');
    page = hr.page;
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByLabel('Buscar evaluador').fill(EVALUATOR.name);
    const progress = page.getByTestId('evaluator-progress').filter({ hasText: EVALUATOR.name });
    await progress.getByText('1/1 evaluados', { exact: true }).waitFor();
    expect(
      await progress
        .getByRole('progressbar', { name: `Progreso de ${EVALUATOR.name}` })
        .getAttribute('aria-valuenow'),
    ).toBe('100');
    await expectNoAxeViolations(page, '/dashboard');

    await openFromMenu(page, 'Reportes', '/reports');
    await page.getByLabel('Buscar colaborador').fill(COLLABORATOR);
    await page.getByRole('link', { name: `Ver reporte de ${COLLABORATOR}, ${EVALUATION}` }).click();
    await page.waitForURL('**/report/**');
    for (const figure of ['87.50 %', '62.50 %', '75.00 %'])
      await page.getByText(figure, { exact: true }).first().waitFor();
    await expectNoAxeViolations(page, '/report');
    const pdf = await saveDownload(page, () => page.getByRole('button', { name: 'Exportar PDF' }).click());
    expect(pdf.name).toMatch(/^reporte-colaborador-de-la-ronda-ronda-de-coordinacion-e2e\.pdf$/);
    const text = pdfTextOf(pdf.file);
    for (const expected of [
      COLLABORATOR,
      EVALUATION,
      '87.50 %',
      '62.50 %',
      '75.00 %',
      'Curso de liderazgo pedagógico.',
    ]) {
      expect(text).toContain(expected);
    }

    // On a phone the list keeps 'Publicar resultados' whole and on screen, with the row's other actions.
    const phone = await app.signIn('admin', '/dashboard', PHONE);
    await phone.page.goto('/evaluations');
    await phone.page.getByRole('button', { name: `Publicar resultados de ${EVALUATION}` }).waitFor();
    await expectAllWithinWidth(
      phone.page.getByRole('main'),
      'Evaluaciones con una ronda sin publicar a 375 px',
    );
    await expectNoHorizontalOverflow(phone.page, 'Evaluaciones con una ronda sin publicar a 375 px');
    expect(pageProblems(phone.page)).toEqual([]);
    await phone.context.close();

    // Released by HR from the list of evaluations: the correction is no longer possible.
    await openFromMenu(page, 'Evaluaciones', '/evaluations');
    await rowOf(page, EVALUATION).getByText('Resultados sin publicar').waitFor();
    await page.getByRole('button', { name: `Publicar resultados de ${EVALUATION}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publicar y avisar' }).click();
    await page.getByText(V1_RELEASE_MESSAGES.released).first().waitFor();
    await rowOf(page, EVALUATION).getByText('Resultados publicados').waitFor();
    const evaluatorId = wholeList(await call(page, evaluatorEndpoints.list)).find(
      (e) => e.email === EVALUATOR.email,
    )!.id;
    const [result] = await call(page, resultEndpoints.evaluated, { params: { evaluatorId } });
    expect(result).toMatchObject({ overall_percentage: 75, can_correct: false });
    expect(pageProblems(page)).toEqual([]);
    await hr.context.close();
  });
});
