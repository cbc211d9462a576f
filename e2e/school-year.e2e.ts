import { outboxEndpoints, V1_RELEASE_MESSAGES, type MailKind } from '@evalua/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useFirstRunApp } from './support/app';
import { expectNoAxeViolations, login, pageProblems } from './support/browser';
import { call } from './support/call';
import { choose, rowOf } from './support/rounds';
import { expectAllWithinWidth, expectNoHorizontalOverflow, PHONE } from './support/layout';

/**
 * A new school from its first run to a released round, only through the screens (issue 30): the
 * printed setup link, the first administrator, the 'Primeros pasos' guide in its order (category →
 * starter bank → evaluation → staff → assignment → open), the evaluator told and answering, the
 * result held until HR releases it, and the person told once and reading it.
 */
const ADMIN = { name: 'Directora del Liceo', email: 'directora@liceo.do', password: 'Liceo-Inicio-2026' };
const EVALUATOR = {
  name: 'Coordinadora Pedagógica',
  email: 'coordinadora@liceo.do',
  password: 'Coord-2026-Liceo',
};
const TEACHER = { name: 'Docente de Matemática', email: 'docente@liceo.do', password: 'Docente-2026-Liceo' };
const CATEGORY = 'Docentes';
const BANK = 'Banco inicial: Personal docente';
const EVALUATION = 'Evaluación docente 2026-2027';

/** The guide's step link, from the dashboard. */
async function followStep(page: Page, step: string, path: string): Promise<void> {
  await page.goto('/dashboard');
  await page
    .getByRole('region', { name: 'Primeros pasos' })
    .getByRole('link', { name: step, exact: true })
    .click();
  await page.waitForURL(`**${path}`);
}

async function stepsDone(page: Page, done: number): Promise<void> {
  await page.goto('/dashboard');
  await page
    .getByRole('region', { name: 'Primeros pasos' })
    .getByText(`${done} de 6 pasos hechos`, { exact: false })
    .waitFor();
}

async function createUser(
  page: Page,
  person: { name: string; email: string; password: string },
  role: string,
): Promise<void> {
  await page.goto('/create-user');
  await page.getByRole('heading', { level: 1, name: 'Crear Usuario' }).waitFor();
  await page.getByLabel(/^Nombre/).fill(person.name);
  await page.getByLabel(/^Correo electrónico/).fill(person.email);
  await page.getByLabel(/^Rol/).selectOption({ label: role });
  await page.getByLabel(/^Categoría/).selectOption({ label: CATEGORY });
  await page.getByLabel(/^Puesto/).fill(role === 'evaluador' ? 'Coordinadora' : 'Docente');
  await page.getByLabel(/^Contraseña/).fill(person.password);
  await page.getByRole('button', { name: 'Crear usuario' }).click();
  await page.waitForURL('**/users');
  await page.getByText('Usuario creado correctamente.').waitFor();
}

/** The outbox's messages of one kind, as the administrator reads them. */
async function mailOf(page: Page, kind: MailKind) {
  const outbox = await call(page, outboxEndpoints.list, { query: { page: 1, pageSize: 100 } });
  return outbox.rows.filter((m) => m.kind === kind).map((m) => m.to_email);
}

/** The same, once there is any: launch notices are written by a check a moment after the change (decision 062). */
async function mailOnceOf(page: Page, kind: MailKind) {
  for (let i = 0; i < 100; i += 1) {
    const found = await mailOf(page, kind);
    if (found.length > 0) return found;
    await page.waitForTimeout(200);
  }
  return [];
}

