import { evaluationEndpoints } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { call, callExpecting } from '../../../test/call';
import { describeEngines } from '../../../test/context';
import { createUser, loginAs, unique } from '../../../test/factories';
import { assign, createV1Evaluation, insertV1Submission } from '../../../test/v1';

describeEngines('what closing a V1 round leaves unanswered (issue 30 §3)', (t) => {
  it('names each evaluator–collaborator pair still to be evaluated, of all the round’s pairs', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const round = await createV1Evaluation(t(), ['competency']);
    const ana = await createUser(t(), { role: 'evaluador', name: unique('Ana') });
    const beto = await createUser(t(), { role: 'evaluador', name: unique('Beto') });
    const gone = await createUser(t(), { role: 'evaluador', name: unique('Baja'), active: 0 });
    const carla = await createUser(t(), { category_id: round.categoryId, name: unique('Carla') });
    const diego = await createUser(t(), { category_id: round.categoryId, name: unique('Diego') });
    const inactive = await createUser(t(), { category_id: round.categoryId, active: 0 });
    const elsewhere = await createUser(t(), { category_id: (await createV1Evaluation(t(), [])).categoryId });
    await assign(t(), ana.id, carla.id);
    await assign(t(), ana.id, diego.id);
    await assign(t(), beto.id, carla.id);
    await assign(t(), beto.id, inactive.id);
    await assign(t(), beto.id, elsewhere.id);
    await assign(t(), gone.id, diego.id);
    await insertV1Submission(t(), round, carla.id, ana.id);

    const res = await call(hr, evaluationEndpoints.pending, { params: { id: round.evaluationId } });
    expect(res.body).toEqual({
      evaluation_id: round.evaluationId,
      total: 3,
      pending: [
        { evaluator_name: ana.name, collaborator_name: diego.name },
        { evaluator_name: beto.name, collaborator_name: carla.name },
      ],
    });
    const missing = await callExpecting(hr, evaluationEndpoints.pending, { params: { id: 999_999 } }, 404);
    expect(missing.status).toBe(404);
  });
});
