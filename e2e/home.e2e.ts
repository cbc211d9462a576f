import { dashboardEndpoints, homeEndpoints, v2EvaluationEndpoints } from '@evalua/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';

/**
 * The start page (/home, issue 15): under the greeting and 'Ir al Menú', HR sees its pending work —
 * the V1 round and each open 360 evaluation — with the figures the API gives, each linked to its screen;
 * evaluators and collaborators see their own (issue 30 §2).
 */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The lines HR should read, worked out from the API on its own (not with the app's code). */
async function expectedLines(page: Page): Promise<Array<{ text: string; link: string; href: string }>> {
  const metrics = await call(page, dashboardEndpoints.metrics);
  const { rows } = await call(page, v2EvaluationEndpoints.list);
  const waiting = metrics.evaluation_progress
    .map((p) => Math.max(0, p.assigned) - Math.min(Math.max(0, p.evaluated), Math.max(0, p.assigned)))
    .filter((left) => left > 0);
  const left = waiting.reduce((sum, n) => sum + n, 0);
  const lines = [];
  if (left > 0)
    lines.push({
      text:
        `Evaluaciones V1 en curso: ${plural(waiting.length, 'evaluador tiene', 'evaluadores tienen')} ` +
        `${plural(left, 'colaborador', 'colaboradores')} por evaluar.`,
      link: 'Ver el avance en el Dashboard',
      href: '/dashboard',
    });
  for (const e of rows) {
    const pending = e.assignment_count - e.completed_count;
    if (e.status === 'open' && pending > 0)
      lines.push({
        text:
          `Evaluación 360 «${e.name}» (${e.period}): ` +
          `${plural(pending, 'asignación pendiente', 'asignaciones pendientes')} de ${e.assignment_count}.`,
        link: `Ver el avance de «${e.name}»`,
        href: `/evaluations-v2/${e.id}/results`,
      });
  }
  return lines;
}

const pendingSection = (page: Page) => page.getByRole('region', { name: 'Trabajo pendiente' });

describeInChromium('the start page', () => {
  const app = useDemoApp();

  it("shows HR its pending work under the greeting, with the API's figures, each linked to its screen", async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home');
    await page
      .getByRole('heading', { level: 1, name: `Hola, ${app.logins.byRole.gestionhumana.name}` })
      .waitFor();
    const section = pendingSection(page);
    await section.getByRole('listitem').first().waitFor();

    const expected = await expectedLines(page);
    // The demo has both kinds of pending work, so both are checked.
    expect(expected.map((l) => l.href)).toContain('/dashboard');
    expect(expected.some((l) => l.href.startsWith('/evaluations-v2/'))).toBe(true);
    const items = await section.getByRole('listitem').allTextContents();
    expect(items).toEqual(expected.map((l) => `${l.text} ${l.link}`));
    for (const line of expected)
      expect(await section.getByRole('link', { name: line.link }).getAttribute('href')).toBe(line.href);

    // Under the greeting and the 'Ir al Menú' button.
    const button = await page.getByRole('button', { name: 'Ir al Menú' }).boundingBox();
    const box = await section.boundingBox();
    expect(box!.y).toBeGreaterThan(button!.y + button!.height);
    await expectNoAxeViolations(page, '/home (gestión humana)');

    await section.getByRole('link', { name: 'Ver el avance en el Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await page.goBack();
    const v2 = expected.find((l) => l.href.startsWith('/evaluations-v2/'))!;
    await pendingSection(page).getByRole('link', { name: v2.link }).click();
    await page.waitForURL(`**${v2.href}`);
    await page.getByRole('heading', { level: 1, name: 'Resultados 360' }).waitFor();
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });

  it('says it is loading, and says so in Spanish with Reintentar when the figures cannot be read', async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home');
    await page.getByRole('link', { name: 'Ver el avance en el Dashboard' }).waitFor();

    // Slow answers: the loader shows meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/dashboard/metrics', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByRole('status', { name: 'Cargando el trabajo pendiente' }).waitFor();
    release();
    await page.getByRole('link', { name: 'Ver el avance en el Dashboard' }).waitFor();
    expect(await page.getByRole('status', { name: 'Cargando el trabajo pendiente' }).count()).toBe(0);
    await page.unroute('**/api/dashboard/metrics');

    // The metrics fail: a Spanish error with Reintentar, which loads them once they answer again.
    await page.route('**/api/dashboard/metrics', (route) => route.abort());
    await page.reload();
    const alert = pendingSection(page).getByRole('alert');
    await alert.getByText('No se pudo cargar el trabajo pendiente.').waitFor();
    await page.unroute('**/api/dashboard/metrics');
    await alert.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByRole('link', { name: 'Ver el avance en el Dashboard' }).waitFor();
    expect(await pendingSection(page).getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it('shows evaluators and collaborators their own pending work, linked to where it is done, and no organisation figures', async () => {
    for (const role of ['evaluador', 'colaborador'] as const) {
      const { context, page } = await app.signIn(role, '/home');
      const asked: string[] = [];
      page.on('request', (req) => asked.push(new URL(req.url()).pathname));
      await page.reload();
      await page.getByRole('heading', { level: 1, name: `Hola, ${app.logins.byRole[role].name}` }).waitFor();
      await page
        .getByText('Desde el menú puedes acceder a tus evaluaciones, tu historial y tu perfil.')
        .waitFor();
      const section = page.getByRole('region', { name: 'Tu trabajo pendiente' });
      await section.waitFor();
      const mine = await call(page, homeEndpoints.pending);
      const expected =
        mine.v1.length +
        mine.v2.length +
        mine.nominations_to_make.length +
        (mine.nominations_to_approve > 0 ? 1 : 0);
      if (expected === 0) await section.getByText('No tienes evaluaciones pendientes.').waitFor();
      else await expect.poll(() => section.getByRole('listitem').count()).toBe(expected);
      for (const w of mine.v1)
        await section.getByText(new RegExp(`«${w.evaluation_name}»: ${w.pending} colaborador`)).waitFor();
      await expectNoAxeViolations(page, `/home (${role})`);
      expect(await page.getByRole('heading', { name: 'Trabajo pendiente', exact: true }).count(), role).toBe(
        0,
      );
      expect(
        asked.filter((p) => p === '/api/dashboard/metrics' || p === '/api/evaluations-v2'),
        role,
      ).toEqual([]);
      if (role === 'evaluador') {
        expect(mine.v1.length, 'la evaluadora de la demo tiene colaboradores por evaluar').toBeGreaterThan(0);
        await section.getByRole('link', { name: 'Ir a Realizar Evaluación (V1)' }).first().click();
        await page.waitForURL('**/evaluation-form');
        await page.getByRole('heading', { level: 1, name: 'Realizar Evaluación (V1)' }).waitFor();
      }
      expect(pageProblems(page), role).toEqual([]);
      await context.close();
    }
  });
});
