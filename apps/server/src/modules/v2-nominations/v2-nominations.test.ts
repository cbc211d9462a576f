import {
  V2_NOMINATION_MESSAGES as M,
  aboveMaxMessage,
  belowMinMessage,
  v2NominationEndpoints as endpoints,
  type BodyInput,
  type ErrorBody,
} from '@evalua/contracts';
import { expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../test/access';
import { call, reply, statusOf } from '../../../test/call';
import { urlOf } from '../../../test/cases';
import type { TestClient } from '../../../test/client';
import { describeEngines } from '../../../test/context';
import { createUser, loginAs, unique, type TestUser } from '../../../test/factories';
import { createOpenV2, createV2Draft, setV2Status } from '../../../test/v2';

const inEvaluation = (evaluationId: number) => ({ params: { evaluationId } });
const participant = (evaluationId: number, userId: number) => ({ params: { evaluationId, userId } });
const nomination = (id: number) => ({ params: { id } });
/** The addresses of the calls that send what the contract refuses. */
const settingsUrl = (evaluationId: number) => urlOf(endpoints.configure, inEvaluation(evaluationId));
const saveUrl = (id: number) => urlOf(endpoints.save, nomination(id));

type Settings = BodyInput<typeof endpoints.configure>;
type Nominees = BodyInput<typeof endpoints.save>['nominees'];
const configure = (client: TestClient, evaluationId: number, body: Settings) =>
  reply(client, endpoints.configure, { ...inEvaluation(evaluationId), body });
const addParticipants = (
  client: TestClient,
  evaluationId: number,
  body: BodyInput<typeof endpoints.addParticipants>,
) => reply(client, endpoints.addParticipants, { ...inEvaluation(evaluationId), body });
const save = (client: TestClient, id: number, body: BodyInput<typeof endpoints.save>) =>
  reply(client, endpoints.save, { ...nomination(id), body });
const approve = (client: TestClient, id: number, body: BodyInput<typeof endpoints.approve> = {}) =>
  reply(client, endpoints.approve, { ...nomination(id), body });

/** An answer of either kind (a reply read through the contract). */
type Answered = { ok: true; status: number } | { ok: false; status: number; body: ErrorBody };

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
    const enabled = await configure(hr.client, ev.id, { enabled: true, min: 2, max: 3 });
    expect(enabled.status).toBe(200);
    const added = await call(hr.client, endpoints.addParticipants, {
      ...inEvaluation(ev.id),
      body: { user_ids: [person.user.id] },
    });
    expect(added.status).toBe(200);
    const overview = added.body;
    const nominationId = overview.participants.find((p) => p.evaluatee.id === person.user.id)!.nomination_id;
    return { hr, manager, person, peers, ev, nominationId };
  }

  const list = (...items: Array<[TestUser, 'peer' | 'report']>): Nominees =>
    items.map(([u, relation]) => ({ nominee_id: u.id, relation }));

  /** The sentence of a refusal with `status`. */
  function errorOf(answer: Answered, status: number): string {
    expect(answer.status).toBe(status);
    if (answer.ok) throw new Error(`Se esperaba una negativa ${status}`);
    return answer.body.error;
  }
  /** The same, from a raw response (a body the contract refuses). */
  function rawErrorOf(res: { statusCode: number; json: <T>() => T }, status: number): string {
    expect(res.statusCode).toBe(status);
    return res.json<{ error: string }>().error;
  }

  it('runs a whole round: HR enables, the person proposes, the manager changes and approves, assignments appear', async () => {
    const { hr, manager, person, peers, ev, nominationId } = await round();
    const [a, b, c, d] = peers as [TestUser, TestUser, TestUser, TestUser];

    // The people search: active people by name or department, no e-mail.
    const inactive = await createUser(t(), { name: unique('Par A inactivo'), active: 0 });
    const search = await call(person.client, endpoints.people, { query: { q: a.name } });
    const found = search.body.rows;
    expect(found).toEqual([{ id: a.id, name: a.name, department: 'Ciencias', position: null }]);
    expect(search.res.body).not.toContain('@');
    const byDepartment = await call(person.client, endpoints.people, { query: { q: 'cienc' } });
    expect(byDepartment.body.rows.map((r) => r.id)).not.toContain(inactive.id);

    // The person sees their own nomination; the manager sees nothing to approve yet.
    const { body: mine } = await call(person.client, endpoints.mine);
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
    const before = await call(manager.client, endpoints.mine);
    expect(before.body.to_approve).toEqual([]);

    // A draft save keeps the status; sending moves it to 'enviada'.
    const saved = await call(person.client, endpoints.save, {
      ...nomination(nominationId),
      body: { nominees: list([a, 'peer']) },
    });
    expect(saved.body).toMatchObject({ status: 'borrador', nominees: [{ id: a.id }] });
    const sent = await call(person.client, endpoints.save, {
      ...nomination(nominationId),
      body: { nominees: list([a, 'peer'], [b, 'report']), submit: true },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'enviada' });
    const toApprove = (await call(manager.client, endpoints.mine)).body.to_approve;
    expect(toApprove.map((n) => n.id)).toEqual([nominationId]);

    // HR follows the status.
    const { body: overview } = await call(hr.client, endpoints.overview, inEvaluation(ev.id));
    expect(overview).toMatchObject({ enabled: true, min: 2, max: 3 });
    expect(overview.participants).toEqual([
      expect.objectContaining({ status: 'enviada', nominee_count: 2, manager_name: manager.user.name }),
    ]);

    // The manager changes the list (adds c, drops b) and approves.
    const approved = await call(manager.client, endpoints.approve, {
      ...nomination(nominationId),
      body: { nominees: list([a, 'peer'], [c, 'peer'], [d, 'report']) },
    });
    expect(approved.status).toBe(200);
    const result = approved.body;
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
    const again = await approve(manager.client, nominationId);
    expect(errorOf(again, 409)).toBe(M.alreadyApproved);
    const edit = await save(person.client, nominationId, { nominees: list([a, 'peer']) });
    expect(errorOf(edit, 409)).toBe(M.alreadyApproved);
    const remove = await reply(hr.client, endpoints.removeParticipant, participant(ev.id, person.user.id));
    expect(errorOf(remove, 409)).toBe(M.approvedParticipant);
  });

  it('refuses lists out of range, oneself, the manager, duplicates and inactive people, in Spanish', async () => {
    const { manager, person, peers, nominationId } = await round();
    const [a, b, c, d] = peers as [TestUser, TestUser, TestUser, TestUser];
    const gone = await createUser(t(), { active: 0 });
    const put = (nominees: Nominees, submit = true) =>
      save(person.client, nominationId, { nominees, submit });
    expect(errorOf(await put(list([a, 'peer'])), 400)).toBe(belowMinMessage(2));
    expect(errorOf(await put(list([a, 'peer'], [b, 'peer'], [c, 'peer'], [d, 'peer'])), 400)).toBe(
      aboveMaxMessage(3),
    );
    // A draft may hold fewer than the minimum, never more than the maximum.
    expect((await put(list([a, 'peer']), false)).status).toBe(200);
    expect(errorOf(await put(list([a, 'peer'], [b, 'peer'], [c, 'peer'], [d, 'peer']), false), 400)).toBe(
      aboveMaxMessage(3),
    );
    expect(errorOf(await put(list([person.user, 'peer'], [a, 'peer'])), 400)).toBe(M.self);
    expect(errorOf(await put(list([a, 'peer'], [a, 'report'])), 400)).toBe(M.duplicate);
    expect(errorOf(await put(list([manager.user, 'peer'], [a, 'peer'])), 400)).toBe(M.isManager);
    expect(errorOf(await put(list([gone, 'peer'], [a, 'peer'])), 400)).toBe(M.inactive);
    // A relation the contract refuses: raw.
    const bad = await person.client.put(saveUrl(nominationId), {
      nominees: [{ nominee_id: a.id, relation: 'manager' }],
    });
    expect(rawErrorOf(bad, 400)).toBe(M.nomineeInvalid);
    // The manager cannot approve a proposal that was never sent; out of range neither.
    const early = await approve(manager.client, nominationId);
    expect(errorOf(early, 409)).toBe(M.notSubmitted);
    await put(list([a, 'peer'], [b, 'peer']));
    const short = await approve(manager.client, nominationId, { nominees: list([a, 'peer']) });
    expect(errorOf(short, 400)).toBe(belowMinMessage(2));
  });

  it('validates the settings and the participants, and refuses a closed evaluation', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client);
    const ranges: Settings[] = [
      { enabled: true, min: 0, max: 3 },
      { enabled: true, min: 4, max: 3 },
      { enabled: true, min: 1, max: 21 },
      { enabled: true },
    ];
    for (const body of ranges) {
      expect(errorOf(await configure(client, ev.id, body), 400)).toBe(M.rangeInvalid);
    }
    // A flag the contract refuses: raw.
    expect(rawErrorOf(await client.put(settingsUrl(ev.id), { enabled: 'sí' }), 400)).toBe(M.enabledInvalid);
    const notYet = await addParticipants(client, ev.id, { user_ids: [1] });
    expect(errorOf(notYet, 409)).toBe(M.notEnabled);
    expect((await configure(client, ev.id, { enabled: true, min: 1, max: 20 })).status).toBe(200);
    expect(errorOf(await addParticipants(client, ev.id, {}), 400)).toBe(M.participantsEmpty);
    const gone = await createUser(t(), { active: 0 });
    expect(errorOf(await addParticipants(client, ev.id, { user_ids: [gone.id] }), 400)).toBe(
      M.participantInactive,
    );

    // 'todos los activos con jefe': everyone active with a 'Reporta a'.
    const boss = await createUser(t());
    const withBoss = await createUser(t());
    const inactiveWithBoss = await createUser(t(), { active: 0 });
    await setManager(withBoss.id, boss.id);
    await setManager(inactiveWithBoss.id, boss.id);
    const all = await call(client, endpoints.addParticipants, {
      ...inEvaluation(ev.id),
      body: { all_with_manager: true },
    });
    const ids = all.body.participants.map((p) => p.evaluatee.id);
    expect(ids).toContain(withBoss.id);
    expect(ids).not.toContain(inactiveWithBoss.id);
    expect(ids).not.toContain(boss.id);
    // Removing one before approval.
    const removed = await call(client, endpoints.removeParticipant, participant(ev.id, withBoss.id));
    expect(removed.status).toBe(204);
    const { body: after } = await call(client, endpoints.overview, inEvaluation(ev.id));
    expect(after.participants.map((p) => p.evaluatee.id)).not.toContain(withBoss.id);
    expect(await statusOf(client, endpoints.removeParticipant, participant(ev.id, withBoss.id))).toBe(404);

    // Not found, and closed.
    expect(await statusOf(client, endpoints.overview, inEvaluation(99_999_999))).toBe(404);
    expect(await statusOf(client, endpoints.get, nomination(99999999))).toBe(404);
    expect((await approve(client, 99999999)).status).toBe(404);
    const open = await createOpenV2(client);
    await setV2Status(client, open.id, 'closed');
    const closed = await configure(client, open.id, { enabled: true, min: 1, max: 3 });
    expect(errorOf(closed, 409)).toBe(M.closed);
  });

  it('refuses an approval once the evaluation is closed, and lets HR approve on behalf', async () => {
    const first = await round();
    const [a, b] = first.peers as [TestUser, TestUser];
    await call(first.person.client, endpoints.save, {
      ...nomination(first.nominationId),
      body: { nominees: list([a, 'peer'], [b, 'peer']), submit: true },
    });
    // HR approves on behalf, as sent: 2 peers + the manager.
    const onBehalf = await call(first.hr.client, endpoints.approve, {
      ...nomination(first.nominationId),
      body: {},
    });
    expect(onBehalf.status).toBe(200);
    expect(onBehalf.body.created_count).toBe(3);

    const second = await round();
    await call(second.person.client, endpoints.save, {
      ...nomination(second.nominationId),
      body: { nominees: list([second.peers[0]!, 'peer'], [second.peers[1]!, 'peer']), submit: true },
    });
    await setV2Status(second.hr.client, second.ev.id, 'closed');
    const closed = await approve(second.manager.client, second.nominationId);
    expect(errorOf(closed, 409)).toBe(M.closed);
    const edit = await save(second.person.client, second.nominationId, { nominees: [] });
    expect(errorOf(edit, 409)).toBe(M.closed);
  });

  it('answers 401 without a session and 403 to other roles, colleagues and the evaluatee approving', async () => {
    const { person, peers, ev, nominationId } = await round();
    await call(person.client, endpoints.save, {
      ...nomination(nominationId),
      body: { nominees: list([peers[0]!, 'peer'], [peers[1]!, 'peer']), submit: true },
    });
    const hrCalls = [
      { method: 'POST' as const, url: urlOf(endpoints.fillManagers, inEvaluation(ev.id)) },
      { method: 'GET' as const, url: urlOf(endpoints.overview, inEvaluation(ev.id)) },
      { method: 'PUT' as const, url: settingsUrl(ev.id), body: { enabled: true, min: 1, max: 2 } },
      {
        method: 'POST' as const,
        url: urlOf(endpoints.addParticipants, inEvaluation(ev.id)),
        body: { user_ids: [peers[0]!.id] },
      },
      {
        method: 'DELETE' as const,
        url: urlOf(endpoints.removeParticipant, participant(ev.id, person.user.id)),
      },
    ];
    const personal = [
      { method: 'GET' as const, url: urlOf(endpoints.get, nomination(nominationId)) },
      { method: 'PUT' as const, url: saveUrl(nominationId), body: { nominees: [] } },
      { method: 'POST' as const, url: urlOf(endpoints.approve, nomination(nominationId)), body: {} },
    ];
    await expectAllUnauthenticated(t(), [
      ...hrCalls,
      ...personal,
      { method: 'GET', url: urlOf(endpoints.mine) },
      { method: 'GET', url: urlOf(endpoints.people, { query: { q: 'a' } }) },
    ]);
    // A colleague who is not the manager: every role but admin/HR on everything; admin/HR cannot
    // edit someone else's proposal.
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], [...hrCalls, ...personal]);
    await expectAllForbidden(t(), ['admin', 'gestionhumana'], [personal[1]!]);
    // The evaluatee cannot approve their own list.
    const self = await approve(person.client, nominationId);
    expect(self.status).toBe(403);
  });

  it('approving twice at once creates each assignment once and answers no 5xx', async () => {
    const { manager, hr, person, peers, ev, nominationId } = await round();
    await call(person.client, endpoints.save, {
      ...nomination(nominationId),
      body: { nominees: list([peers[0]!, 'peer'], [peers[1]!, 'report']), submit: true },
    });
    const clients: TestClient[] = [manager.client, manager.client, hr.client];
    const answers = await Promise.all(clients.map((c) => approve(c, nominationId)));
    const statuses = answers.map((r) => r.status).sort();
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
