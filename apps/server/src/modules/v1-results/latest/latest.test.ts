import { resultEndpoints } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../../test/access';
import { call, callExpecting, statusOf } from '../../../../test/call';
import { describeEngines } from '../../../../test/context';
import { loginAs } from '../../../../test/factories';
import {
  assign,
  clientFor,
  createV1Evaluation,
  evaluatorWithCollaborator,
  submitBody,
  submitV1,
} from '../../../../test/v1';

describeEngines('evaluation results API', (t) => {
  it('lists what an evaluator submitted: the evaluator reads their own, admin and HR anyone’s', async () => {
    const setup = await createV1Evaluation(t(), ['competency', 'objective'], {
      competencies: 50,
      objectives: 50,
    });
    const { evaluator, client, collaborator } = await evaluatorWithCollaborator(t(), setup);
    expect(
      (await call(client, resultEndpoints.evaluated, { params: { evaluatorId: evaluator.id } })).body,
    ).toEqual([]);
    await submitV1(client, submitBody(setup, collaborator.id, evaluator.id, [4, 2]));
    const expected = [
      {
        collaborator_id: collaborator.id,
        evaluation_id: setup.evaluationId,
        evaluation_name: expect.any(String),
        overall_percentage: 75,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        // Released at submit (a round created with SPEC.md's body): no correction (decision 050).
        can_correct: false,
      },
    ];
    const own = await call(client, resultEndpoints.evaluated, { params: { evaluatorId: evaluator.id } });
    expect(own.status).toBe(200);
    expect(own.body).toEqual(expected);
    for (const role of ['admin', 'gestionhumana'] as const) {
      const { client: manager } = await loginAs(t(), role);
      expect(
        (await call(manager, resultEndpoints.evaluated, { params: { evaluatorId: evaluator.id } })).body,
      ).toEqual(expected);
    }
    const { client: otherEvaluator } = await loginAs(t(), 'evaluador');
    const idor = await callExpecting(
      otherEvaluator,
      resultEndpoints.evaluated,
      { params: { evaluatorId: evaluator.id } },
      403,
    );
    expect(idor.status).toBe(403);
    const { user: colab, client: colabClient } = await loginAs(t(), 'colaborador');
    expect(
      await statusOf(colabClient, resultEndpoints.evaluated, { params: { evaluatorId: colab.id } }),
    ).toBe(403);
    expect(
      await statusOf(colabClient, resultEndpoints.evaluated, { params: { evaluatorId: evaluator.id } }),
    ).toBe(403);
  });

  it('answers the latest evaluation of a user, averaged over its evaluators', async () => {
    const older = await createV1Evaluation(
      t(),
      ['competency', 'objective'],
      { competencies: 50, objectives: 50 },
      {
        period: '2025',
        name: 'Evaluación 2025',
      },
    );
    const { evaluator: a, client: ca, collaborator } = await evaluatorWithCollaborator(t(), older);
    const { user: b, client: cb } = await loginAs(t(), 'evaluador');
    await assign(t(), b.id, collaborator.id);
    const me = await clientFor(t(), collaborator);

    const ofCollaborator = { params: { userId: collaborator.id } };
    const none = await callExpecting(me, resultEndpoints.latest, ofCollaborator, 404);
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ error: 'No se encontró ninguna evaluación reciente.', code: 'NOT_FOUND' });

    await submitV1(ca, submitBody(older, collaborator.id, a.id, [1, 1])); // 25
    // The 2026 round opens; 2025 closes (decision 026), its result kept.
    const newer = await createV1Evaluation(
      t(),
      [],
      { competencies: 50, objectives: 50 },
      {
        categoryId: older.categoryId,
        bankId: older.bankId,
        name: 'Evaluación 2026',
      },
    );
    await submitV1(ca, submitBody(newer, collaborator.id, a.id, [4, 4])); // 100
    await submitV1(cb, submitBody(newer, collaborator.id, b.id, [2, 3])); // (50 + 75) / 2 = 62.5
    // Make the order unambiguous whatever the clock's resolution.
    await t()
      .db.updateTable('v1_submissions')
      .set({ created_at: '2025-06-01T10:00:00.000Z' })
      .where('evaluation_id', '=', older.evaluationId)
      .execute();

    const latest = await call(me, resultEndpoints.latest, ofCollaborator);
    expect(latest.status).toBe(200);
    expect(latest.body).toEqual({
      evaluation_id: newer.evaluationId,
      evaluation_name: 'Evaluación 2026',
      overall_percentage: 81.25, // (100 + 62.5) / 2
      created_at: expect.any(String),
    });
    for (const role of ['admin', 'gestionhumana'] as const) {
      const { client } = await loginAs(t(), role);
      expect(
        (await call(client, resultEndpoints.latest, { params: { userId: collaborator.id } })).body,
      ).toMatchObject({
        overall_percentage: 81.25,
      });
    }
    // Neither another collaborator nor the collaborator's own evaluator may read it.
    const { client: other } = await loginAs(t(), 'colaborador');
    expect(
      (await callExpecting(other, resultEndpoints.latest, { params: { userId: collaborator.id } }, 403))
        .status,
    ).toBe(403);
    expect(await statusOf(ca, resultEndpoints.latest, { params: { userId: collaborator.id } })).toBe(403);
  });

  it('answers 404 to admin for a user without results, and 400 for a bad id', async () => {
    const { client } = await loginAs(t(), 'admin');
    expect(await statusOf(client, resultEndpoints.latest, { params: { userId: 999999 } })).toBe(404);
    const bad = await callExpecting(client, resultEndpoints.latest, { params: { userId: 'abc' } }, 400);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('El identificador no es válido.');
  });

  it('answers 401 without a session and 403 to the roles that may not read', async () => {
    await expectAllUnauthenticated(t(), [
      { method: 'GET', url: '/api/evaluation-results/evaluated/1' },
      { method: 'GET', url: '/api/evaluation-results/latest/1' },
    ]);
    await expectAllForbidden(
      t(),
      ['colaborador'],
      [{ method: 'GET', url: '/api/evaluation-results/evaluated/1' }],
    );
    await expectAllForbidden(
      t(),
      ['evaluador', 'colaborador'],
      [{ method: 'GET', url: '/api/evaluation-results/latest/1' }],
    );
  });
});
