import {
  authEndpoints,
  v2AssignmentEndpoints as endpoints,
  v2ItemEndpoints,
  type BodyInput,
} from '@evalua/contracts';
import { expect, it } from 'vitest';
import { answerOf } from '../../../test/answer';
import { expectAllForbidden, expectAllUnauthenticated, type Call } from '../../../test/access';
import { call, callExpecting } from '../../../test/call';
import { urlOf } from '../../../test/cases';
import { describeEngines } from '../../../test/context';
import { createUser, loginAs, unique, type TestUser } from '../../../test/factories';
import { createOpenV2, createV2Draft, setV2Status } from '../../../test/v2';

type Batch = BodyInput<typeof endpoints.bulk>;
const byEvaluation = (evaluationId: number) => ({ params: { evaluationId } });
const evaluatee = (evaluationId: number, userId: number | string) => ({ params: { evaluationId, userId } });
/** The addresses of the calls that send what the contract refuses (a bad id, a bad body). */
const BULK = urlOf(endpoints.bulk);
const evaluateeUrl = (evaluationId: number, userId: number) =>
  urlOf(endpoints.changeEvaluators, evaluatee(evaluationId, userId));

describeEngines('360 assignments API', (t) => {
  async function people(n: number, prefix = 'Persona'): Promise<TestUser[]> {
    const tag = unique(prefix);
    const list: TestUser[] = [];
    for (let i = 0; i < n; i += 1)
      list.push(await createUser(t(), { name: `${tag} ${String(i).padStart(2, '0')}` }));
    return list;
  }

  async function pairCount(evaluationId: number): Promise<number> {
    const row = await t()
      .db.selectFrom('v2_assignments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('evaluation_id', '=', evaluationId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('inserts a batch and lists it with names, relation and status', async () => {
    const { client, user } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client, { allow_self: true });
    const [ana, beto, carla] = await people(3);
    const res = await call(client, endpoints.bulk, {
      body: {
        evaluation_id: ev.id,
        assignments: [
          { evaluator_id: ana!.id, evaluatee_id: ana!.id, relation: 'self' },
          { evaluator_id: beto!.id, evaluatee_id: ana!.id, relation: 'manager' },
          { evaluator_id: carla!.id, evaluatee_id: ana!.id, relation: 'peer' },
          { evaluator_id: ana!.id, evaluatee_id: beto!.id, relation: 'report' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ inserted_count: 4 });
    const list = await call(client, endpoints.listByEvaluation, byEvaluation(ev.id));
    expect(list.status).toBe(200);
    const rows = list.body.rows;
    expect(Object.keys(list.res.json<object>())).toEqual(['rows']);
    const row = (evaluator: TestUser, evaluatee: TestUser, relation: string) => ({
      id: expect.any(Number),
      evaluator_id: evaluator.id,
      evaluator_name: evaluator.name,
      evaluatee_id: evaluatee.id,
      evaluatee_name: evaluatee.name,
      relation,
      status: 'pending',
      decline_reason: null,
      rater_standing: 'counts',
    });
    // By evaluatee name, then evaluator name.
    expect(rows).toEqual([
      row(ana!, ana!, 'self'),
      row(beto!, ana!, 'manager'),
      row(carla!, ana!, 'peer'),
      row(ana!, beto!, 'report'),
    ]);
    const trail = await t()
      .db.selectFrom('audit_log')
      .select(['user_id', 'after_json'])
      .where('entity', '=', 'v2_evaluation')
      .where('entity_id', '=', ev.id)
      .where('action', '=', 'assign_bulk')
      .execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]!.user_id).toBe(user.id);
    expect(JSON.parse(trail[0]!.after_json!)).toMatchObject({ requested: 4, inserted_count: 4 });
  });

  it('pages and searches the list by evaluator or evaluatee name', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const ev = await createV2Draft(client);
    const staff = await people(4, 'Buscable');
    const [boss] = await people(1, 'Jefa');
    await call(client, endpoints.bulk, {
      body: {
        evaluation_id: ev.id,
        assignments: staff.map((s) => ({
          evaluator_id: boss!.id,
          evaluatee_id: s.id,
          relation: 'manager' as const,
        })),
      },
    });
    const res = await call(client, endpoints.listByEvaluation, {
      ...byEvaluation(ev.id),
      query: { q: 'buscable', page: 2, pageSize: 3 },
    });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(body.rows.map((r) => r.evaluatee_id)).toEqual([staff[3]!.id]);
    const byBoss = await call(client, endpoints.listByEvaluation, {
      ...byEvaluation(ev.id),
      query: { q: boss!.name.toUpperCase() },
    });
    expect(byBoss.body).toMatchObject({ total: 4 });
  });

  it('skips duplicates (existing or repeated in the batch) and counts only new rows', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client);
    const [a, b, c] = await people(3);
    const bulk = (body: Batch) => call(client, endpoints.bulk, { body });
    const first = await bulk({
      evaluation_id: ev.id,
      assignments: [{ evaluator_id: a!.id, evaluatee_id: b!.id, relation: 'peer' }],
    });
    expect(first.body).toEqual({ inserted_count: 1 });
    const second = await bulk({
      evaluation_id: ev.id,
      assignments: [
        { evaluator_id: a!.id, evaluatee_id: b!.id, relation: 'manager' }, // exists (any relation)
        { evaluator_id: c!.id, evaluatee_id: b!.id, relation: 'peer' },
        { evaluator_id: c!.id, evaluatee_id: b!.id, relation: 'peer' }, // repeated in the batch
        { evaluator_id: b!.id, evaluatee_id: a!.id, relation: 'peer' },
      ],
    });
    expect(second.body).toEqual({ inserted_count: 2 });
    expect(await pairCount(ev.id)).toBe(3);
    const again = await bulk({
      evaluation_id: ev.id,
      assignments: [{ evaluator_id: a!.id, evaluatee_id: b!.id, relation: 'peer' }],
    });
    expect(again.body).toEqual({ inserted_count: 0 });
    const kept = (await call(client, endpoints.listByEvaluation, byEvaluation(ev.id))).body.rows;
    expect(kept.find((r) => r.evaluator_id === a!.id && r.evaluatee_id === b!.id)?.relation).toBe('peer');
  });

  it('20 concurrent overlapping batches never duplicate a pair, and their counts add up', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client);
    const staff = await people(8, 'Concurrente');
    const pairs = staff.flatMap((r) =>
      staff
        .filter((d) => d.id !== r.id)
        .map((d) => ({ evaluator_id: r.id, evaluatee_id: d.id, relation: 'peer' as const })),
    ); // 56 distinct pairs
    const batches = Array.from({ length: 20 }, (_, k) => {
      // Each batch takes an overlapping window of pairs, in its own order.
      const window = Array.from({ length: 20 }, (_, j) => pairs[(k * 3 + j * 5) % pairs.length]!);
      return k % 2 === 0 ? window : [...window].reverse();
    });
    const results = await Promise.all(
      batches.map((assignments) =>
        call(client, endpoints.bulk, { body: { evaluation_id: ev.id, assignments } }),
      ),
    );
    for (const r of results) expect(r.status).toBe(200);
    const total = results.reduce((sum, r) => sum + r.body.inserted_count, 0);
    const distinct = new Set(batches.flat().map((p) => `${p.evaluator_id}:${p.evaluatee_id}`)).size;
    expect(await pairCount(ev.id)).toBe(distinct);
    expect(total).toBe(distinct);
  });

  it('applies the relation and self-evaluation rules, refusing the whole batch', async () => {
    const { client } = await loginAs(t(), 'admin');
    const noSelf = await createV2Draft(client, { allow_self: false });
    const withSelf = await createV2Draft(client, { allow_self: true });
    const [a, b] = await people(2);
    const inactive = await createUser(t(), { active: 0 });
    const good = { evaluator_id: a!.id, evaluatee_id: b!.id, relation: 'peer' } as const;
    const cases: Array<[number, Batch['assignments'], string, string]> = [
      [
        withSelf.id,
        [good, { evaluator_id: a!.id, evaluatee_id: b!.id, relation: 'self' }],
        'En una autoevaluación el evaluador y el evaluado deben ser la misma persona.',
        'body.assignments.1.evaluatee_id',
      ],
      [
        withSelf.id,
        [{ evaluator_id: a!.id, evaluatee_id: a!.id, relation: 'peer' }],
        'Si el evaluador y el evaluado son la misma persona, la relación debe ser autoevaluación.',
        'body.assignments.0.relation',
      ],
      [
        noSelf.id,
        [good, { evaluator_id: b!.id, evaluatee_id: b!.id, relation: 'self' }],
        'Esta evaluación no permite autoevaluación.',
        'body.assignments.1.relation',
      ],
      [
        withSelf.id,
        [good, { evaluator_id: 999999, evaluatee_id: b!.id, relation: 'peer' }],
        'El usuario 999999 no existe o no está activo.',
        'body.assignments.1.evaluator_id',
      ],
      [
        withSelf.id,
        [good, { evaluator_id: a!.id, evaluatee_id: inactive.id, relation: 'report' }],
        `El usuario ${inactive.id} no existe o no está activo.`,
        'body.assignments.1.evaluatee_id',
      ],
    ];
    for (const [evaluationId, assignments, error, field] of cases) {
      const res = await callExpecting(
        client,
        endpoints.bulk,
        { body: { evaluation_id: evaluationId, assignments } },
        400,
      );
      expect(res.status, error).toBe(400);
      expect(res.body).toEqual({ error, code: 'VALIDATION_ERROR', details: [{ field, message: error }] });
    }
    expect(await pairCount(noSelf.id)).toBe(0);
    expect(await pairCount(withSelf.id)).toBe(0);
  });

  it('validates the batch shape with Spanish messages', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client);
    const [a, b] = await people(2);
    const cases: Array<[unknown, string]> = [
      [{ evaluation_id: ev.id, assignments: [] }, 'No hay asignaciones en el lote.'],
      [{ evaluation_id: ev.id }, 'No hay asignaciones en el lote.'],
      [
        { assignments: [{ evaluator_id: a!.id, evaluatee_id: b!.id, relation: 'peer' }] },
        'La evaluación es obligatoria.',
      ],
      [
        { evaluation_id: ev.id, assignments: [{ evaluatee_id: b!.id, relation: 'peer' }] },
        'Completa evaluator_id, evaluatee_id y relación.',
      ],
      [
        { evaluation_id: ev.id, assignments: [{ evaluator_id: a!.id, evaluatee_id: 'x', relation: 'peer' }] },
        'Completa evaluator_id, evaluatee_id y relación.',
      ],
      [
        { evaluation_id: ev.id, assignments: [{ evaluator_id: a!.id, evaluatee_id: b!.id }] },
        'Completa evaluator_id, evaluatee_id y relación.',
      ],
      [{ evaluation_id: ev.id, assignments: [null] }, 'Completa evaluator_id, evaluatee_id y relación.'],
      [
        {
          evaluation_id: ev.id,
          assignments: [{ evaluator_id: a!.id, evaluatee_id: b!.id, relation: 'friend' }],
        },
        'La relación debe ser autoevaluación, jefe, par o colaborador directo.',
      ],
      [
        {
          evaluation_id: ev.id,
          assignments: Array(5001).fill({ evaluator_id: a!.id, evaluatee_id: b!.id, relation: 'peer' }),
        },
        'Un lote admite como máximo 5000 asignaciones.',
      ],
    ];
    // Bodies the contract refuses, most of them outside its type: sent raw.
    for (const [body, error] of cases) {
      const res = await client.post(BULK, body);
      expect(res.statusCode, error).toBe(400);
      expect(res.json<{ error: string }>().error).toBe(error);
    }
    // Numeric strings (from the screen's inputs) are accepted (outside the typed body: sent raw).
    const ok = await client.post(BULK, {
      evaluation_id: ev.id,
      assignments: [{ evaluator_id: String(a!.id), evaluatee_id: String(b!.id), relation: 'peer' }],
    });
    expect(answerOf(endpoints.bulk, ok)).toEqual({ inserted_count: 1 });
  });

  it('accepts assignments while draft or open, refuses them once closed, 404 for an unknown evaluation', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createOpenV2(client);
    const [a, b, c] = await people(3);
    const batch = (evaluator: TestUser): Batch => ({
      evaluation_id: ev.id,
      assignments: [{ evaluator_id: evaluator.id, evaluatee_id: b!.id, relation: 'peer' }],
    });
    expect((await call(client, endpoints.bulk, { body: batch(a!) })).body).toEqual({ inserted_count: 1 });
    await setV2Status(client, ev.id, 'closed');
    const closed = await callExpecting(client, endpoints.bulk, { body: batch(c!) }, 409);
    expect(closed.status).toBe(409);
    expect(closed.body).toEqual({
      error: 'La evaluación está cerrada: sus asignaciones ya no se pueden cambiar.',
      code: 'EVALUATION_CLOSED',
    });
    const missing = await callExpecting(
      client,
      endpoints.bulk,
      { body: { ...batch(a!), evaluation_id: 999999 } },
      404,
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'La evaluación no existe.', code: 'NOT_FOUND' });
    const list = await callExpecting(client, endpoints.listByEvaluation, byEvaluation(999999), 404);
    expect(list.status).toBe(404);
    expect(list.body).toEqual({ error: 'La evaluación no existe.', code: 'NOT_FOUND' });
    // A bad id: raw.
    expect(
      (await client.get(urlOf(endpoints.listByEvaluation, { params: { evaluationId: 'abc' } }))).statusCode,
    ).toBe(400);
  });

  it('adds and removes an evaluatee’s evaluators as a difference', async () => {
    const { client, user } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client, { allow_self: true });
    const [target, p1, p2, p3] = await people(4);
    const of = evaluatee(ev.id, target!.id);
    const evaluators = async () => (await call(client, endpoints.evaluatorsOf, of)).body;
    const change = (body: BodyInput<typeof endpoints.changeEvaluators>) =>
      call(client, endpoints.changeEvaluators, { ...of, body });
    expect(await evaluators()).toEqual({ evaluator_ids: [], assignments: [] });

    const added = await change({ add: [p2!.id, p1!.id, target!.id, p1!.id] });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ evaluator_ids: [target!.id, p1!.id, p2!.id].sort((x, y) => x - y) });
    const rows = (await call(client, endpoints.listByEvaluation, byEvaluation(ev.id))).body.rows;
    expect(rows.find((r) => r.evaluator_id === target!.id)?.relation).toBe('self');
    expect(rows.find((r) => r.evaluator_id === p1!.id)?.relation).toBe('peer');

    // An evaluator added by the bulk call keeps its relation; re-adding is a no-op.
    await call(client, endpoints.bulk, {
      body: {
        evaluation_id: ev.id,
        assignments: [{ evaluator_id: p3!.id, evaluatee_id: target!.id, relation: 'manager' }],
      },
    });
    const changed = await change({ add: [p3!.id], remove: [p2!.id, 999999] });
    expect(changed.body).toMatchObject({
      evaluator_ids: [target!.id, p1!.id, p3!.id].sort((x, y) => x - y),
    });
    expect(await evaluators()).toEqual(changed.body);
    const manager = (await call(client, endpoints.listByEvaluation, byEvaluation(ev.id))).body.rows;
    expect(manager.find((r) => r.evaluator_id === p3!.id)?.relation).toBe('manager');

    // Works while open too; a completed assignment is never removed.
    await setV2Status(client, ev.id, 'open').catch(async () => {
      await call(client, v2ItemEndpoints.replace, {
        params: { id: ev.id },
        body: { items: [{ question_text: 'Q', type: 'yes_no' }] },
      });
      await setV2Status(client, ev.id, 'open');
    });
    await t()
      .db.updateTable('v2_assignments')
      .set({ status: 'completed', completed_at: new Date().toISOString() })
      .where('evaluation_id', '=', ev.id)
      .where('evaluator_id', '=', p1!.id)
      .execute();
    const refused = await callExpecting(
      client,
      endpoints.changeEvaluators,
      { ...of, body: { remove: [target!.id, p1!.id] } },
      409,
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: `El evaluador ${p1!.id} ya completó esta evaluación; su asignación no se puede quitar.`,
      code: 'COMPLETED_ASSIGNMENT',
    });
    // Nothing changed: the pending self assignment is still there.
    expect((await evaluators()).evaluator_ids).toEqual(changed.body.evaluator_ids);
    expect((await change({ remove: [target!.id] })).body).toMatchObject({
      evaluator_ids: [p1!.id, p3!.id].sort((x, y) => x - y),
    });

    const trail = await t()
      .db.selectFrom('audit_log')
      .select('user_id')
      .where('entity', '=', 'v2_evaluation')
      .where('entity_id', '=', ev.id)
      .where('action', '=', 'assign_evaluatee')
      .execute();
    expect(trail).toEqual([{ user_id: user.id }, { user_id: user.id }, { user_id: user.id }]);
  });

  it('refuses bad evaluatee changes with sentences', async () => {
    const { client } = await loginAs(t(), 'admin');
    const noSelf = await createV2Draft(client, { allow_self: false });
    const [target, p1] = await people(2);
    const inactive = await createUser(t(), { active: 0 });
    const url = evaluateeUrl(noSelf.id, target!.id);
    const cases: Array<[string, unknown, number, string]> = [
      [url, { add: [target!.id] }, 400, 'Esta evaluación no permite autoevaluación.'],
      [
        url,
        { add: [p1!.id], remove: [p1!.id] },
        400,
        `El usuario ${p1!.id} no puede estar a la vez en agregar y en quitar.`,
      ],
      [url, { add: [p1!.id, inactive.id] }, 400, `El usuario ${inactive.id} no existe o no está activo.`],
      [url, { add: [999999] }, 400, 'El usuario 999999 no existe o no está activo.'],
      [url, { add: 'x' }, 400, 'La lista de usuarios no es válida.'],
      [url, { remove: [0] }, 400, 'La lista de usuarios no es válida.'],
      [
        evaluateeUrl(noSelf.id, inactive.id),
        { add: [p1!.id] },
        400,
        `El usuario ${inactive.id} no existe o no está activo.`,
      ],
      [evaluateeUrl(noSelf.id, 999999), { add: [p1!.id] }, 404, 'El usuario no existe.'],
      [evaluateeUrl(999999, target!.id), { add: [p1!.id] }, 404, 'La evaluación no existe.'],
    ];
    // Some bodies are outside the contract's type: all sent raw.
    for (const [u, body, status, error] of cases) {
      const res = await client.post(u, body);
      expect(res.statusCode, error).toBe(status);
      expect(res.json<{ error: string }>().error).toBe(error);
    }
    expect(await pairCount(noSelf.id)).toBe(0);
    for (const [of, status, error] of [
      [evaluatee(noSelf.id, 999999), 404, 'El usuario no existe.'],
      [evaluatee(999999, target!.id), 404, 'La evaluación no existe.'],
    ] as const) {
      const res = await callExpecting(client, endpoints.evaluatorsOf, of, status);
      expect(res.status).toBe(status);
      expect(res.body.error).toBe(error);
    }
    // A bad id: raw.
    const bad = await client.get(urlOf(endpoints.evaluatorsOf, evaluatee(noSelf.id, 'abc')));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe('El identificador no es válido.');

    const closed = await createOpenV2(client);
    await setV2Status(client, closed.id, 'closed');
    const res = await callExpecting(
      client,
      endpoints.changeEvaluators,
      { ...evaluatee(closed.id, target!.id), body: { add: [p1!.id] } },
      409,
    );
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('La evaluación está cerrada: sus asignaciones ya no se pueden cambiar.');
  });

  it('shows Realizar Evaluación (V2) to a rater only once the evaluation is open', async () => {
    const { client } = await loginAs(t(), 'admin');
    const rater = await loginAs(t(), 'colaborador');
    const [target] = await people(1);
    const ev = await createV2Draft(client);
    await call(client, endpoints.changeEvaluators, {
      ...evaluatee(ev.id, target!.id),
      body: { add: [rater.user.id] },
    });
    const me = async () => (await call(rater.client, authEndpoints.me)).body;
    expect((await me()).has_v2_assignments).toBe(false);
    await call(client, v2ItemEndpoints.replace, {
      params: { id: ev.id },
      body: { items: [{ question_text: 'Q', type: 'yes_no' }] },
    });
    await setV2Status(client, ev.id, 'open');
    expect((await me()).has_v2_assignments).toBe(true);
  });

  const calls: Call[] = [
    { method: 'POST', url: BULK, body: { evaluation_id: 1, assignments: [] } },
    { method: 'GET', url: urlOf(endpoints.listByEvaluation, byEvaluation(1)) },
    { method: 'GET', url: urlOf(endpoints.listByEvaluation, { ...byEvaluation(1), query: { page: 1 } }) },
    { method: 'GET', url: urlOf(endpoints.evaluatorsOf, evaluatee(1, 1)) },
    { method: 'POST', url: evaluateeUrl(1, 1), body: { add: [1] } },
  ];
  it('answers 401 without a session', async () => {
    await expectAllUnauthenticated(t(), calls);
  });
  it('answers 403 to evaluador and colaborador', async () => {
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
  });
});