describeInChromium('a school year in Chromium, from the first run', () => {
  const app = useFirstRunApp();

  it('takes a new school from the setup link to a released classic round that the teacher reads', async () => {
    const link = /(http:\/\/\S+\/setup\?token=\S+)/.exec(app.output())?.[1];
    expect(link).toBeDefined();
    const admin = await app.newPage();
    const page = admin.page;
    await page.goto(link as string);
    await page.getByRole('heading', { name: 'Configuración inicial' }).waitFor();
    await page.getByLabel('Nombre').fill(ADMIN.name);
    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    await page.getByLabel(/^Contraseña( \*)?$/).fill(ADMIN.password);
    await page.getByLabel('Repetir contraseña').fill(ADMIN.password);
    await page.getByRole('button', { name: /crear administrador/i }).click();
    await page.getByText('Administrador creado. Ya puedes iniciar sesión.').waitFor();
    await login(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await stepsDone(page, 0);

    // 1. Categorías.
    await followStep(page, 'Categorías', '/categories');
    await page.getByLabel('Nombre').fill(CATEGORY);
    await page.getByRole('button', { name: 'Crear' }).click();
    await rowOf(page, CATEGORY).waitFor();

    // 2. A starter bank, copied.
    await page.goto('/question-banks');
    await page.getByRole('combobox', { name: 'Banco para copiar' }).click();
    await page.getByRole('option', { name: BANK, exact: true }).click();
    await page.getByRole('button', { name: 'Crear copia' }).click();
    await page.getByText(`Banco «${BANK}» creado con 9 preguntas.`).waitFor();
    await stepsDone(page, 2);

    // 3. The evaluation: nobody is assigned yet, so it is kept as a draft (decision 053).
    await followStep(page, 'Evaluación', '/create-evaluation');
    await page.getByRole('heading', { level: 1, name: 'Crear Evaluación' }).waitFor();
    await page.getByLabel('Nombre').fill(EVALUATION);
    await choose(page, 'Categoría', CATEGORY);
    await choose(page, 'Banco de preguntas', BANK);
    await page.getByRole('button', { name: 'Crear Evaluación' }).click();
    await page.waitForURL('**/evaluations');
    await page
      .getByText('Evaluación creada como borrador: todavía ningún evaluador tiene asignado', { exact: false })
      .waitFor();
    await rowOf(page, EVALUATION).getByRole('cell', { name: 'Borrador' }).waitFor();

    // 4. The staff, by hand: an evaluator and a teacher.
    await createUser(page, EVALUATOR, 'evaluador');
    await createUser(page, TEACHER, 'colaborador');
    await stepsDone(page, 4);

    // 5. The assignment.
    await followStep(page, 'Asignaciones', '/assignment-management');
    const picker = page.getByRole('combobox', { name: 'Evaluador' });
    await picker.click();
    await page.getByRole('option', { name: EVALUATOR.name, exact: true }).click();
    await page.getByLabel('Buscar persona disponible').fill(TEACHER.name);
    await page.getByRole('button', { name: `Asignar ${TEACHER.name}` }).click();
    await page
      .getByRole('table', { name: `Colaboradores asignados a ${EVALUATOR.name}` })
      .getByRole('cell', { name: TEACHER.name, exact: true })
      .waitFor();
    await stepsDone(page, 5);

    // 6. Open: the evaluator is told once (the outbox), and the guide, all done, steps aside.
    await page.goto('/evaluations');
    await rowOf(page, EVALUATION)
      .getByRole('button', { name: `Abrir ${EVALUATION}` })
      .click();
    await page.getByText(`Evaluación «${EVALUATION}» abierta.`).waitFor();
    await rowOf(page, EVALUATION).getByRole('cell', { name: 'Abierta' }).waitFor();
    expect(await mailOnceOf(page, 'round-launch')).toEqual([EVALUATOR.email]);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: 'Primeros pasos' }).count()).toBe(0);
    await expectNoAxeViolations(page, '/dashboard de una escuela con su primera ronda abierta');

    // The evaluator signs in, sees the pending work on /home and answers every question.
    const evaluator = await app.newPage();
    const ep = evaluator.page;
    await login(ep, EVALUATOR.email, EVALUATOR.password);
    await ep.waitForURL('**/home');
    const pending = ep.getByRole('region', { name: 'Tu trabajo pendiente' });
    await pending.getByText(`«${EVALUATION}»: 1 colaborador por evaluar.`, { exact: false }).waitFor();
    await pending.getByRole('link', { name: 'Ir a Realizar Evaluación (V1)' }).click();
    await ep.waitForURL('**/evaluation-form');
    await rowOf(ep, TEACHER.name)
      .getByRole('button', { name: `Evaluar a ${TEACHER.name}` })
      .click();
    await ep.getByRole('heading', { level: 2, name: `Evaluación de ${TEACHER.name}` }).waitFor();
    const questions = ep.getByRole('radiogroup');
    await questions.first().waitFor();
    const count = await questions.count();
    expect(count).toBe(9);
    for (let i = 0; i < count; i++) {
      await questions.nth(i).getByRole('radio', { name: '3', exact: true }).check();
    }
    await ep.getByRole('button', { name: 'Continuar' }).click();
    await ep
      .getByRole('radiogroup', { name: 'Requiere capacitación' })
      .getByRole('radio', { name: 'No', exact: true })
      .check();
    await ep.getByLabel('Comentarios').fill('Sin necesidad de capacitación este año.');
    await ep.getByRole('button', { name: 'Enviar evaluación' }).click();
    await ep.getByText('Evaluación y capacitación guardadas exitosamente.').waitFor();
    await rowOf(ep, TEACHER.name).getByText('Evaluado', { exact: true }).waitFor();
    expect(pageProblems(ep)).toEqual([]);
    await evaluator.context.close();

    // Until HR releases it, the teacher reads nothing and is told nothing (decision 050).
    expect(await mailOf(page, 'v1-report-ready')).toEqual([]);
    const teacher = await app.newPage(PHONE);
    const tp = teacher.page;
    await login(tp, TEACHER.email, TEACHER.password);
    await tp.waitForURL('**/home');
    await tp.goto('/profile');
    await tp.getByText('No se encontró ninguna evaluación reciente.').waitFor();

    // HR releases the round from the list; the teacher is told once.
    await page.goto('/evaluations');
    await rowOf(page, EVALUATION).getByText('Resultados sin publicar').waitFor();
    await page.getByRole('button', { name: `Publicar resultados de ${EVALUATION}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publicar y avisar' }).click();
    await page.getByText(V1_RELEASE_MESSAGES.released).first().waitFor();
    await rowOf(page, EVALUATION).getByText('Resultados publicados').waitFor();
    expect(await mailOf(page, 'v1-report-ready')).toEqual([TEACHER.email]);
    // Checks since the round opened (the release brought one forward): still one launch e-mail.
    expect(await mailOf(page, 'round-launch')).toEqual([EVALUATOR.email]);
    // One 409, the create's: it asked to open a round nobody answered yet, and kept it a draft.
    expect(pageProblems(page).filter((p) => !/status of 409 .*\/api\/evaluations\)$/.test(p))).toEqual([]);

    // The teacher, on a phone: every question at 3 is 75 % in both sections and overall.
    await tp.reload();
    const card = tp.getByRole('heading', { level: 3, name: 'Último resultado' }).locator('..');
    await card.getByText(EVALUATION, { exact: true }).waitFor();
    await tp.getByRole('link', { name: `Ver reporte de ${EVALUATION}` }).click();
    await tp.waitForURL('**/report/**');
    await tp.getByRole('heading', { level: 1, name: 'Reporte' }).waitFor();
    await tp.getByText('75.00 %', { exact: true }).first().waitFor();
    await expectAllWithinWidth(tp.getByRole('main'), 'el reporte del docente a 375 px');
    await expectNoHorizontalOverflow(tp, 'el reporte del docente a 375 px');
    await expectNoAxeViolations(tp, '/report del docente');
    expect(
      pageProblems(tp).filter((p) => !/status of 404 .*\/api\/evaluation-results\/latest\//.test(p)),
    ).toEqual([]);
    await teacher.context.close();
    await admin.context.close();
  });
});
