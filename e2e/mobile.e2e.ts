import {
  assignmentEndpoints,
  authEndpoints,
  historyEndpoints,
  onePage,
  resultEndpoints,
  v2AnswerEndpoints,
  v2EvaluationEndpoints,
  v2ItemEndpoints,
  v2ReleaseEndpoints,
} from '@evalua/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';
import { expectAllWithinWidth, PHONE, screenshotFits } from './support/layout';

/**
 * The screens people use on a phone, at 375 px: nothing scrolls sideways (lists show one card per
 * row), each state is photographed and checked at that moment, and the side menu opens
 * with the burger and closes.
 */

/** The state on screen fits 375 px (checked and photographed now) and has no axe violations. */
async function fits(page: Page, name: string): Promise<void> {
  await screenshotFits(page, name);
  await expectNoAxeViolations(page, `${name} (375 px)`);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });
const burger = (page: Page) => page.getByRole('button', { name: 'Abrir o cerrar el menú' });

/** The menu's box whether it is open or not (closed, it is inert and out of the accessibility tree). */
const menuBox = (page: Page) => page.locator('#menu-principal');

/** Where the side menu is: on screen (open) or pushed off to the left (closed). */
async function menuIsOpen(page: Page): Promise<boolean> {
  const box = await menuBox(page).evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
  return box.left >= 0 && box.right > 0;
}

/** Opens the menu with the burger and follows one of its links; the menu closes on the way. */
async function goByMenu(page: Page, name: string, path: string): Promise<void> {
  await burger(page).tap();
  await expect.poll(() => menuIsOpen(page)).toBe(true);
  await nav(page).getByRole('link', { name }).tap();
  await page.waitForURL(`**${path}`);
  await expect.poll(() => menuIsOpen(page)).toBe(false);
}

