import { trainingEndpoints } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../../test/access';
import { call } from '../../../../test/call';
import { describeEngines } from '../../../../test/context';
import { loginAs, unique } from '../../../../test/factories';
import {
  assign,
  createV1Evaluation,
  evaluatorWithCollaborator,
  submitBody,
  submitV1,
} from '../../../../test/v1';

describeEngines('training report API', (t) => {
  it('groups the collaborators needing training by evaluator name, with each comment', async () => {
    const setup = await createV1Evaluation(t(), ['competency']);
    const nameA = unique('Evaluadora A');
    const nameB = unique('Evaluador B');
    const {
      evaluator: a,
      client: ca,
      collaborator: c1,
    } = await evaluatorWithCollaborator(t(), setup, {
      name: 'Carmen Núñez',
    });
    await t().db.updateTable('users').set({ name: nameA }).where('id', '=', a.id).execute();
    const {
      evaluator: b,
      client: cb,
      collaborator: c2,
    } = await evaluatorWithCollaborator(t(), setup, {
      name: 'Ana Peña',
    });
    await t().db.updateTable('users').set({ name: nameB }).where('id', '=', b.id).execute();
    await assign(t(), b.id, c1.id);
    const yes = (comments: string) => ({ requires_training: true, comments });

    await submitV1(ca, submitBody(setup, c1.id, a.id, [2], yes('Manejo de aula.')));
    await submitV1(cb, submitBody(setup, c2.id, b.id, [3], yes('Herramientas digitales.')));
    await submitV1(
      cb,
      submitBody(setup, c1.id, b.id, [4], { requires_training: false, comments: 'No requiere.' }),
    );

    const { client } = await loginAs(t(), 'gestionhumana');
    const res = await call(client, trainingEndpoints.report);
    expect(res.status).toBe(200);
    const report = res.body;
    const entry = (collaborator: { id: number }, name: string, comments: string) => ({
      collaborator_id: collaborator.id,
      collaborator_name: name,
      evaluation_id: setup.evaluationId,
      evaluation_name: expect.any(String),
      comments,
    });
    expect(report[nameA]).toEqual([entry(c1, 'Carmen Núñez', 'Manejo de aula.')]);
    expect(report[nameB]).toEqual([entry(c2, 'Ana Peña', 'Herramientas digitales.')]);
    const { client: admin } = await loginAs(t(), 'admin');
    expect((await call(admin, trainingEndpoints.report)).body).toEqual(report);
  });

  it('keeps an evaluator named "__proto__" as an ordinary key', async () => {
    const setup = await createV1Evaluation(t(), ['objective']);
    const { evaluator, client, collaborator } = await evaluatorWithCollaborator(t(), setup);
    await t().db.updateTable('users').set({ name: '__proto__' }).where('id', '=', evaluator.id).execute();
    await submitV1(
      client,
      submitBody(setup, collaborator.id, evaluator.id, [1], { requires_training: true, comments: 'Sí.' }),
    );
    const { client: admin } = await loginAs(t(), 'admin');
    const { status, res } = await call(admin, trainingEndpoints.report);
    expect(status).toBe(200);
    expect(res.body).toContain('"__proto__":[');
  });

  it('answers 401 without a session and 403 to evaluador and colaborador', async () => {
    const calls = [{ method: 'GET' as const, url: '/api/training-report' }];
    await expectAllUnauthenticated(t(), calls);
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
  });
});
