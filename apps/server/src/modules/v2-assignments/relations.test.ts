import { v2AssignmentEndpoints as endpoints, type BodyInput, type Relation } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated, type Call } from '../../../test/access';
import { call, callExpecting, reply } from '../../../test/call';
import { urlOf } from '../../../test/cases';
import { describeEngines } from '../../../test/context';
import { createUser, loginAs, unique, type TestUser } from '../../../test/factories';
import { createOpenV2, createV2Draft, setV2Status } from '../../../test/v2';

/** Relations chosen per evaluator and changed later (decision 035). */
const assignment = (id: number) => ({ params: { id } });
const evaluatee = (evaluationId: number, userId: number) => ({ params: { evaluationId, userId } });
/** The addresses of the calls that send what the contract refuses (a bad id, a bad body). */
const assignmentUrl = (id: number | string) => urlOf(endpoints.changeRelation, { params: { id } });
const evaluateeUrl = (evaluationId: number, userId: number) =>
  urlOf(endpoints.changeEvaluators, evaluatee(evaluationId, userId));
const MULTIPLE = 'MULTIPLE_MANAGERS';
const CLOSED = 'La evaluación está cerrada: sus asignaciones ya no se pueden cambiar.';

describeEngines('360 relations API', (t) => {
  async function people(n: number, prefix = 'Relación'): Promise<TestUser[]> {
    const tag = unique(prefix);
    const list: TestUser[] = [];
    for (let i = 0; i < n; i += 1)
      list.push(await createUser(t(), { name: `${tag} ${String(i).padStart(2, '0')}` }));
    return list;
  }

  async function relations(evaluationId: number, evaluateeId: number) {
    const rows = await t()
      .db.selectFrom('v2_assignments')
      .select(['id', 'evaluator_id', 'relation', 'status'])
      .where('evaluation_id', '=', evaluationId)
      .where('evaluatee_id', '=', evaluateeId)
      .orderBy('evaluator_id')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.evaluator_id, r.relation]));
  }

  async function assignmentId(evaluationId: number, evaluatorId: number, evaluateeId: number) {
    const row = await t()
      .db.selectFrom('v2_assignments')
      .select('id')
      .where('evaluation_id', '=', evaluationId)
      .where('evaluator_id', '=', evaluatorId)
      .where('evaluatee_id', '=', evaluateeId)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function complete(id: number) {
    await t()
      .db.updateTable('v2_assignments')
      .set({ status: 'completed', completed_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  async function trail(evaluationId: number, action: string) {
    const rows = await t()
      .db.selectFrom('audit_log')
      .select(['user_id', 'before_json', 'after_json'])
      .where('entity', '=', 'v2_evaluation')
      .where('entity_id', '=', evaluationId)
      .where('action', '=', action)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      user_id: r.user_id,
      before: r.before_json ? (JSON.parse(r.before_json) as unknown) : null,
      after: r.after_json ? (JSON.parse(r.after_json) as unknown) : null,
    }));
  }

  it('the per-person call adds evaluators with the relation chosen, and the bare spec call still adds peers', async () => {
    const { client, user } = await loginAs(t(), 'gestionhumana');
    const ev = await createV2Draft(client, { allow_self: true });
    const [target, boss, peer, report, plain] = await people(5);
    const of = evaluatee(ev.id, target!.id);

    const res = await call(client, endpoints.changeEvaluators, {
      ...of,
      body: {
        add: [boss!.id, peer!.id, report!.id, target!.id],
        relations: { [boss!.id]: 'manager', [report!.id]: 'report', [target!.id]: 'self' },
      },
    });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.evaluator_ids).toEqual([target!.id, boss!.id, peer!.id, report!.id].sort((a, b) => a - b));
    expect(body.assignments.map((a) => [a.evaluator_id, a.evaluator_name, a.relation, a.status])).toEqual(
      [
        [target!.id, target!.name, 'self', 'pending'],
        [boss!.id, boss!.name, 'manager', 'pending'],
        [peer!.id, peer!.name, 'peer', 'pending'],
        [report!.id, report!.name, 'report', 'pending'],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
    // The spec's call, bare: a peer.
    const bare = await call(client, endpoints.changeEvaluators, {
      ...of,
      body: { add: [plain!.id], remove: [] },
    });
    expect(bare.status).toBe(200);
    expect(await relations(ev.id, target!.id)).toMatchObject({ [plain!.id]: 'peer', [boss!.id]: 'manager' });
    // GET answers the same shape.
    const { body: got } = await call(client, endpoints.evaluatorsOf, of);
    expect(got.assignments.find((a) => a.evaluator_id === report!.id)?.relation).toBe('report');
    expect(got.evaluator_ids).toHaveLength(5);

    const log = await trail(ev.id, 'assign_evaluatee');
    expect(log).toHaveLength(2);
    expect(log[0]!.user_id).toBe(user.id);
  });

  it('the per-person call changes a pending relation, never a completed one, and audits before/after', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createOpenV2(client);
    const [target, a, b] = await people(3);
    const of = evaluatee(ev.id, target!.id);
    const change = (body: { add?: number[]; relations?: Record<string, Relation> }) =>
      call(client, endpoints.changeEvaluators, { ...of, body });
    await change({ add: [a!.id, b!.id] });
    const aId = await assignmentId(ev.id, a!.id, target!.id);
    const bId = await assignmentId(ev.id, b!.id, target!.id);

    const changed = await change({ relations: { [a!.id]: 'report' } });
    expect(changed.status).toBe(200);
    expect(await relations(ev.id, target!.id)).toEqual({ [a!.id]: 'report', [b!.id]: 'peer' });
    // Named in add again with a relation: changed too; named with the same relation: nothing to do.
    const again = await change({
      add: [a!.id],
      relations: { [a!.id]: 'manager', [b!.id]: 'peer' },
    });
    expect(again.status).toBe(200);
    expect(await relations(ev.id, target!.id)).toEqual({ [a!.id]: 'manager', [b!.id]: 'peer' });
    const log = await trail(ev.id, 'assign_evaluatee');
    expect(log.at(-1)).toMatchObject({
      before: { relations: [{ id: aId, relation: 'report' }] },
      after: { relations: [{ id: aId, relation: 'manager' }] },
    });

    await complete(bId);
    const refused = await callExpecting(
      client,
      endpoints.changeEvaluators,
      { ...of, body: { relations: { [b!.id]: 'report', [a!.id]: 'peer' } } },
      409,
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: `El evaluador ${b!.id} ya completó esta evaluación; su relación no se puede cambiar.`,
      code: 'COMPLETED_ASSIGNMENT',
    });
    // Nothing changed, the other relation included.
    expect(await relations(ev.id, target!.id)).toEqual({ [a!.id]: 'manager', [b!.id]: 'peer' });
    // The same relation for a completed one is no change: accepted.
    const same = await change({ relations: { [b!.id]: 'peer' } });
    expect(same.status).toBe(200);
  });

  it('the per-person call refuses bad relations with sentences and changes nothing', async () => {
    const { client } = await loginAs(t(), 'admin');
    const noSelf = await createV2Draft(client, { allow_self: false });
    const withSelf = await createV2Draft(client, { allow_self: true });
    const [target, a, b, stranger] = await people(4);
    await call(client, endpoints.changeEvaluators, {
      ...evaluatee(noSelf.id, target!.id),
      body: { add: [a!.id] },
    });
    await call(client, endpoints.changeEvaluators, {
      ...evaluatee(withSelf.id, target!.id),
      body: { add: [a!.id] },
    });
    const cases: Array<[number, unknown, number, string, string?]> = [
      [
        noSelf.id,
        { add: [b!.id], relations: { [b!.id]: 'self' } },
        400,
        'En una autoevaluación el evaluador y el evaluado deben ser la misma persona.',
        `body.relations.${b!.id}`,
      ],
      [
        withSelf.id,
        { add: [target!.id], relations: { [target!.id]: 'peer' } },
        400,
        'Si el evaluador y el evaluado son la misma persona, la relación debe ser autoevaluación.',
        `body.relations.${target!.id}`,
      ],
      [
        noSelf.id,
        { add: [target!.id], relations: { [target!.id]: 'self' } },
        400,
        'Esta evaluación no permite autoevaluación.',
      ],
      [
        noSelf.id,
        { relations: { [stranger!.id]: 'report' } },
        400,
        `El usuario ${stranger!.id} no es evaluador de esta persona: márcalo antes de elegir su relación.`,
        `body.relations.${stranger!.id}`,
      ],
      [
        noSelf.id,
        { remove: [a!.id], relations: { [a!.id]: 'report' } },
        400,
        `El usuario ${a!.id} no puede quitarse y cambiar de relación a la vez.`,
        `body.relations.${a!.id}`,
      ],
      [
        noSelf.id,
        { add: [b!.id], relations: { [b!.id]: 'friend' } },
        400,
        'La relación debe ser autoevaluación, jefe, par o colaborador directo.',
      ],
      [noSelf.id, { relations: { abc: 'peer' } }, 400, 'Las relaciones de los evaluadores no son válidas.'],
      [noSelf.id, { relations: { '0': 'peer' } }, 400, 'Las relaciones de los evaluadores no son válidas.'],
      [noSelf.id, { relations: ['peer'] }, 400, 'Las relaciones de los evaluadores no son válidas.'],
      [
        noSelf.id,
        { add: [b!.id], allow_multiple_managers: 'sí' },
        400,
        'Indica si se confirma más de un jefe (sí o no).',
      ],
    ];
    // Bodies the contract refuses, some outside its type: sent raw.
    for (const [evaluationId, body, status, error, field] of cases) {
      const res = await client.post(evaluateeUrl(evaluationId, target!.id), body);
      expect(res.statusCode, error).toBe(status);
      expect(res.json<{ error: string }>().error, JSON.stringify(body)).toBe(error);
      if (field) expect(res.json<{ details: unknown }>().details).toEqual([{ field, message: error }]);
    }
    expect(await relations(noSelf.id, target!.id)).toEqual({ [a!.id]: 'peer' });
    expect(await relations(withSelf.id, target!.id)).toEqual({ [a!.id]: 'peer' });
  });

  it('the per-person call asks before a second manager and gives one when confirmed', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client);
    const [target, boss, other, third] = await people(4);
    const of = evaluatee(ev.id, target!.id);
    type Change = BodyInput<typeof endpoints.changeEvaluators>;
    const change = (body: Change) => call(client, endpoints.changeEvaluators, { ...of, body });
    expect((await change({ add: [boss!.id], relations: { [boss!.id]: 'manager' } })).status).toBe(200);
    const twoManagers: Change[] = [
      { add: [other!.id], relations: { [other!.id]: 'manager' } },
      { add: [other!.id, third!.id], relations: { [other!.id]: 'manager', [third!.id]: 'manager' } },
    ];
    for (const body of twoManagers) {
      const res = await callExpecting(client, endpoints.changeEvaluators, { ...of, body }, 409);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: MULTIPLE });
      expect(res.body.error).toContain(`La persona ${target!.id} tendría más de un jefe`);
    }
    expect(await relations(ev.id, target!.id)).toEqual({ [boss!.id]: 'manager' });
    // Swapping the manager in one call is fine: one manager after it.
    const swap = await change({
      add: [other!.id],
      relations: { [other!.id]: 'manager', [boss!.id]: 'peer' },
    });
    expect(swap.status).toBe(200);
    expect(await relations(ev.id, target!.id)).toEqual({ [boss!.id]: 'peer', [other!.id]: 'manager' });
    // Removing the manager and adding another: fine.
    const replace = await change({
      add: [third!.id],
      remove: [other!.id],
      relations: { [third!.id]: 'manager' },
    });
    expect(replace.status).toBe(200);
    const confirmed = await change({
      relations: { [boss!.id]: 'manager' },
      allow_multiple_managers: true,
    });
    expect(confirmed.status).toBe(200);
    expect(await relations(ev.id, target!.id)).toEqual({ [boss!.id]: 'manager', [third!.id]: 'manager' });
    // With two managers already (confirmed), adding a peer needs no confirmation.
    expect((await change({ add: [other!.id] })).status).toBe(200);
  });

  it('PATCH changes a pending relation, answers the assignment and audits it', async () => {
    const { client, user } = await loginAs(t(), 'gestionhumana');
    const ev = await createOpenV2(client);
    const [target, rater] = await people(2);
    await call(client, endpoints.changeEvaluators, {
      ...evaluatee(ev.id, target!.id),
      body: { add: [rater!.id] },
    });
    const id = await assignmentId(ev.id, rater!.id, target!.id);

    const res = await call(client, endpoints.changeRelation, {
      ...assignment(id),
      body: { relation: 'manager' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id,
      evaluation_id: ev.id,
      evaluator_id: rater!.id,
      evaluatee_id: target!.id,
      relation: 'manager',
      status: 'pending',
    });
    expect(await relations(ev.id, target!.id)).toEqual({ [rater!.id]: 'manager' });
    // The same relation again: nothing to change, nothing audited.
    expect(
      (await call(client, endpoints.changeRelation, { ...assignment(id), body: { relation: 'manager' } }))
        .status,
    ).toBe(200);
    expect(await trail(ev.id, 'assign_relation')).toEqual([
      {
        user_id: user.id,
        before: { assignment_id: id, evaluator_id: rater!.id, evaluatee_id: target!.id, relation: 'peer' },
        after: { assignment_id: id, relation: 'manager' },
      },
    ]);
    // The list shows it.
    const { body: list } = await call(client, endpoints.listByEvaluation, {
      params: { evaluationId: ev.id },
    });
    expect(list.rows.find((r) => r.id === id)?.relation).toBe('manager');
  });

  it('PATCH refuses what the rules forbid, with sentences', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client, { allow_self: false });
    const selfEv = await createV2Draft(client, { allow_self: true });
    const [target, rater, boss] = await people(3);
    await call(client, endpoints.changeEvaluators, {
      ...evaluatee(ev.id, target!.id),
      body: { add: [rater!.id, boss!.id], relations: { [boss!.id]: 'manager' } },
    });
    await call(client, endpoints.changeEvaluators, {
      ...evaluatee(selfEv.id, target!.id),
      body: { add: [target!.id] },
    });
    const id = await assignmentId(ev.id, rater!.id, target!.id);
    const selfId = await assignmentId(selfEv.id, target!.id, target!.id);

    const cases: Array<[string, unknown, number, string, string]> = [
      [assignmentUrl(id), {}, 400, 'La relación es obligatoria.', 'VALIDATION_ERROR'],
      [
        assignmentUrl(id),
        { relation: 'jefe' },
        400,
        'La relación debe ser autoevaluación, jefe, par o colaborador directo.',
        'VALIDATION_ERROR',
      ],
      [
        assignmentUrl(id),
        { relation: 'self' },
        400,
        'En una autoevaluación el evaluador y el evaluado deben ser la misma persona.',
        'VALIDATION_ERROR',
      ],
      [
        assignmentUrl(selfId),
        { relation: 'peer' },
        400,
        'Si el evaluador y el evaluado son la misma persona, la relación debe ser autoevaluación.',
        'VALIDATION_ERROR',
      ],
      [
        assignmentUrl(id),
        { relation: 'report', allow_multiple_managers: 1 },
        400,
        'Indica si se confirma más de un jefe (sí o no).',
        'VALIDATION_ERROR',
      ],
      [assignmentUrl('abc'), { relation: 'peer' }, 400, 'El identificador no es válido.', 'VALIDATION_ERROR'],
      [assignmentUrl(999999), { relation: 'peer' }, 404, 'La asignación no existe.', 'NOT_FOUND'],
    ];
    // Bad ids and bodies the contract refuses, some outside its type: sent raw.
    for (const [url, body, status, error, code] of cases) {
      const res = await client.patch(url, body);
      expect(res.statusCode, error).toBe(status);
      expect(res.json()).toMatchObject({ error, code });
    }
    // A missing body altogether (raw: the contract requires one).
    const empty = await client.patch(assignmentUrl(id));
    expect(empty.statusCode).toBe(400);

    // A second manager: 409 unless confirmed.
    const second = await callExpecting(
      client,
      endpoints.changeRelation,
      { ...assignment(id), body: { relation: 'manager' } },
      409,
    );
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      code: MULTIPLE,
      error: expect.stringContaining(`La persona ${target!.id} tendría más de un jefe`),
    });
    expect(await relations(ev.id, target!.id)).toEqual({ [rater!.id]: 'peer', [boss!.id]: 'manager' });
    const confirmed = await call(client, endpoints.changeRelation, {
      ...assignment(id),
      body: { relation: 'manager', allow_multiple_managers: true },
    });
    expect(confirmed.status).toBe(200);
    expect(await relations(ev.id, target!.id)).toEqual({ [rater!.id]: 'manager', [boss!.id]: 'manager' });

    // Completed: 409 with a sentence; the relation stays.
    await complete(id);
    const done = await callExpecting(
      client,
      endpoints.changeRelation,
      { ...assignment(id), body: { relation: 'report' } },
      409,
    );
    expect(done.status).toBe(409);
    expect(done.body).toEqual({
      error: `El evaluador ${rater!.id} ya completó esta evaluación; su relación no se puede cambiar.`,
      code: 'COMPLETED_ASSIGNMENT',
    });
    expect(await relations(ev.id, target!.id)).toMatchObject({ [rater!.id]: 'manager' });
  });

  it('a declined assignment’s relation can be changed like a pending one', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createOpenV2(client);
    const [target, rater] = await people(2);
    await call(client, endpoints.changeEvaluators, {
      ...evaluatee(ev.id, target!.id),
      body: { add: [rater!.id] },
    });
    const id = await assignmentId(ev.id, rater!.id, target!.id);
    await t().db.updateTable('v2_assignments').set({ status: 'declined' }).where('id', '=', id).execute();
    const res = await call(client, endpoints.changeRelation, {
      ...assignment(id),
      body: { relation: 'report' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      relation: 'report',
      status: 'declined',
    });
  });

  it('no relation changes once the evaluation is closed', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createOpenV2(client);
    const [target, rater] = await people(2);
    await call(client, endpoints.changeEvaluators, {
      ...evaluatee(ev.id, target!.id),
      body: { add: [rater!.id] },
    });
    const id = await assignmentId(ev.id, rater!.id, target!.id);
    await setV2Status(client, ev.id, 'closed');
    const patch = await callExpecting(
      client,
      endpoints.changeRelation,
      { ...assignment(id), body: { relation: 'report' } },
      409,
    );
    expect(patch.status).toBe(409);
    expect(patch.body).toEqual({ error: CLOSED, code: 'EVALUATION_CLOSED' });
    const post = await callExpecting(
      client,
      endpoints.changeEvaluators,
      { ...evaluatee(ev.id, target!.id), body: { relations: { [rater!.id]: 'report' } } },
      409,
    );
    expect(post.status).toBe(409);
    expect(post.body.error).toBe(CLOSED);
    expect(await relations(ev.id, target!.id)).toEqual({ [rater!.id]: 'peer' });
  });

  it('10 concurrent changes to manager of one evaluatee leave exactly one manager unless confirmed', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client);
    const [target, ...raters] = await people(11, 'Carrera');
    await call(client, endpoints.bulk, {
      body: {
        evaluation_id: ev.id,
        assignments: raters.map((r) => ({
          evaluator_id: r.id,
          evaluatee_id: target!.id,
          relation: 'peer' as const,
        })),
      },
    });
    const ids = await Promise.all(raters.map((r) => assignmentId(ev.id, r.id, target!.id)));
    const answers = await Promise.all(
      ids.map((id) =>
        reply(client, endpoints.changeRelation, { ...assignment(id), body: { relation: 'manager' } }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const a of answers) if (!a.ok) expect(a.body.code).toBe(MULTIPLE);
    const managers = Object.values(await relations(ev.id, target!.id)).filter((r) => r === 'manager');
    expect(managers).toHaveLength(1);

    // The per-person call races the same way.
    const [other] = await people(1, 'Otra');
    const ev2 = await createV2Draft(client);
    const of = evaluatee(ev2.id, other!.id);
    await call(client, endpoints.changeEvaluators, { ...of, body: { add: raters.map((r) => r.id) } });
    const posts = await Promise.all(
      raters.map((r) =>
        reply(client, endpoints.changeEvaluators, {
          ...of,
          body: { relations: { [r.id]: 'manager' } as Record<string, Relation> },
        }),
      ),
    );
    expect(posts.filter((p) => p.status === 200)).toHaveLength(1);
    expect(Object.values(await relations(ev2.id, other!.id)).filter((r) => r === 'manager')).toHaveLength(1);

    // Confirmed, every change goes through.
    const confirmed = await Promise.all(
      ids.map((id) =>
        reply(client, endpoints.changeRelation, {
          ...assignment(id),
          body: { relation: 'manager', allow_multiple_managers: true },
        }),
      ),
    );
    for (const c of confirmed) expect(c.status).toBe(200);
    expect(Object.values(await relations(ev.id, target!.id)).filter((r) => r === 'manager')).toHaveLength(10);
  });

  const calls: Call[] = [
    { method: 'PATCH', url: assignmentUrl(1), body: { relation: 'peer' } },
    { method: 'POST', url: evaluateeUrl(1, 1), body: { relations: { 1: 'self' } } },
  ];
  it('answers 401 without a session', async () => {
    await expectAllUnauthenticated(t(), calls);
  });
  it('answers 403 to evaluador and colaborador', async () => {
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
  });
});
