import { authEndpoints, v2AssignmentEndpoints } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { answerOf } from '../../../test/answer';
import { expectAllForbidden, expectAllUnauthenticated, type Call } from '../../../test/access';
import { describeEngines } from '../../../test/context';
import { createUser, loginAs, unique, type TestUser } from '../../../test/factories';
import { createOpenV2, createV2Draft, setV2Status } from '../../../test/v2';

const BULK = '/api/assignments-v2/bulk';
const byEvaluation = (id: number) => `/api/assignments-v2/by-evaluation/${id}`;
const evaluateeUrl = (evaluationId: number, userId: number) =>
  `/api/evaluations-v2/${evaluationId}/assignments/evaluatee/${userId}`;

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
    const res = await client.post(BULK, {
      evaluation_id: ev.id,
      assignments: [
        { evaluator_id: ana!.id, evaluatee_id: ana!.id, relation: 'self' },
        { evaluator_id: beto!.id, evaluatee_id: ana!.id, relation: 'manager' },
        { evaluator_id: carla!.id, evaluatee_id: ana!.id, relation: 'peer' },
        { evaluator_id: ana!.id, evaluatee_id: beto!.id, relation: 'report' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ inserted_count: 4 });
    const list = await client.get(byEvaluation(ev.id));
    expect(list.statusCode).toBe(200);
    const rows = answerOf(v2AssignmentEndpoints.listByEvaluation, list).rows;
    expect(Object.keys(list.json<object>())).toEqual(['rows']);
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
    await client.post(BULK, {
      evaluation_id: ev.id,
      assignments: staff.map((s) => ({ evaluator_id: boss!.id, evaluatee_id: s.id, relation: 'manager' })),
    });
    const res = await client.get(`${byEvaluation(ev.id)}?q=buscable&page=2&pageSize=3`);
    expect(res.statusCode).toBe(200);
    const body = answerOf(v2AssignmentEndpoints.listByEvaluation, res);
    expect(body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(body.rows.map((r) => r.evaluatee_id)).toEqual([staff[3]!.id]);
    const byBoss = await client.get(
      `${byEvaluation(ev.id)}?q=${encodeURIComponent(boss!.name.toUpperCase())}`,
    );
    expect(answerOf(v2AssignmentEndpoints.listByEvaluation, byBoss)).toMatchObject({ total: 4 });
  });

  it('skips duplicates (existing or repeated in the batch) and counts only new rows', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client);
    const [a, b, c] = await people(3);
    const first = await client.post(BULK, {
      evaluation_id: ev.id,
      assignments: [{ evaluator_id: a!.id, evaluatee_id: b!.id, relation: 'peer' }],
    });
    expect(first.json()).toEqual({ inserted_count: 1 });
    const second = await client.post(BULK, {
      evaluation_id: ev.id,
      assignments: [
        { evaluator_id: a!.id, evaluatee_id: b!.id, relation: 'manager' }, // exists (any relation)
        { evaluator_id: c!.id, evaluatee_id: b!.id, relation: 'peer' },
        { evaluator_id: c!.id, evaluatee_id: b!.id, relation: 'peer' }, // repeated in the batch
        { evaluator_id: b!.id, evaluatee_id: a!.id, relation: 'peer' },
      ],
    });
    expect(second.json()).toEqual({ inserted_count: 2 });
    expect(await pairCount(ev.id)).toBe(3);
    const again = await client.post(BULK, {
      evaluation_id: ev.id,
      assignments: [{ evaluator_id: a!.id, evaluatee_id: b!.id, relation: 'peer' }],
    });
    expect(again.json()).toEqual({ inserted_count: 0 });
    const kept = answerOf(v2AssignmentEndpoints.listByEvaluation, await client.get(byEvaluation(ev.id))).rows;
    expect(kept.find((r) => r.evaluator_id === a!.id && r.evaluatee_id === b!.id)?.relation).toBe('peer');
  });

  it('20 concurrent overlapping batches never duplicate a pair, and their counts add up', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client);
    const staff = await people(8, 'Concurrente');
    const pairs = staff.flatMap((r) =>
      staff
        .filter((d) => d.id !== r.id)
        .map((d) => ({ evaluator_id: r.id, evaluatee_id: d.id, relation: 'peer' })),
    ); // 56 distinct pairs
    const batches = Array.from({ length: 20 }, (_, k) => {
      // Each batch takes an overlapping window of pairs, in its own order.
      const window = Array.from({ length: 20 }, (_, j) => pairs[(k * 3 + j * 5) % pairs.length]!);
      return k % 2 === 0 ? window : [...window].reverse();
    });
    const results = await Promise.all(
      batches.map((assignments) => client.post(BULK, { evaluation_id: ev.id, assignments })),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const total = results.reduce((sum, r) => sum + answerOf(v2AssignmentEndpoints.bulk, r).inserted_count, 0);
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
    const good = { evaluator_id: a!.id, evaluatee_id: b!.id, relation: 'peer' };
    const cases: Array<[number, unknown[], string, string]> = [
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
      const res = await client.post(BULK, { evaluation_id: evaluationId, assignments });
      expect(res.statusCode, error).toBe(400);
      expect(res.json()).toEqual({ error, code: 'VALIDATION_ERROR', details: [{ field, message: error }] });
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
    for (const [body, error] of cases) {
      const res = await client.post(BULK, body);
      expect(res.statusCode, error).toBe(400);
      expect(res.json<{ error: string }>().error).toBe(error);
    }
    // Numeric strings (from the screen's inputs) are accepted.
    const ok = await client.post(BULK, {
      evaluation_id: ev.id,
      assignments: [{ evaluator_id: String(a!.id), evaluatee_id: String(b!.id), relation: 'peer' }],
    });
    expect(ok.json()).toEqual({ inserted_count: 1 });
  });

  it('accepts assignments while draft or open, refuses them once closed, 404 for an unknown evaluation', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createOpenV2(client);
    const [a, b, c] = await people(3);
    const batch = (evaluator: TestUser) => ({
      evaluation_id: ev.id,
      assignments: [{ evaluator_id: evaluator.id, evaluatee_id: b!.id, relation: 'peer' }],
    });
    expect((await client.post(BULK, batch(a!))).json()).toEqual({ inserted_count: 1 });
    await setV2Status(client, ev.id, 'closed');
    const closed = await client.post(BULK, batch(c!));
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({
      error: 'La evaluación está cerrada: sus asignaciones ya no se pueden cambiar.',
      code: 'EVALUATION_CLOSED',
    });
    const missing = await client.post(BULK, { ...batch(a!), evaluation_id: 999999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'La evaluación no existe.', code: 'NOT_FOUND' });
    const list = await client.get(byEvaluation(999999));
    expect(list.statusCode).toBe(404);
    expect(list.json()).toEqual({ error: 'La evaluación no existe.', code: 'NOT_FOUND' });
    expect((await client.get('/api/assignments-v2/by-evaluation/abc')).statusCode).toBe(400);
  });

  it('adds and removes an evaluatee’s evaluators as a difference', async () => {
    const { client, user } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client, { allow_self: true });
    const [target, p1, p2, p3] = await people(4);
    const url = evaluateeUrl(ev.id, target!.id);
    expect((await client.get(url)).json()).toEqual({ evaluator_ids: [], assignments: [] });

    const added = await client.post(url, { add: [p2!.id, p1!.id, target!.id, p1!.id] });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ evaluator_ids: [target!.id, p1!.id, p2!.id].sort((x, y) => x - y) });
    const rows = answerOf(v2AssignmentEndpoints.listByEvaluation, await client.get(byEvaluation(ev.id))).rows;
    expect(rows.find((r) => r.evaluator_id === target!.id)?.relation).toBe('self');
    expect(rows.find((r) => r.evaluator_id === p1!.id)?.relation).toBe('peer');

    // An evaluator added by the bulk call keeps its relation; re-adding is a no-op.
    await client.post(BULK, {
      evaluation_id: ev.id,
      assignments: [{ evaluator_id: p3!.id, evaluatee_id: target!.id, relation: 'manager' }],
    });
    const changed = await client.post(url, { add: [p3!.id], remove: [p2!.id, 999999] });
    expect(changed.json()).toMatchObject({
      evaluator_ids: [target!.id, p1!.id, p3!.id].sort((x, y) => x - y),
    });
    expect((await client.get(url)).json()).toEqual(changed.json());
    const manager = answerOf(
      v2AssignmentEndpoints.listByEvaluation,
      await client.get(byEvaluation(ev.id)),
    ).rows;
    expect(manager.find((r) => r.evaluator_id === p3!.id)?.relation).toBe('manager');

    // Works while open too; a completed assignment is never removed.
    await setV2Status(client, ev.id, 'open').catch(async () => {
      await client.put(`/api/evaluations-v2/${ev.id}/items`, {
        items: [{ question_text: 'Q', type: 'yes_no' }],
      });
      await setV2Status(client, ev.id, 'open');
    });
    await t()
      .db.updateTable('v2_assignments')
      .set({ status: 'completed', completed_at: new Date().toISOString() })
      .where('evaluation_id', '=', ev.id)
      .where('evaluator_id', '=', p1!.id)
      .execute();
    const refused = await client.post(url, { remove: [target!.id, p1!.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: `El evaluador ${p1!.id} ya completó esta evaluación; su asignación no se puede quitar.`,
      code: 'COMPLETED_ASSIGNMENT',
    });
    // Nothing changed: the pending self assignment is still there.
    expect((await client.get(url)).json<{ evaluator_ids: number[] }>().evaluator_ids).toEqual(
      changed.json<{ evaluator_ids: number[] }>().evaluator_ids,
    );
    expect((await client.post(url, { remove: [target!.id] })).json()).toMatchObject({
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
    for (const [u, body, status, error] of cases) {
      const res = await client.post(u, body);
      expect(res.statusCode, error).toBe(status);
      expect(res.json<{ error: string }>().error).toBe(error);
    }
    expect(await pairCount(noSelf.id)).toBe(0);
    for (const [u, status, error] of [
      [evaluateeUrl(noSelf.id, 999999), 404, 'El usuario no existe.'],
      [evaluateeUrl(999999, target!.id), 404, 'La evaluación no existe.'],
      [`/api/evaluations-v2/${noSelf.id}/assignments/evaluatee/abc`, 400, 'El identificador no es válido.'],
    ] as const) {
      const res = await client.get(u);
      expect(res.statusCode).toBe(status);
      expect(res.json<{ error: string }>().error).toBe(error);
    }

    const closed = await createOpenV2(client);
    await setV2Status(client, closed.id, 'closed');
    const res = await client.post(evaluateeUrl(closed.id, target!.id), { add: [p1!.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: string }>().error).toBe(
      'La evaluación está cerrada: sus asignaciones ya no se pueden cambiar.',
    );
  });

  it('shows Realizar Evaluación (V2) to a rater only once the evaluation is open', async () => {
    const { client } = await loginAs(t(), 'admin');
    const rater = await loginAs(t(), 'colaborador');
    const [target] = await people(1);
    const ev = await createV2Draft(client);
    await client.post(evaluateeUrl(ev.id, target!.id), { add: [rater.user.id] });
    const me = async () => answerOf(authEndpoints.me, await rater.client.get('/api/users/me'));
    expect((await me()).has_v2_assignments).toBe(false);
    await client.put(`/api/evaluations-v2/${ev.id}/items`, {
      items: [{ question_text: 'Q', type: 'yes_no' }],
    });
    await setV2Status(client, ev.id, 'open');
    expect((await me()).has_v2_assignments).toBe(true);
  });

  const calls: Call[] = [
    { method: 'POST', url: BULK, body: { evaluation_id: 1, assignments: [] } },
    { method: 'GET', url: byEvaluation(1) },
    { method: 'GET', url: `${byEvaluation(1)}?page=1` },
    { method: 'GET', url: evaluateeUrl(1, 1) },
    { method: 'POST', url: evaluateeUrl(1, 1), body: { add: [1] } },
  ];
  it('answers 401 without a session', async () => {
    await expectAllUnauthenticated(t(), calls);
  });
  it('answers 403 to evaluador and colaborador', async () => {
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
  });
});
