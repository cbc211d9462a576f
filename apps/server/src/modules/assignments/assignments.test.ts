import {
  assignmentEndpoints,
  fullEvaluationEndpoints,
  resultEndpoints,
  type BodyInput,
} from '@evalua/contracts';
import { expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../test/access';
import { call, callExpecting, statusOf } from '../../../test/call';
import { describeEngines } from '../../../test/context';
import { createUser, loginAs, unique } from '../../../test/factories';
import { assign, createV1Evaluation, evaluatorWithCollaborator, submitBody } from '../../../test/v1';

describeEngines('assignments API', (t) => {
  it('assigns, lists with collaborator details, refuses duplicates, and removes', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const evaluator = await createUser(t(), { role: 'evaluador' });
    const colab = await createUser(t(), {
      name: 'Pedro Reyes',
      position: 'Docente',
      department: 'Matemáticas',
    });
    const pair = { body: { evaluator_id: evaluator.id, collaborator_id: colab.id } };
    const res = await call(client, assignmentEndpoints.create, pair);
    expect(res.status).toBe(201);
    const a = res.body;
    const expected = {
      id: a.id,
      evaluator_id: evaluator.id,
      collaborator_id: colab.id,
      collaborator_name: 'Pedro Reyes',
      email: colab.email,
      position: 'Docente',
      department: 'Matemáticas',
      category_id: colab.category_id,
      evaluated: false,
      // No category, so no evaluation to be due.
      due_date: null,
    };
    expect(res.body).toEqual(expected);
    const ofEvaluator = { params: { evaluatorId: evaluator.id } };
    expect((await call(client, assignmentEndpoints.assigned, ofEvaluator)).body).toEqual([expected]);
    const dup = await callExpecting(client, assignmentEndpoints.create, pair, 409);
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({
      error: 'Este colaborador ya está asignado a este evaluador.',
      code: 'ALREADY_ASSIGNED',
    });
    const theAssignment = { params: { id: a.id } };
    expect(await statusOf(client, assignmentEndpoints.remove, theAssignment)).toBe(204);
    expect((await call(client, assignmentEndpoints.assigned, ofEvaluator)).body).toEqual([]);
    expect(await statusOf(client, assignmentEndpoints.remove, theAssignment)).toBe(404);
  });

  it('says which assigned collaborators the evaluator already evaluated; removing one keeps the result', async () => {
    const setup = await createV1Evaluation(t(), ['competency', 'objective']);
    const { evaluator, client, collaborator } = await evaluatorWithCollaborator(t(), setup);
    const other = await createUser(t(), { category_id: setup.categoryId });
    await assign(t(), evaluator.id, other.id);
    const body = submitBody(
      setup,
      collaborator.id,
      evaluator.id,
      setup.questions.map(() => 4),
    );
    // submitBody types each score as possibly undefined.
    const submitted = await call(client, fullEvaluationEndpoints.submit, {
      body: body as BodyInput<typeof fullEvaluationEndpoints.submit>,
    });
    expect(submitted.status).toBe(201);

    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const { body: listed } = await call(hr, assignmentEndpoints.assigned, {
      params: { evaluatorId: evaluator.id },
    });
    expect(Object.fromEntries(listed.map((a) => [a.collaborator_id, a.evaluated]))).toEqual({
      [collaborator.id]: true,
      [other.id]: false,
    });
    const latest = { params: { userId: collaborator.id } };
    const before = (await call(hr, resultEndpoints.latest, latest)).body;

    const removed = listed.find((a) => a.collaborator_id === collaborator.id)!;
    expect(await statusOf(hr, assignmentEndpoints.remove, { params: { id: removed.id } })).toBe(204);
    expect((await call(hr, resultEndpoints.latest, latest)).body).toEqual(before);

    // Assigned again: the list still knows the result is there.
    const again = await call(hr, assignmentEndpoints.create, {
      body: { evaluator_id: evaluator.id, collaborator_id: collaborator.id },
    });
    expect(again.body.evaluated).toBe(true);
  });

  it('offers only evaluadores as evaluators and only active non-admin users as collaborators', async () => {
    const { client } = await loginAs(t(), 'admin');
    const evaluator = await createUser(t(), { role: 'evaluador' });
    const notEvaluator = await createUser(t(), { role: 'colaborador' });
    const admin = await createUser(t(), { role: 'admin' });
    const inactive = await createUser(t(), { active: 0 });
    const assign400 = (evaluatorId: number, collaboratorId: number) =>
      callExpecting(
        client,
        assignmentEndpoints.create,
        { body: { evaluator_id: evaluatorId, collaborator_id: collaboratorId } },
        400,
      );
    const bad = await assign400(notEvaluator.id, evaluator.id);
    expect(bad.body.error).toBe('El evaluador debe ser un usuario activo con rol evaluador.');
    for (const id of [admin.id, inactive.id, 999999]) {
      const res = await assign400(evaluator.id, id);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('El colaborador debe ser un usuario activo que no sea administrador.');
    }
    const self = await assign400(evaluator.id, evaluator.id);
    expect(self.body.error).toBe('Un evaluador no puede asignarse a sí mismo.');
    const missing = await client.post('/api/assignments', { evaluator_id: evaluator.id });
    expect(missing.json<{ error: string }>().error).toBe('El colaborador es obligatorio.');
  });

  it('pages the available collaborators by 5, without admins, the evaluator or those already assigned', async () => {
    const { client } = await loginAs(t(), 'admin');
    const evaluator = await createUser(t(), { role: 'evaluador' });
    const tag = unique('Disp');
    const people = [];
    for (let i = 0; i < 7; i += 1) people.push(await createUser(t(), { name: `${tag} ${i}` }));
    await createUser(t(), { name: `${tag} admin`, role: 'admin' });
    await call(client, assignmentEndpoints.create, {
      body: { evaluator_id: evaluator.id, collaborator_id: people[0]!.id },
    });
    const available = { params: { evaluatorId: evaluator.id } };
    const { body } = await call(client, assignmentEndpoints.available, { ...available, query: { q: tag } });
    expect(body.total).toBe(6);
    expect(body.pageSize).toBe(5);
    expect(body.rows.map((r) => r.name)).toEqual([1, 2, 3, 4, 5].map((i) => `${tag} ${i}`));
    const page2 = await call(client, assignmentEndpoints.available, {
      ...available,
      query: { q: tag, page: 2 },
    });
    expect(page2.body.rows.map((r) => r.name)).toEqual([`${tag} 6`]);
  });

  it('lets an evaluator read only their own list', async () => {
    const { user: me, client } = await loginAs(t(), 'evaluador');
    const other = await createUser(t(), { role: 'evaluador' });
    expect(await statusOf(client, assignmentEndpoints.assigned, { params: { evaluatorId: me.id } })).toBe(
      200,
    );
    expect(
      (await callExpecting(client, assignmentEndpoints.assigned, { params: { evaluatorId: other.id } }, 403))
        .status,
    ).toBe(403);
  });

  it('answers 401 without a session and 403 to the roles that may not manage', async () => {
    const calls = [
      { method: 'POST' as const, url: '/api/assignments', body: { evaluator_id: 1, collaborator_id: 2 } },
      { method: 'DELETE' as const, url: '/api/assignments/1' },
      { method: 'GET' as const, url: '/api/assignments/1/available' },
    ];
    await expectAllUnauthenticated(t(), [...calls, { method: 'GET', url: '/api/assignments/1' }]);
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
    await expectAllForbidden(t(), ['colaborador'], [{ method: 'GET', url: '/api/assignments/1' }]);
  });
});
