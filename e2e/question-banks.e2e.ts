import { questionBankEndpoints } from '@evalua/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
}

async function addQuestion(page: Page, text: string, type: 'Competencia' | 'Objetivo') {
  await page.getByLabel('Texto de la pregunta').fill(text);
  await page.getByLabel('Tipo').selectOption({ label: type });
  await page.getByRole('button', { name: 'Agregar', exact: true }).click();
  await row(page, text).waitFor();
  expect(await row(page, text).getByRole('cell', { name: type, exact: true }).count()).toBe(1);
}

const NEW_BANK = 'Banco de liderazgo';
const Q = {
  c1: 'Inspira a su equipo con el ejemplo.',
  c2: 'Delega tareas de forma clara.',
  o1: 'Cumplió el plan de mejora del departamento.',
  o2: 'Redujo el ausentismo de su equipo.',
  c2edited: 'Delega tareas de forma clara y da seguimiento.',
};

describeInChromium('Bancos de Preguntas in Chromium', () => {
  const app = useDemoApp();

  it('lets HR manage banks and their questions, with the server messages', async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home');
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Bancos de Preguntas' })
      .click();
    await page.waitForURL('**/question-banks');
    await page.getByRole('heading', { level: 1, name: 'Bancos de Preguntas' }).waitFor();
    const docente = row(page, 'Banco de desempeño docente');
    await docente.waitFor();
    expect(await docente.getByRole('cell', { name: '8', exact: true }).count()).toBe(1);
    await page
      .getByText('Selecciona un banco con «Ver preguntas» para ver y editar sus preguntas.')
      .waitFor();
    await expectNoAxeViolations(page, 'lista de bancos');

    // A demo bank's questions, with their types in Spanish.
    await page.getByRole('button', { name: 'Ver preguntas de Banco de desempeño docente' }).click();
    await page.getByRole('heading', { name: 'Preguntas de «Banco de desempeño docente»' }).waitFor();
    const planifica = row(
      page,
      'Planifica sus clases con objetivos claros y actividades adecuadas al grado.',
    );
    await planifica.getByRole('cell', { name: 'Competencia', exact: true }).waitFor();
    await row(page, 'Completó las horas de formación continua previstas.')
      .getByRole('cell', { name: 'Objetivo', exact: true })
      .waitFor();
    await expectNoAxeViolations(page, 'banco seleccionado');

    // Create a bank: the name is required (the contract's message), then it is created and selected.
    await page.getByRole('button', { name: 'Crear banco' }).click();
    await page.getByText('El nombre del banco es obligatorio.').waitFor();
    await page.getByLabel('Nombre del banco').fill(NEW_BANK);
    await page.getByLabel('Descripción').fill('Competencias de coordinación.');
    await page.getByRole('button', { name: 'Crear banco' }).click();
    await row(page, NEW_BANK).waitFor();
    await page.getByRole('heading', { name: `Preguntas de «${NEW_BANK}»` }).waitFor();
    await page.getByText('Este banco aún no tiene preguntas. Agrega la primera con el formulario.').waitFor();

    // Questions: the text is required; two of each type.
    await page.getByRole('button', { name: 'Agregar', exact: true }).click();
    await page.getByText('El texto de la pregunta es obligatorio.').waitFor();
    await addQuestion(page, Q.c1, 'Competencia');
    await addQuestion(page, Q.c2, 'Competencia');
    await addQuestion(page, Q.o1, 'Objetivo');
    await addQuestion(page, Q.o2, 'Objetivo');
    await page.getByText('4 preguntas: 2 de competencia y 2 de objetivo').waitFor();
    await row(page, NEW_BANK).getByRole('cell', { name: '4', exact: true }).waitFor();

    // Edit mode, by keyboard: the button reads 'Guardar' (plus 'Cancelar'); Cancelar goes back to
    // 'Agregar'. The text field takes the focus.
    await row(page, Q.c2)
      .getByRole('button', { name: /editar/i })
      .press('Enter');
    await page.getByRole('button', { name: 'Guardar', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Agregar', exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Texto de la pregunta').inputValue()).toBe(Q.c2);
    expect(
      await page.getByLabel('Texto de la pregunta').evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await expectNoAxeViolations(page, 'pregunta en edición');
    await page.getByRole('button', { name: 'Cancelar', exact: true }).click();
    await page.getByRole('button', { name: 'Agregar', exact: true }).waitFor();
    expect(await page.getByLabel('Texto de la pregunta').inputValue()).toBe('');

    await row(page, Q.c2)
      .getByRole('button', { name: /editar/i })
      .click();
    await page.getByLabel('Texto de la pregunta').fill(Q.c2edited);
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await row(page, Q.c2edited).waitFor();
    expect(await row(page, Q.c2).count()).toBe(0);
    await page.getByRole('button', { name: 'Agregar', exact: true }).waitFor();

    // Delete a question after confirming.
    await row(page, Q.o2)
      .getByRole('button', { name: /eliminar/i })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`¿Eliminar la pregunta «${Q.o2}»? Esta acción no se puede deshacer.`).waitFor();
    await expectNoAxeViolations(page, 'confirmación de borrado de pregunta');
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await row(page, Q.o2).waitFor({ state: 'detached' });
    await row(page, NEW_BANK).getByRole('cell', { name: '3', exact: true }).waitFor();

    // Rename the bank ('Guardar' in the bank form).
    await row(page, NEW_BANK)
      .getByRole('button', { name: `Editar ${NEW_BANK}` })
      .click();
    await page.getByLabel('Nombre del banco').fill('Banco de liderazgo escolar');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await row(page, 'Banco de liderazgo escolar').waitFor();
    await page.getByRole('heading', { name: 'Preguntas de «Banco de liderazgo escolar»' }).waitFor();

    // A bank an evaluation uses cannot be deleted: the server says which one.
    await docente.getByRole('button', { name: /eliminar/i }).click();
    await dialog
      .getByText(
        '¿Eliminar el banco «Banco de desempeño docente» y todas sus preguntas? Esta acción no se puede deshacer.',
      )
      .waitFor();
    await expectNoAxeViolations(page, 'confirmación de borrado de banco');
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await page
      .getByText(/No se puede eliminar el banco porque lo usa la evaluación «Evaluación de desempeño docente/)
      .waitFor();
    await docente.waitFor();
    await expectNoAxeViolations(page, 'error de borrado de banco');

    // What the page showed is what the server has.
    const banks = await call(page, questionBankEndpoints.list);
    const mine = banks.find((b) => b.name === 'Banco de liderazgo escolar');
    expect(mine).toMatchObject({ description: 'Competencias de coordinación.', question_count: 3 });
    expect(banks.some((b) => b.name === 'Banco de desempeño docente')).toBe(true);
    const questions = await call(page, questionBankEndpoints.questions, { params: { id: mine!.id } });
    expect(questions.map((q) => [q.question_text, q.question_type])).toEqual([
      [Q.c1, 'competency'],
      [Q.c2edited, 'competency'],
      [Q.o1, 'objective'],
    ]);
    expect(pageProblems(page).filter((p) => !/status of 409/.test(p))).toEqual([]);
    await context.close();
  });
});
