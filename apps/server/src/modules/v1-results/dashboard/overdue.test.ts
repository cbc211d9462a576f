import { dashboardEndpoints, dayIn, v2AssignmentEndpoints, v2EvaluationEndpoints } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { call } from '../../../../test/call';
import { describeEngines, type TestContext } from '../../../../test/context';
import { createUser, loginAs } from '../../../../test/factories';
import { assign, clientFor, createV1Evaluation, submitBody, submitV1 } from '../../../../test/v1';
import { createOpenV2, createV2Draft } from '../../../../test/v2';
import { computeMetrics, metrics } from './service';

async function setDue(
  t: TestContext,
  table: 'evaluations' | 'v2_evaluations',
  id: number,
  due: string | null,
) {
  await t.db.updateTable(table).set({ due_date: due }).where('id', '=', id).execute();
}

const overdue = async (t: TestContext, today: string) => {
  const m = await metrics(t.db, today);
  return [m.overdue_v1_pending, m.overdue_v2_pending];
};

// This suite owns its database: the counts below are of every row in it.
describeEngines('dashboard: overdue pending work', (t) => {
  it('counts pending work past its due date against hand-computed values, per day', async () => {
    const { client: admin } = await loginAs(t(), 'admin');

    // V1, category A: open, due 2026-03-10.
    const a = await createV1Evaluation(t(), ['competency']);
    await setDue(t(), 'evaluations', a.evaluationId, '2026-03-10');
    const e1 = await createUser(t(), { role: 'evaluador' });
    const e2 = await createUser(t(), { role: 'evaluador', active: 0 });
    const e3 = await createUser(t(), { role: 'evaluador' });
    const [c1, c2, c3, c5] = await Promise.all(
      [1, 2, 3, 5].map(() => createUser(t(), { category_id: a.categoryId })),
    );
    const c4 = await createUser(t(), { category_id: a.categoryId, active: 0 });
    for (const c of [c1!, c2!, c3!, c4]) await assign(t(), e1.id, c.id);
    await assign(t(), e2.id, c2!.id); // inactive evaluator: not counted
    await assign(t(), e3.id, c5!.id);
    const done = await submitV1(await clientFor(t(), e1), submitBody(a, c1!.id, e1.id, [4]));
    expect(done.status).toBe(201);
    // Pending in A: e1→c2, e1→c3, e3→c5 (c1 evaluated, c4 inactive, e2 inactive) = 3.

    // V1, category B: open without a due date; category C: closed, due long ago.
    const b = await createV1Evaluation(t(), ['competency']);
    await assign(t(), e1.id, (await createUser(t(), { category_id: b.categoryId })).id);
    const c = await createV1Evaluation(t(), ['competency'], undefined, { status: 'cerrada' });
    await setDue(t(), 'evaluations', c.evaluationId, '2026-01-01');
    await assign(t(), e3.id, (await createUser(t(), { category_id: c.categoryId })).id);

    // 360: open, due 2026-03-12: rater r1 pending ×2, r2 completed, r3 inactive pending.
    const open = await createOpenV2(admin, { due_date: '2026-03-12' });
    const [r1, r2, r3, x, y] = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(t())));
    const bulk = await call(admin, v2AssignmentEndpoints.bulk, {
      body: {
        evaluation_id: open.id,
        assignments: [
          { evaluator_id: r1!.id, evaluatee_id: x!.id, relation: 'peer' },
          { evaluator_id: r1!.id, evaluatee_id: y!.id, relation: 'peer' },
          { evaluator_id: r2!.id, evaluatee_id: x!.id, relation: 'peer' },
          { evaluator_id: r3!.id, evaluatee_id: x!.id, relation: 'peer' },
        ],
      },
    });
    expect(bulk.status).toBe(200);
    await t()
      .db.updateTable('v2_assignments')
      .set({ status: 'completed', completed_at: new Date().toISOString() })
      .where('evaluation_id', '=', open.id)
      .where('evaluator_id', '=', r2!.id)
      .execute();
    await t().db.updateTable('users').set({ active: 0 }).where('id', '=', r3!.id).execute();
    // A draft due long ago, and an open one without a due date: never overdue.
    const draft = await createV2Draft(admin, { due_date: '2026-01-01' });
    const undated = await createOpenV2(admin);
    for (const ev of [draft, undated]) {
      const res = await call(admin, v2AssignmentEndpoints.bulk, {
        body: {
          evaluation_id: ev.id,
          assignments: [{ evaluator_id: r1!.id, evaluatee_id: r2!.id, relation: 'peer' }],
        },
      });
      expect(res.status).toBe(200);
    }

    // The same data, different days (the cache keys by day).
    expect(await overdue(t(), '2026-03-10')).toEqual([0, 0]); // due today: not overdue yet
    expect(await overdue(t(), '2026-03-11')).toEqual([3, 0]);
    expect(await overdue(t(), '2026-03-12')).toEqual([3, 0]);
    expect(await overdue(t(), '2026-03-13')).toEqual([3, 2]);
    expect(await overdue(t(), '2026-03-10')).toEqual([0, 0]);
    expect(await computeMetrics(t().db, '2026-03-13')).toEqual(await metrics(t().db, '2026-03-13'));

    // Work done, or its date moved, changes the counts at once.
    const later = await submitV1(await clientFor(t(), e1), submitBody(a, c2!.id, e1.id, [3]));
    expect(later.status).toBe(201);
    expect(await overdue(t(), '2026-03-13')).toEqual([2, 2]);
    const moved = await call(admin, v2EvaluationEndpoints.update, {
      params: { id: open.id },
      body: { due_date: '2026-03-20' },
    });
    expect(moved.status).toBe(200);
    expect(await overdue(t(), '2026-03-13')).toEqual([2, 0]);
    expect(await overdue(t(), '2026-03-21')).toEqual([2, 2]);

    // The API answers the figures of today in the organisation's time zone.
    const res = await call(admin, dashboardEndpoints.metrics);
    expect(res.status).toBe(200);
    const today = dayIn(t().config.timeZone);
    expect(res.body).toEqual(await computeMetrics(t().db, today));
  });
});
