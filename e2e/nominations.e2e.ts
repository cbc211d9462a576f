import {
  onePage,
  userEndpoints,
  v2AssignmentEndpoints,
  v2EvaluationEndpoints,
  v2NominationEndpoints,
  type Person,
  type UserListRow,
} from '@evalua/contracts';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { call } from './support/call';
import { PHONE, expectNoHorizontalOverflow } from './support/layout';

/** Nominations (decision 036): HR enables them, the participant proposes by name, the manager approves. */

const shared = {} as {
  evaluationId: number;
  participant: UserListRow;
  managerEmail: string;
  peers: Person[];
};

describeInChromium('360 nominations in Chromium', () => {
  const app = useDemoApp();

  it('HR enables nominations on the demo 360 and adds the colaborador as participant', async () => {
    const { context, page } = await app.signIn('gestionhumana', '/home');
    const list = await call(page, v2EvaluationEndpoints.list);
    shared.evaluationId = list.rows.find((r) => r.status !== 'closed')!.id;
    const email = app.logins.byRole.colaborador.email;
    const found = onePage(await call(page, userEndpoints.list, { query: { page: 1, q: email } }));
    shared.participant = found.rows[0]!;
    expect(shared.participant.manager_id, "the demo gives the colaborador a 'Reporta a'").not.toBeNull();
    const manager = await call(page, userEndpoints.get, { params: { id: shared.participant.manager_id! } });
    shared.managerEmail = manager.email!;

    await page.goto(`/evaluations-v2/${shared.evaluationId}/assignments`);
    const panel = page.getByRole('heading', { name: 'Nominaciones', level: 2 }).locator('xpath=../..');
    await panel
      .getByRole('switch', { name: 'Los evaluados proponen a sus evaluadores (nominaciones)' })
      .click();
    await panel.getByLabel('Mínimo de evaluadores').fill('1');
    await panel.getByLabel('Máximo de evaluadores').fill('3');
    await panel.getByRole('button', { name: 'Guardar configuración' }).click();
    await panel.getByText('Nominaciones habilitadas.').waitFor();

    const search = panel.getByRole('combobox', { name: 'Agregar participante' });
    await search.fill(shared.participant.name.split(' ').slice(0, 2).join(' '));
    await page
      .getByRole('option', { name: new RegExp(`^${shared.participant.name}`) })
      .first()
      .click();
    await panel.getByText(`${shared.participant.name} participa en las nominaciones.`).waitFor();
    const participants = panel.getByRole('list', { name: 'Participantes' });
    await participants.getByText(shared.participant.name).waitFor();
    await participants.getByText('Sin enviar').waitFor();

    // The 'Reporta a' button says what it did.
    await page.getByRole('button', { name: 'Asignar jefes según «Reporta a»' }).click();
    await page.getByText(/Se crearon \d+ asignaci|No faltaba ningún jefe/).waitFor();

    await expectNoHorizontalOverflow(page, 'asignaciones 360 con nominaciones a 1366 px');
    await expectNoAxeViolations(page, 'asignaciones 360 con nominaciones');
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });

  it('the participant proposes two colleagues by name on a 375 px phone and sends', async () => {
    const { context, page } = await app.signIn('colaborador', '/home', PHONE);
    // Two colleagues who are neither the participant nor their manager, found by name.
    const people = await call(page, v2NominationEndpoints.people, { query: { q: 'a' } });
    shared.peers = people.rows
      .filter((p) => p.id !== shared.participant.id && p.id !== shared.participant.manager_id)
      .slice(0, 2);
    expect(shared.peers).toHaveLength(2);

    await page.goto('/nominaciones');
    await page.getByRole('heading', { level: 1, name: 'Nominaciones' }).waitFor();
    await page.getByRole('heading', { name: 'Proponer evaluadores' }).waitFor();
    const search = page.getByRole('combobox', { name: 'Agregar evaluador' });
    for (const peer of shared.peers) {
      await search.fill(peer.name);
      await page
        .getByRole('option', { name: new RegExp(`^${peer.name}`) })
        .first()
        .click();
      await page.getByRole('combobox', { name: `Relación de ${peer.name}` }).waitFor();
    }
    await expectNoHorizontalOverflow(page, 'nominaciones a 375 px');
    await expectNoAxeViolations(page, 'nominaciones (propuesta)');
    await page.getByRole('button', { name: 'Enviar propuesta' }).click();
    await page.getByText('Propuesta enviada.').waitFor();
    await page.getByText('Enviada', { exact: true }).first().waitFor();
    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });

  it('the manager approves and HR sees the resulting assignments', async () => {
    const { context, page } = await app.signIn({ email: shared.managerEmail }, /\/(home|dashboard)/);
    await page.goto('/nominaciones');
    await page.getByRole('heading', { name: 'Nominaciones por aprobar' }).waitFor();
    const card = page
      .getByRole('heading', { level: 3, name: shared.participant.name })
      .locator('xpath=ancestor::div[contains(@class,"mantine-Paper-root")][1]');
    for (const peer of shared.peers) await card.getByText(peer.name, { exact: true }).waitFor();
    await expectNoHorizontalOverflow(page, 'nominaciones por aprobar a 1366 px');
    await expectNoAxeViolations(page, 'nominaciones por aprobar');
    await card.getByRole('button', { name: 'Aprobar' }).click();
    await page.getByText(/Nominación aprobada: se crearon \d+ asignaci/).waitFor();
    await context.close();

    const hr = await app.signIn('gestionhumana', '/home');
    const { rows } = await call(hr.page, v2AssignmentEndpoints.listByEvaluation, {
      params: { evaluationId: shared.evaluationId },
    });
    for (const peer of shared.peers) {
      expect(
        rows.some((r) => r.evaluator_id === peer.id && r.evaluatee_id === shared.participant.id),
        peer.name,
      ).toBe(true);
    }
    await hr.page.goto(`/evaluations-v2/${shared.evaluationId}/assignments`);
    const participants = hr.page.getByRole('list', { name: 'Participantes' });
    await participants.getByText('Aprobada').waitFor();
    await hr.context.close();
  });
});
