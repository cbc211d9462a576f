import {
  SCORE_BANDS,
  dashboardEndpoints,
  evaluationEndpoints,
  fullEvaluationEndpoints,
  type BodyInput,
} from '@evalua/contracts';
import { expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../../test/access';
import { call } from '../../../../test/call';
import type { TestClient } from '../../../../test/client';
import { describeEngines } from '../../../../test/context';
import { createUser, loginAs } from '../../../../test/factories';
import { assign, clientFor, createV1Evaluation, submitBody } from '../../../../test/v1';

function bands(counts: number[]) {
  return SCORE_BANDS.map((b, i) => ({ label: b.label, min: b.min, max: b.max, count: counts[i] }));
}

// This suite owns its database: the figures below count every row in it, so order matters.
describeEngines('dashboard API', (t) => {
  it('answers zeros on an empty school', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const res = await call(client, dashboardEndpoints.metrics);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      overall_average: 0,
      total_active_collaborators: 0,
      total_active_evaluators: 0,
      total_needing_training: 0,
      total_completed_evaluations: 0,
      evaluation_progress: [],
      score_distribution: bands([0, 0, 0, 0, 0]),
      overdue_v1_pending: 0,
      overdue_v2_pending: 0,
    });
  });

  it('computes every figure over the current evaluation of each category, for active staff', async () => {
    // Category K: an old (2025) and a current (2026) evaluation, competencies/objectives 50/50.
    const kOld = await createV1Evaluation(
      t(),
      ['competency', 'objective'],
      { competencies: 50, objectives: 50 },
      {
        period: '2025',
      },
    );
    const kNow = await createV1Evaluation(
      t(),
      [],
      { competencies: 50, objectives: 50 },
      {
        categoryId: kOld.categoryId,
        bankId: kOld.bankId,
        period: '2026',
        status: 'borrador',
      },
    );
    // Category L: one evaluation with competency questions only.
    const lNow = await createV1Evaluation(t(), ['competency']);

    const e1 = await createUser(t(), { role: 'evaluador', name: 'Ana Evaluadora' });
    const e2 = await createUser(t(), { role: 'evaluador', name: 'Beatriz Evaluadora' });
    await createUser(t(), { role: 'evaluador', name: 'Inactiva Evaluadora', active: 0 });
    const k = kOld.categoryId;
    const c1 = await createUser(t(), { name: 'C1', category_id: k });
    const c2 = await createUser(t(), { name: 'C2', category_id: k });
    const c3 = await createUser(t(), { name: 'C3', category_id: k });
    const c4 = await createUser(t(), { name: 'C4', category_id: lNow.categoryId });
    const c5 = await createUser(t(), { name: 'C5', category_id: k });
    for (const [e, c] of [
      [e1, c1],
      [e1, c2],
      [e1, c5],
      [e2, c1],
      [e2, c3],
      [e2, c4],
    ] as const) {
      await assign(t(), e.id, c.id);
    }
    const a = await clientFor(t(), e1);
    const b = await clientFor(t(), e2);
    const training = (requires_training: boolean) => ({ requires_training, comments: 'Comentario.' });
    // submitBody types each score as possibly undefined.
    const ok = async (client: TestClient, body: ReturnType<typeof submitBody>) => {
      const submitted = await call(client, fullEvaluationEndpoints.submit, {
        body: body as BodyInput<typeof fullEvaluationEndpoints.submit>,
      });
      expect(submitted.status).toBe(201);
    };
    await ok(a, submitBody(kOld, c2.id, e1.id, [1, 1], training(true))); // old: not counted
    // The 2026 round opens and the 2025 one closes (decision 026).
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const opened = await call(hr, evaluationEndpoints.open, {
      params: { id: kNow.evaluationId },
      body: { replace_open: true },
    });
    expect(opened.status).toBe(200);
    await ok(a, submitBody(kNow, c1.id, e1.id, [4, 2], training(true))); // 75
    await ok(b, submitBody(kNow, c1.id, e2.id, [2, 2], training(false))); // 50
    await ok(b, submitBody(lNow, c4.id, e2.id, [3], training(true))); // 75
    await ok(a, submitBody(kNow, c5.id, e1.id, [4, 4], training(true))); // 100, then deactivated
    await t().db.updateTable('users').set({ active: 0 }).where('id', '=', c5.id).execute();

    const { client } = await loginAs(t(), 'admin');
    const res = await call(client, dashboardEndpoints.metrics);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      // C1 (75 + 50) / 2 = 62.5 and C4 75 → 68.75
      overall_average: 68.75,
      total_active_collaborators: 4,
      total_active_evaluators: 2,
      // C1 (one of two evaluators said yes) and C4
      total_needing_training: 2,
      // e1→C1, e2→C1, e2→C4 in current evaluations
      total_completed_evaluations: 3,
      evaluation_progress: [
        // C1 evaluated now; C2 only in the old evaluation; C5 is inactive
        { evaluator_id: e1.id, evaluator_name: 'Ana Evaluadora', assigned: 2, evaluated: 1 },
        // C1 and C4 evaluated; C3 pending
        { evaluator_id: e2.id, evaluator_name: 'Beatriz Evaluadora', assigned: 3, evaluated: 2 },
      ],
      // C1 62.5 → 60–69; C4 75 → 70–79 (C5's 100 is not counted: inactive)
      score_distribution: bands([0, 1, 1, 0, 0]),
      // No due dates.
      overdue_v1_pending: 0,
      overdue_v2_pending: 0,
    });

    // 100 belongs to the last band; 62.5 joins C1 in 60–69.
    const c6 = await createUser(t(), { name: 'C6', category_id: k });
    const c7 = await createUser(t(), { name: 'C7', category_id: k });
    await assign(t(), e1.id, c6.id);
    await assign(t(), e1.id, c7.id);
    await ok(a, submitBody(kNow, c6.id, e1.id, [4, 4], training(false))); // 100
    await ok(a, submitBody(kNow, c7.id, e1.id, [3, 2], training(false))); // 62.5
    const after = (await call(client, dashboardEndpoints.metrics)).body;
    expect(after.score_distribution).toEqual(bands([0, 2, 1, 0, 1]));
  });

  it('answers 401 without a session and 403 to evaluador and colaborador', async () => {
    const calls = [{ method: 'GET' as const, url: dashboardEndpoints.metrics.path }];
    await expectAllUnauthenticated(t(), calls);
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
  });
});
