import {
  V2_NOMINATION_MESSAGES as M,
  aboveMaxMessage,
  belowMinMessage,
  v2NominationEndpoints,
  type V2ApproveResult,
  type V2MyNominations,
  type V2Nomination,
  type V2NominationOverview,
} from '@evalua/contracts';
import { expect, it } from 'vitest';
import { answerOf } from '../../../test/answer';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../test/access';
import type { TestClient } from '../../../test/client';
import { describeEngines } from '../../../test/context';
import { createUser, loginAs, unique, type TestUser } from '../../../test/factories';
import { createOpenV2, createV2Draft, setV2Status } from '../../../test/v2';

const settingsUrl = (id: number) => `/api/evaluations-v2/${id}/nominations`;
const participantsUrl = (id: number) => `/api/evaluations-v2/${id}/nominations/participants`;

describeEngines('360 nominations API', (t) => {
  async function setManager(personId: number, managerId: number | null) {
    await t().db.updateTable('users').set({ manager_id: managerId }).where('id', '=', personId).execute();
  }

  /** HR, an open 360 with nominations 2..3, a participant who reports to a manager, and two peers. */
  async function round() {
    const hr = await loginAs(t(), 'gestionhumana');
    const manager = await loginAs(t(), 'evaluador', { name: unique('Jefa') });
    const person = await loginAs(t(), 'colaborador', { name: unique('Participante') });
    await setManager(person.user.id, manager.user.id);
    const peers: TestUser[] = [];
    for (const n of ['Par A', 'Par B', 'Par C', 'Par D'])
      peers.push(await createUser(t(), { name: unique(n), department: 'Ciencias' }));
    const ev = await createOpenV2(hr.client);
    const enabled = await hr.client.put(settingsUrl(ev.id), { enabled: true, min: 2, max: 3 });
    expect(enabled.statusCode).toBe(200);
    const added = await hr.client.post(participantsUrl(ev.id), { user_ids: [person.user.id] });
    expect(added.statusCode).toBe(200);
    const overview = answerOf(v2NominationEndpoints.addParticipants, added);
    const nominationId = overview.participants.find((p) => p.evaluatee.id === person.user.id)!.nomination_id;
    return { hr, manager, person, peers, ev, nominationId };
  }

  const list = (...items: Array<[TestUser, 'peer' | 'report']>) =>
    items.map(([u, relation]) => ({ nominee_id: u.id, relation }));

  async function errorOf(res: { statusCode: number; json: <T>() => T }, status: number): Promise<string> {
    expect(res.statusCode).toBe(status);
    return res.json<{ error: string }>().error;
  }

  it('runs a whole round: HR enables, the person proposes, the manager changes and approves, assignments appear', async () => {
    const { hr, manager, person, peers, ev, nominationId } = await round();
    const [a, b, c, d] = peers as [TestUser, TestUser, TestUser, TestUser];

    // The people search: active people by name or department, no e-mail.
    const inactive = await createUser(t(), { name: unique('Par A inactivo'), active: 0 });
    const search = await person.client.get(`/api/nominations/people?q=${encodeURIComponent(a.name)}`);
    const found = answerOf(v2NominationEndpoints.people, search).rows;
    expect(found).toEqual([{ id: a.id, name: a.name, department: 'Ciencias', position: null }]);
    expect(search.body).not.toContain('@');
    const byDepartment = await person.client.get('/api/nominations/people?q=cienc');
    expect(answerOf(v2NominationEndpoints.people, byDepartment).rows.map((r) => r.id)).not.toContain(
      inactive.id,
    );

    // The person sees their own nomination; the manager sees nothing to approve yet.
    const mine = answerOf(v2NominationEndpoints.mine, await person.client.get('/api/nominations/mine'));
    expect(mine.own).toHaveLength(1);
    expect(mine.own[0]).toMatchObject({
      id: nominationId,
      evaluation_id: ev.id,
      status: 'borrador',
      min: 2,
      max: 3,
      manager: { id: manager.user.id, name: manager.user.name },
      nominees: [],
    });
    const before = await manager.client.get('/api/nominations/mine');
    expect(before.json<V2MyNominations>().to_approve).toEqual([]);

    // A draft save keeps the status; sending moves it to 'enviada'.
    const saved = await person.client.put(`/api/nominations/${nominationId}`, {
      nominees: list([a, 'peer']),
    });
    expect(saved.json<V2Nomination>()).toMatchObject({ status: 'borrador', nominees: [{ id: a.id }] });
    const sent = await person.client.put(`/api/nominations/${nominationId}`, {
      nominees: list([a, 'peer'], [b, 'report']),
      submit: true,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json<V2Nomination>()).toMatchObject({ status: 'enviada' });
    const toApprove = (await manager.client.get('/api/nominations/mine')).json<V2MyNominations>().to_approve;
    expect(toApprove.map((n) => n.id)).toEqual([nominationId]);

    // HR follows the status.
    const overview = answerOf(v2NominationEndpoints.overview, await hr.client.get(settingsUrl(ev.id)));
    expect(overview).toMatchObject({ enabled: true, min: 2, max: 3 });
    expect(overview.participants).toEqual([
      expect.objectContaining({ status: 'enviada', nominee_count: 2, manager_name: manager.user.name }),
    ]);

    // The manager changes the list (adds c, drops b) and approves.
    const approved = await manager.client.post(`/api/nominations/${nominationId}/approve`, {
      nominees: list([a, 'peer'], [c, 'peer'], [d, 'report']),
    });
    expect(approved.statusCode).toBe(200);
    const result = approved.json<V2ApproveResult>();
    expect(result.created_count).toBe(4);
    expect(result.nomination.status).toBe('aprobada');
    const assignments = await t()
      .db.selectFrom('v2_assignments')
      .select(['evaluator_id', 'relation'])
      .where('evaluation_id', '=', ev.id)
      .where('evaluatee_id', '=', person.user.id)
      .orderBy('evaluator_id')
      .execute();
    expect(assignments).toEqual(
      [
        { evaluator_id: a.id, relation: 'peer' },
        { evaluator_id: c.id, relation: 'peer' },
        { evaluator_id: d.id, relation: 'report' },
        { evaluator_id: manager.user.id, relation: 'manager' },
      ].sort((x, y) => x.evaluator_id - y.evaluator_id),
    );
    const trail = await t()
      .db.selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity', '=', 'v2_nomination')
      .where('entity_id', '=', nominationId)
      .orderBy('id')
      .execute();
    expect(trail.map((e) => e.action)).toEqual([
      'nomination_save',
      'nomination_submit',
      'nomination_approve',
    ]);
    expect(trail[2]!.user_id).toBe(manager.user.id);

    // Approved: no more changes, no second approval.
    const again = await manager.client.post(`/api/nominations/${nominationId}/approve`, {});
    expect(await errorOf(again, 409)).toBe(M.alreadyApproved);
    const edit = await person.client.put(`/api/nominations/${nominationId}`, { nominees: list([a, 'peer']) });
    expect(await errorOf(edit, 409)).toBe(M.alreadyApproved);
    const remove = await hr.client.delete(`${participantsUrl(ev.id)}/${person.user.id}`);
    expect(await errorOf(remove, 409)).toBe(M.approvedParticipant);
  });

  it('refuses lists out of range, oneself, the manager, duplicates and inactive people, in Spanish', async () => {
    const { manager, person, peers, nominationId } = await round();
    const [a, b, c, d] = peers as [TestUser, TestUser, TestUser, TestUser];
    const gone = await createUser(t(), { active: 0 });
    const put = (nominees: ReturnType<typeof list>, submit = true) =>
      person.client.put(`/api/nominations/${nominationId}`, { nominees, submit });
    expect(await errorOf(await put(list([a, 'peer'])), 400)).toBe(belowMinMessage(2));
    expect(await errorOf(await put(list([a, 'peer'], [b, 'peer'], [c, 'peer'], [d, 'peer'])), 400)).toBe(
      aboveMaxMessage(3),
    );
    // A draft may hold fewer than the minimum, never more than the maximum.
    expect((await put(list([a, 'peer']), false)).statusCode).toBe(200);
    expect(
      await errorOf(await put(list([a, 'peer'], [b, 'peer'], [c, 'peer'], [d, 'peer']), false), 400),
    ).toBe(aboveMaxMessage(3));
    expect(await errorOf(await put(list([person.user, 'peer'], [a, 'peer'])), 400)).toBe(M.self);
    expect(await errorOf(await put(list([a, 'peer'], [a, 'report'])), 400)).toBe(M.duplicate);
    expect(await errorOf(await put(list([manager.user, 'peer'], [a, 'peer'])), 400)).toBe(M.isManager);
    expect(await errorOf(await put(list([gone, 'peer'], [a, 'peer'])), 400)).toBe(M.inactive);
    const bad = await person.client.put(`/api/nominations/${nominationId}`, {
      nominees: [{ nominee_id: a.id, relation: 'manager' }],
    });
    expect(await errorOf(bad, 400)).toBe(M.nomineeInvalid);
    // The manager cannot approve a proposal that was never sent; out of range neither.
    const early = await manager.client.post(`/api/nominations/${nominationId}/approve`, {});
    expect(await errorOf(early, 409)).toBe(M.notSubmitted);
    await put(list([a, 'peer'], [b, 'peer']));
    const short = await manager.client.post(`/api/nominations/${nominationId}/approve`, {
      nominees: list([a, 'peer']),
    });
    expect(await errorOf(short, 400)).toBe(belowMinMessage(2));
  });

  it('validates the settings and the participants, and refuses a closed evaluation', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client);
    for (const body of [
      { enabled: true, min: 0, max: 3 },
      { enabled: true, min: 4, max: 3 },
      { enabled: true, min: 1, max: 21 },
      { enabled: true },
    ]) {
      expect(await errorOf(await client.put(settingsUrl(ev.id), body), 400)).toBe(M.rangeInvalid);
    }
    expect(await errorOf(await client.put(settingsUrl(ev.id), { enabled: 'sí' }), 400)).toBe(
      M.enabledInvalid,
    );
    const notYet = await client.post(participantsUrl(ev.id), { user_ids: [1] });
    expect(await errorOf(notYet, 409)).toBe(M.notEnabled);
    expect((await client.put(settingsUrl(ev.id), { enabled: true, min: 1, max: 20 })).statusCode).toBe(200);
    expect(await errorOf(await client.post(participantsUrl(ev.id), {}), 400)).toBe(M.participantsEmpty);
    const gone = await createUser(t(), { active: 0 });
    expect(await errorOf(await client.post(participantsUrl(ev.id), { user_ids: [gone.id] }), 400)).toBe(
      M.participantInactive,
    );

    // 'todos los activos con jefe': everyone active with a 'Reporta a'.
    const boss = await createUser(t());
    const withBoss = await createUser(t());
    const inactiveWithBoss = await createUser(t(), { active: 0 });
    await setManager(withBoss.id, boss.id);
    await setManager(inactiveWithBoss.id, boss.id);
    const all = await client.post(participantsUrl(ev.id), { all_with_manager: true });
    const ids = answerOf(v2NominationEndpoints.addParticipants, all).participants.map((p) => p.evaluatee.id);
    expect(ids).toContain(withBoss.id);
    expect(ids).not.toContain(inactiveWithBoss.id);
    expect(ids).not.toContain(boss.id);
    // Removing one before approval.
    const removed = await client.delete(`${participantsUrl(ev.id)}/${withBoss.id}`);
    expect(removed.statusCode).toBe(204);
    const after = (await client.get(settingsUrl(ev.id))).json<V2NominationOverview>();
    expect(after.participants.map((p) => p.evaluatee.id)).not.toContain(withBoss.id);
    expect((await client.delete(`${participantsUrl(ev.id)}/${withBoss.id}`)).statusCode).toBe(404);

    // Not found, and closed.
    expect((await client.get(settingsUrl(99_999_999))).statusCode).toBe(404);
    expect((await client.get('/api/nominations/99999999')).statusCode).toBe(404);
    expect((await client.post('/api/nominations/99999999/approve', {})).statusCode).toBe(404);
    const open = await createOpenV2(client);
    await setV2Status(client, open.id, 'closed');
    const closed = await client.put(settingsUrl(open.id), { enabled: true, min: 1, max: 3 });
    expect(await errorOf(closed, 409)).toBe(M.closed);
  });

  it('refuses an approval once the evaluation is closed, and lets HR approve on behalf', async () => {
    const first = await round();
    const [a, b] = first.peers as [TestUser, TestUser];
    await first.person.client.put(`/api/nominations/${first.nominationId}`, {
      nominees: list([a, 'peer'], [b, 'peer']),
      submit: true,
    });
    // HR approves on behalf, as sent: 2 peers + the manager.
    const onBehalf = await first.hr.client.post(`/api/nominations/${first.nominationId}/approve`, {});
    expect(onBehalf.statusCode).toBe(200);
    expect(onBehalf.json<V2ApproveResult>().created_count).toBe(3);

    const second = await round();
    await second.person.client.put(`/api/nominations/${second.nominationId}`, {
      nominees: list([second.peers[0]!, 'peer'], [second.peers[1]!, 'peer']),
      submit: true,
    });
    await setV2Status(second.hr.client, second.ev.id, 'closed');
    const closed = await second.manager.client.post(`/api/nominations/${second.nominationId}/approve`, {});
    expect(await errorOf(closed, 409)).toBe(M.closed);
    const edit = await second.person.client.put(`/api/nominations/${second.nominationId}`, { nominees: [] });
    expect(await errorOf(edit, 409)).toBe(M.closed);
  });

  it('answers 401 without a session and 403 to other roles, colleagues and the evaluatee approving', async () => {
    const { person, peers, ev, nominationId } = await round();
    await person.client.put(`/api/nominations/${nominationId}`, {
      nominees: list([peers[0]!, 'peer'], [peers[1]!, 'peer']),
      submit: true,
    });
    const hrCalls = [
      { method: 'POST' as const, url: `/api/evaluations-v2/${ev.id}/assignments/managers` },
      { method: 'GET' as const, url: settingsUrl(ev.id) },
      { method: 'PUT' as const, url: settingsUrl(ev.id), body: { enabled: true, min: 1, max: 2 } },
      { method: 'POST' as const, url: participantsUrl(ev.id), body: { user_ids: [peers[0]!.id] } },
      { method: 'DELETE' as const, url: `${participantsUrl(ev.id)}/${person.user.id}` },
    ];
    const personal = [
      { method: 'GET' as const, url: `/api/nominations/${nominationId}` },
      { method: 'PUT' as const, url: `/api/nominations/${nominationId}`, body: { nominees: [] } },
      { method: 'POST' as const, url: `/api/nominations/${nominationId}/approve`, body: {} },
    ];
    await expectAllUnauthenticated(t(), [
      ...hrCalls,
      ...personal,
      { method: 'GET', url: '/api/nominations/mine' },
      { method: 'GET', url: '/api/nominations/people?q=a' },
    ]);
    // A colleague who is not the manager: every role but admin/HR on everything; admin/HR cannot
    // edit someone else's proposal.
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], [...hrCalls, ...personal]);
    await expectAllForbidden(t(), ['admin', 'gestionhumana'], [personal[1]!]);
    // The evaluatee cannot approve their own list.
    const self = await person.client.post(`/api/nominations/${nominationId}/approve`, {});
    expect(self.statusCode).toBe(403);
  });

  it('approving twice at once creates each assignment once and answers no 5xx', async () => {
    const { manager, hr, person, peers, ev, nominationId } = await round();
    await person.client.put(`/api/nominations/${nominationId}`, {
      nominees: list([peers[0]!, 'peer'], [peers[1]!, 'report']),
      submit: true,
    });
    const clients: TestClient[] = [manager.client, manager.client, hr.client];
    const answers = await Promise.all(
      clients.map((c) => c.post(`/api/nominations/${nominationId}/approve`, {})),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const rows = await t()
      .db.selectFrom('v2_assignments')
      .select(['evaluator_id'])
      .where('evaluation_id', '=', ev.id)
      .where('evaluatee_id', '=', person.user.id)
      .execute();
    expect(rows).toHaveLength(3);
  });
});
