import {
  v2EvaluationEndpoints,
  v2ResultEndpoints,
  v2SnapshotEndpoints as endpoints,
} from '@evalua/contracts';
import { beforeAll, expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../test/access';
import { call, callExpecting, statusOf } from '../../../test/call';
import { urlOf } from '../../../test/cases';
import { describeEngines } from '../../../test/context';
import { loginAs } from '../../../test/factories';
import { createV2Draft } from '../../../test/v2';
import { OVERALL, build360, type Scenario } from '../../../test/v2-answers';
import { freezeSnapshot } from './service';

const mean = (...v: number[]) => v.reduce((a, x) => a + x, 0) / v.length;

describeEngines('360 snapshots API', (t) => {
  let s: Scenario;
  let hr: Scenario['admin'];
  let hrId: number;
  const of = (id = s.evaluation.id) => ({ params: { id } });
  const snapshot = (snapshotId: number | string, id = s.evaluation.id) => ({ params: { id, snapshotId } });
  beforeAll(async () => {
    s = await build360(t());
    const login = await loginAs(t(), 'gestionhumana', { name: 'Rosa Gestión' });
    hr = login.client;
    hrId = login.user.id;
  });

  it('freezes the summary and every evaluatee’s results; later answers never change them', async () => {
    const res = await call(hr, endpoints.create, {
      ...of(),
      body: { label: '  Corte de mitad de período ', notes: '' },
    });
    expect(res.status).toBe(201);
    const created = res.body;
    expect(created.snapshot).toEqual({
      id: expect.any(Number),
      label: 'Corte de mitad de período',
      notes: null,
      created_by: hrId,
      created_at: expect.any(String),
    });
    // The creator (HR) gets the summary HR may see.
    const { body: live } = await call(hr, v2ResultEndpoints.summary, of());
    expect(created.summary).toEqual(live);
    expect(created.summary.assignments_completed).toBe(16);

    // p4 answers D afterwards: the live figures move, the snapshot does not.
    await s.submit('p4', 'D');
    const { body: after } = await call(s.admin, v2ResultEndpoints.summary, of());
    expect(after.assignments_completed).toBe(17);

    const id = created.snapshot.id as number;
    const { body: detail } = await call(s.admin, endpoints.get, snapshot(id));
    expect(detail.snapshot).toEqual({
      ...created.snapshot,
      created_by_name: 'Rosa Gestión',
      anonymity_min_raters: 3,
      results_released: false,
    });
    expect(detail.summary.assignments_completed).toBe(16);
    expect(detail.summary.completion_percentage).toBeCloseTo((16 / 17) * 100, 9);
    expect(detail.summary.overall_average).toBeCloseTo(
      mean(mean(OVERALL.manager, OVERALL.p1, OVERALL.p2), 52.5, 50, 580 / 9),
      9,
    );
    expect(detail.detail.map((d) => d.evaluatee_id)).toEqual(
      (['A', 'B', 'C', 'D'] as const).map((k) => s.evaluatees[k].user.id),
    );
    const d = detail.detail.find((x) => x.evaluatee_id === s.evaluatees.D.user.id)!;
    expect(d).toMatchObject({
      evaluatee_name: s.evaluatees.D.user.name,
      department: 'Matemáticas',
      position: 'Docente',
      self: null,
      overall_percentage: expect.closeTo(580 / 9, 9),
    });
    expect(d.relations.find((r) => r.relation === 'peer')).toMatchObject({
      raters_completed: 3,
      raters_assigned: 4,
      overall_percentage: expect.closeTo(mean(OVERALL.p1, OVERALL.p2, OVERALL.p3), 9),
    });
    // Admin sees every group in the snapshot (A's two peers)…
    const a = detail.detail.find((x) => x.evaluatee_id === s.evaluatees.A.user.id)!;
    expect(a.relations.find((r) => r.relation === 'peer')).toMatchObject({
      shown: true,
      overall_percentage: 70,
    });
    expect(a.overall_percentage).toBeCloseTo(mean(OVERALL.manager, OVERALL.p1, OVERALL.p2), 9);

    // …HR sees the same frozen moment as completion only: it was taken while the evaluation was open
    // (decision 023), so that two snapshots around one answer cannot give that answer away.
    const { body: asHr } = await call(hr, endpoints.get, snapshot(id));
    expect(asHr.snapshot.results_released).toBe(false);
    for (const row of asHr.detail) {
      expect(row.others).toBeNull();
      expect(row.self).toBeNull();
      expect(row.overall_percentage).toBeNull();
      for (const r of row.relations) expect(r).toMatchObject({ shown: false, overall_percentage: null });
    }
    const dHr = asHr.detail.find((x) => x.evaluatee_id === s.evaluatees.D.user.id)!;
    expect(dHr.relations.find((r) => r.relation === 'peer')).toMatchObject({
      raters_completed: 3,
      raters_assigned: 4,
    });
    expect(asHr.summary).toMatchObject({ released: false, overall_average: null, assignments_completed: 16 });
    expect(asHr.summary).toEqual(created.summary);

    // A new snapshot sees the new answer.
    const second = await call(s.admin, endpoints.create, {
      ...of(),
      body: { label: 'Cierre', notes: 'Todas las respuestas.' },
    });
    expect(second.status).toBe(201);
    expect(second.body.summary.assignments_completed).toBe(17);

    const trail = await t()
      .db.selectFrom('audit_log')
      .select(['user_id', 'action'])
      .where('entity', '=', 'v2_snapshot')
      .where('entity_id', '=', id)
      .execute();
    expect(trail).toEqual([{ user_id: hrId, action: 'create' }]);
  });

  it('lists the snapshots newest first, with their creator', async () => {
    const res = await call(hr, endpoints.list, of());
    expect(res.status).toBe(200);
    const list = res.body.snapshots;
    expect(list.map((x) => [x.label, x.notes])).toEqual([
      ['Cierre', 'Todas las respuestas.'],
      ['Corte de mitad de período', null],
    ]);
    expect(list[1]).toEqual({
      id: expect.any(Number),
      label: 'Corte de mitad de período',
      notes: null,
      created_by: hrId,
      created_by_name: 'Rosa Gestión',
      created_at: expect.any(String),
    });
    const draft = await createV2Draft(s.admin);
    expect((await call(hr, endpoints.list, of(draft.id))).body).toEqual({ snapshots: [] });
  });

  it('gives HR the figures only in a snapshot of the closed evaluation, with the anonymity rules', async () => {
    await call(s.admin, v2EvaluationEndpoints.update, { ...of(), body: { status: 'closed' } });
    const res = await call(hr, endpoints.create, { ...of(), body: { label: 'Final' } });
    expect(res.status).toBe(201);
    const created = res.body;
    expect(created.summary.released).toBe(true);
    expect(created.summary.overall_average).not.toBeNull();
    const { body: asHr } = await call(hr, endpoints.get, snapshot(created.snapshot.id));
    expect(asHr.snapshot.results_released).toBe(true);
    const d = asHr.detail.find((x) => x.evaluatee_id === s.evaluatees.D.user.id)!;
    expect(d.relations.find((r) => r.relation === 'peer')).toMatchObject({
      shown: true,
      raters_completed: 4,
      overall_percentage: expect.closeTo(mean(OVERALL.p1, OVERALL.p2, OVERALL.p3, OVERALL.p4), 9),
    });
    const a = asHr.detail.find((x) => x.evaluatee_id === s.evaluatees.A.user.id)!;
    expect(a.relations.find((r) => r.relation === 'peer')).toMatchObject({
      shown: false,
      overall_percentage: null,
    });
    expect(a.others).toBeNull();
  });

  it('validates the label and the ids, and refuses a draft', async () => {
    // Bodies and ids the contract refuses, some outside its type: sent raw.
    for (const body of [{ notes: 'x' }, { label: '   ' }, { label: 12 }]) {
      const res = await hr.post(urlOf(endpoints.create, of()), body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'La etiqueta es obligatoria.', code: 'VALIDATION_ERROR' });
    }
    const long = await callExpecting(
      hr,
      endpoints.create,
      { ...of(), body: { label: 'Corte', notes: 'x'.repeat(2001) } },
      400,
    );
    expect(long.body.error).toBe('Máximo 2000 caracteres.');
    for (const bad of ['0', '-3', '1.5', 'abc']) {
      const res = await hr.get(urlOf(endpoints.get, snapshot(bad)));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'El identificador del snapshot debe ser un número entero positivo.',
        code: 'VALIDATION_ERROR',
      });
    }
    const unknown = await callExpecting(hr, endpoints.get, snapshot(999999), 404);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'El snapshot no existe.', code: 'NOT_FOUND' });
    // A snapshot of another evaluation is not found through this one.
    const draft = await createV2Draft(s.admin);
    const [mine] = (await call(hr, endpoints.list, of())).body.snapshots;
    expect(await statusOf(hr, endpoints.get, snapshot(mine!.id, draft.id))).toBe(404);
    const refused = await callExpecting(
      hr,
      endpoints.create,
      { ...of(draft.id), body: { label: 'Corte' } },
      409,
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'Una evaluación en borrador no tiene resultados: ábrela antes de tomar un snapshot.',
      code: 'EVALUATION_NOT_OPEN',
    });
    for (const res of [
      await callExpecting(hr, endpoints.create, { ...of(999999), body: { label: 'Corte' } }, 404),
      await callExpecting(hr, endpoints.list, of(999999), 404),
      await callExpecting(hr, endpoints.get, snapshot(mine!.id, 999999), 404),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'La evaluación no existe.', code: 'NOT_FOUND' });
    }
  });

  it('answers 401 without a session and 403 to evaluador and colaborador', async () => {
    const calls = [
      { method: 'POST' as const, url: urlOf(endpoints.create, of()), body: { label: 'Corte' } },
      { method: 'GET' as const, url: urlOf(endpoints.list, of()) },
      { method: 'GET' as const, url: urlOf(endpoints.get, snapshot(1)) },
    ];
    await expectAllUnauthenticated(t(), calls);
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
  });

  it('stores the same text whatever the page of evaluatees, and reads each view of it back', async () => {
    // Streamed a page at a time (decision 030): one evaluatee per page, three, or all at once.
    const stored = [];
    for (const pageSize of [1, 3, 500]) {
      const { snapshot } = await t()
        .db.transaction()
        .execute((trx) =>
          freezeSnapshot(
            trx,
            s.evaluation.id,
            { label: `Páginas de ${pageSize}`, notes: null },
            hrId,
            3,
            pageSize,
          ),
        );
      stored.push(
        await t()
          .db.selectFrom('v2_snapshots')
          .select(['id', 'summary', 'detail'])
          .where('id', '=', snapshot.id as number)
          .executeTakeFirstOrThrow(),
      );
    }
    const [one, three, all] = stored;
    expect(one!.detail).toBe(all!.detail);
    expect(three!.detail).toBe(all!.detail);
    expect(one!.summary).toBe(all!.summary);
    const frozen = JSON.parse(all!.detail) as {
      full: Array<{ evaluatee_id: number }>;
      restricted: unknown[];
    };
    // The text JSON.stringify gives for both views, every evaluatee in each, by name.
    expect(all!.detail).toBe(JSON.stringify(frozen));
    expect(Object.keys(frozen)).toEqual(['full', 'restricted']);
    const byName = (['A', 'B', 'C', 'D'] as const).map((k) => s.evaluatees[k].user.id);
    expect(frozen.full.map((r) => r.evaluatee_id)).toEqual(byName);
    expect(frozen.restricted).toHaveLength(4);

    // Each reader gets their view of the stored text (the evaluation is closed: HR reads figures).
    const read = async (client: typeof hr, id: number) =>
      (await call(client, endpoints.get, snapshot(id))).body.detail;
    expect(await read(s.admin, all!.id)).toEqual(frozen.full);
    expect(await read(hr, all!.id)).toEqual(frozen.restricted);
    expect(frozen.full).not.toEqual(frozen.restricted);
    // Text stored in another layout (e.g. by hand) is read whole, with the same answer.
    await t()
      .db.updateTable('v2_snapshots')
      .set({ detail: JSON.stringify({ full: frozen.full, restricted: frozen.restricted }, null, 2) })
      .where('id', '=', one!.id)
      .execute();
    expect(await read(s.admin, one!.id)).toEqual(frozen.full);
    expect(await read(hr, one!.id)).toEqual(frozen.restricted);
  });
});