describeInChromium('on a 375 px phone', () => {
  const app = useDemoApp();

  it('opens and closes the side menu with the burger; home fits', async () => {
    const { context, page } = await app.signIn('evaluador', '/home', PHONE);
    await page
      .getByRole('heading', { level: 1, name: `Hola, ${app.logins.byRole.evaluador.name}` })
      .waitFor();
    expect(await menuIsOpen(page)).toBe(false);
    await fits(page, 'inicio');

    await burger(page).tap();
    await expect.poll(() => menuIsOpen(page)).toBe(true);
    expect(await burger(page).getAttribute('aria-expanded')).toBe('true');
    await nav(page).getByRole('link', { name: 'Realizar Evaluación (V1)' }).waitFor();
    await fits(page, 'menú abierto');
    await burger(page).tap();
    await expect.poll(() => menuIsOpen(page)).toBe(false);
    expect(await burger(page).getAttribute('aria-expanded')).toBe('false');
    // Closed, its links are out of the way of the keyboard: Tab goes from the burger to the page.
    await burger(page).focus();
    await page.keyboard.press('Tab');
    expect(await menuBox(page).evaluate((el) => el.contains(document.activeElement))).toBe(false);
    expect(await menuBox(page).getAttribute('inert')).not.toBeNull();
    await page.getByRole('button', { name: 'Ir al Menú' }).waitFor();
    expect(
      await page.getByRole('button', { name: 'Ir al Menú' }).evaluate((el) => el === document.activeElement),
    ).toBe(true);

    // 'Ir al Menú' opens it too.
    await page.getByRole('button', { name: 'Ir al Menú' }).tap();
    await expect.poll(() => menuIsOpen(page)).toBe(true);
    await burger(page).tap();
    await expect.poll(() => menuIsOpen(page)).toBe(false);
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });

  it('fits the V1 evaluation form in each of its states', async () => {
    const { context, page } = await app.signIn('evaluador', '/home', PHONE);
    await goByMenu(page, 'Realizar Evaluación (V1)', '/evaluation-form');

    const me = await call(page, authEndpoints.me);
    const assigned = await call(page, assignmentEndpoints.assigned, { params: { evaluatorId: me.id } });
    const evaluated = await call(page, resultEndpoints.evaluated, { params: { evaluatorId: me.id } });
    const target = assigned.find((a) => !evaluated.some((e) => e.collaborator_id === a.collaborator_id))!;
    // On a phone each collaborator is a card: the name as its heading, the e-mail, position and
    // department, and the status ('Evaluar' or 'Evaluado'), all on screen as they are.
    const list = page.getByRole('list', { name: 'Colaboradores asignados' });
    const row = list.getByRole('article', { name: target.collaborator_name, exact: true });
    await row.getByText(target.email!, { exact: true }).waitFor();
    const evaluate = row.getByRole('button', { name: `Evaluar a ${target.collaborator_name}` });
    await evaluate.waitFor();
    await fits(page, 'V1 lista de colaboradores');
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await list.getByRole('button', { name: /^Evaluar a / }).count()).toBeGreaterThan(0);
    await expectAllWithinWidth(list, 'V1 lista de colaboradores');

    await evaluate.tap();
    const groups = page.getByRole('radiogroup');
    await groups.first().waitFor();
    await fits(page, 'V1 preguntas');

    // 'Continuar' with nothing answered: every question says so, and it still fits.
    await page.getByRole('button', { name: 'Continuar' }).tap();
    await page.getByText(/^Debes responder todas las preguntas/).waitFor();
    await fits(page, 'V1 preguntas sin responder');

    for (let i = 0; i < (await groups.count()); i += 1)
      await groups.nth(i).getByRole('radio', { name: '3', exact: true }).check();
    await page.getByRole('button', { name: 'Continuar' }).tap();
    await page.getByRole('heading', { level: 3, name: 'Capacitación' }).waitFor();
    await fits(page, 'V1 capacitación');

    await page
      .getByRole('radiogroup', { name: 'Requiere capacitación' })
      .getByRole('radio', { name: 'No', exact: true })
      .check();
    await page.getByLabel('Comentarios').fill('Cumple con lo esperado en todas las áreas evaluadas.');
    await page.getByRole('button', { name: 'Enviar evaluación' }).tap();
    await page.getByText('Evaluación y capacitación guardadas exitosamente.').waitFor();
    await row.getByText('Evaluado', { exact: true }).waitFor();
    await fits(page, 'V1 evaluación enviada');
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });

  it('fits the V2 form, the profile with both histories, and the 360 results', async () => {
    const { context, page } = await app.signIn('colaborador', '/home', PHONE);
    await page
      .getByRole('heading', { level: 1, name: `Hola, ${app.logins.byRole.colaborador.name}` })
      .waitFor();
    await fits(page, 'inicio del colaborador');
    await goByMenu(page, 'Realizar Evaluación (V2)', '/evaluation-form-v2');

    const me = await call(page, authEndpoints.me);
    const rows = (await call(page, v2AnswerEndpoints.mine)).rows;
    const target = rows.find((r) => r.assignment_status === 'pending' && r.evaluation_status === 'open')!;
    const evaluate = page.getByRole('button', {
      name: `Evaluar a ${target.evaluatee_name} en ${target.evaluation_name}`,
    });
    await evaluate.waitFor();
    await fits(page, 'V2 asignaciones');

    await evaluate.tap();
    const { items } = await call(page, v2ItemEndpoints.list, { params: { id: target.evaluation_id } });
    const groups = items.map((_, i) => page.getByRole('group', { name: `Pregunta ${i + 1}`, exact: true }));
    await groups[0]!.waitFor();
    await fits(page, 'V2 preguntas');

    await page.getByRole('button', { name: 'Guardar respuestas' }).tap();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Debes responder todas las preguntas/ })
      .waitFor();
    await fits(page, 'V2 preguntas sin responder');

    for (const [i, item] of items.entries()) {
      const group = groups[i]!;
      if (i === 0) await group.getByRole('checkbox', { name: 'N/A (no aplica)' }).check();
      else if (item.type === 'text')
        await group.getByRole('textbox', { name: item.question_text }).fill('Seguir formándome.');
      else await group.getByRole('radio').first().check();
    }
    await groups[1]!
      .getByRole('textbox', { name: 'Comentario (opcional)' })
      .fill(
        'Un comentario largo para ver que el texto se parte en varias líneas sin salirse de la pantalla del teléfono.',
      );
    await fits(page, 'V2 preguntas respondidas');
    await page.getByRole('button', { name: 'Guardar respuestas' }).tap();
    await page.getByRole('status').filter({ hasText: '¡Respuestas guardadas!' }).waitFor();
    await fits(page, 'V2 respuestas guardadas');

    // Profile: 'Mi Historial de Evaluaciones' (latest result, trend, list) and 'Mis resultados 360'.
    await goByMenu(page, 'Mi Historial de Evaluaciones', '/profile');
    await page.getByRole('heading', { level: 2, name: 'Mi Historial de Evaluaciones' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Mis resultados 360' }).waitFor();
    const history = await call(page, historyEndpoints.ofUser, { params: { userId: me.id } });
    expect(history.length).toBeGreaterThan(0);
    await page.getByRole('list', { name: 'Mis evaluaciones' }).waitFor();
    await page
      .getByRole('img', { name: /^Evolución del resultado general/ })
      .locator('svg')
      .first()
      .waitFor();
    await fits(page, 'perfil');

    // HR closes the 360: it shows under 'Mis resultados 360', and its results fit too.
    const admin = await app.signIn('admin', '/dashboard');
    // Each answers 200 (call checks the endpoint's status).
    await call(admin.page, v2EvaluationEndpoints.update, {
      params: { id: target.evaluation_id },
      body: { status: 'closed' },
    });
    // Shared with each person (decision 038).
    await call(admin.page, v2ReleaseEndpoints.set, {
      params: { id: target.evaluation_id },
      body: { evaluatee: true, manager: true },
    });
    await admin.context.close();
    await page.reload();
    const mine = page.getByRole('list', { name: 'Mis resultados 360' });
    await mine.getByRole('link', { name: target.evaluation_name }).waitFor();
    await page.getByRole('list', { name: 'Mis evaluaciones' }).waitFor();
    await fits(page, 'perfil con resultados 360');
    await mine.getByRole('link', { name: target.evaluation_name }).tap();
    await page.waitForURL(`**/evaluations-v2/${target.evaluation_id}/results/${me.id}`);
    await page.getByRole('heading', { level: 2, name: 'Resultados por pregunta' }).waitFor();
    await fits(page, 'mis resultados 360');
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });

  it('fits the history screens for HR', async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home', PHONE);
    await page
      .getByRole('heading', { level: 1, name: `Hola, ${app.logins.byRole.gestionhumana.name}` })
      .waitFor();
    await fits(page, 'inicio de gestión humana');
    await goByMenu(page, 'Historial de Evaluaciones', '/evaluation-history');
    const first = onePage(
      await call(page, historyEndpoints.collaborators, { query: { page: 1, pageSize: 10 } }),
    );
    const person = first.rows[0]!;
    const open = page.getByRole('button', { name: `Ver historial de ${person.collaborator_name}` }).first();
    await open.waitFor();
    await fits(page, 'historial: lista');

    // Each collaborator is a card, its button on screen: nothing to scroll sideways.
    const people = page.getByRole('list', { name: 'Colaboradores con evaluaciones' });
    expect(await people.getByRole('article').count()).toBe(first.rows.length);
    await expectAllWithinWidth(people, 'historial: lista');

    await open.tap();
    const caption = `Evaluaciones de ${person.collaborator_name}`;
    await page.getByRole('list', { name: caption }).waitFor();
    await fits(page, 'historial: colaborador elegido');

    await page.getByRole('link', { name: 'Ver historial completo y evolución' }).tap();
    await page.waitForURL(`**/evaluation-history/${person.collaborator_id}`);
    await page.getByRole('list', { name: caption }).waitFor();
    await page
      .getByRole('img', { name: /^Evolución del resultado general/ })
      .locator('svg')
      .first()
      .waitFor();
    await fits(page, 'historial de un colaborador');

    // Its report, reached from the history, fits as well.
    const history = await call(page, historyEndpoints.ofUser, {
      params: { userId: person.collaborator_id },
    });
    await page.getByRole('link', { name: `Ver reporte de ${history[0]!.evaluation_name}` }).tap();
    await page.waitForURL(`**/report-detail/${history[0]!.evaluation_id}/${person.collaborator_id}`);
    await page.getByRole('heading', { level: 2, name: 'Preguntas' }).waitFor();
    await fits(page, 'detalle del reporte');
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });
});
