import { assignmentEndpoints } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../test/access';
import { answerOf } from '../../../test/answer';
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
    const res = await client.post('/api/assignments', {
      evaluator_id: evaluator.id,
      collaborator_id: colab.id,
    });
    expect(res.statusCode).toBe(201);
    const a = answerOf(assignmentEndpoints.create, res);
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
    expect(res.json()).toEqual(expected);
    expect((await client.get(`/api/assignments/${evaluator.id}`)).json()).toEqual([expected]);
    const dup = await client.post('/api/assignments', {
      evaluator_id: evaluator.id,
      collaborator_id: colab.id,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      error: 'Este colaborador ya está asignado a este evaluador.',
      code: 'ALREADY_ASSIGNED',
    });
    expect((await client.delete(`/api/assignments/${a.id}`)).statusCode).toBe(204);
    expect((await client.get(`/api/assignments/${evaluator.id}`)).json()).toEqual([]);
    expect((await client.delete(`/api/assignments/${a.id}`)).statusCode).toBe(404);
  });

  it('says which assigned collaborators the evaluator already evaluated; removing one keeps the result', async () => {
    const setup = await createV1Evaluation(t(), ['competency', 'objective']);
    const { evaluator, client, collaborator } = await evaluatorWithCollaborator(t(), setup);
    const other = await createUser(t(), { category_id: setup.categoryId });
    await assign(t(), evaluator.id, other.id);
    const submitted = await client.post(
      '/api/full-evaluation/full-submit',
      submitBody(
        setup,
        collaborator.id,
        evaluator.id,
        setup.questions.map(() => 4),
      ),
    );
    expect(submitted.statusCode).toBe(201);

    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const listed = answerOf(assignmentEndpoints.assigned, await hr.get(`/api/assignments/${evaluator.id}`));
    expect(Object.fromEntries(listed.map((a) => [a.collaborator_id, a.evaluated]))).toEqual({
      [collaborator.id]: true,
      [other.id]: false,
    });
    const before = (await hr.get(`/api/evaluation-results/latest/${collaborator.id}`)).json();

    const removed = listed.find((a) => a.collaborator_id === collaborator.id)!;
    expect((await hr.delete(`/api/assignments/${removed.id}`)).statusCode).toBe(204);
    expect((await hr.get(`/api/evaluation-results/latest/${collaborator.id}`)).json()).toEqual(before);

    // Assigned again: the list still knows the result is there.
    const again = await hr.post('/api/assignments', {
      evaluator_id: evaluator.id,
      collaborator_id: collaborator.id,
    });
    expect(answerOf(assignmentEndpoints.create, again).evaluated).toBe(true);
  });

  it('offers only evaluadores as evaluators and only active non-admin users as collaborators', async () => {
    const { client } = await loginAs(t(), 'admin');
    const evaluator = await createUser(t(), { role: 'evaluador' });
    const notEvaluator = await createUser(t(), { role: 'colaborador' });
    const admin = await createUser(t(), { role: 'admin' });
    const inactive = await createUser(t(), { active: 0 });
    const bad = await client.post('/api/assignments', {
      evaluator_id: notEvaluator.id,
      collaborator_id: evaluator.id,
    });
    expect(bad.json<{ error: string }>().error).toBe(
      'El evaluador debe ser un usuario activo con rol evaluador.',
    );
    for (const id of [admin.id, inactive.id, 999999]) {
      const res = await client.post('/api/assignments', { evaluator_id: evaluator.id, collaborator_id: id });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe(
        'El colaborador debe ser un usuario activo que no sea administrador.',
      );
    }
    const self = await client.post('/api/assignments', {
      evaluator_id: evaluator.id,
      collaborator_id: evaluator.id,
    });
    expect(self.json<{ error: string }>().error).toBe('Un evaluador no puede asignarse a sí mismo.');
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
    await client.post('/api/assignments', { evaluator_id: evaluator.id, collaborator_id: people[0]!.id });
    const page1 = await client.get(`/api/assignments/${evaluator.id}/available?q=${encodeURIComponent(tag)}`);
    const body = answerOf(assignmentEndpoints.available, page1);
    expect(body.total).toBe(6);
    expect(body.pageSize).toBe(5);
    expect(body.rows.map((r) => r.name)).toEqual([1, 2, 3, 4, 5].map((i) => `${tag} ${i}`));
    const page2 = await client.get(
      `/api/assignments/${evaluator.id}/available?q=${encodeURIComponent(tag)}&page=2`,
    );
    expect(answerOf(assignmentEndpoints.available, page2).rows.map((r) => r.name)).toEqual([`${tag} 6`]);
  });

  it('lets an evaluator read only their own list', async () => {
    const { user: me, client } = await loginAs(t(), 'evaluador');
    const other = await createUser(t(), { role: 'evaluador' });
    expect((await client.get(`/api/assignments/${me.id}`)).statusCode).toBe(200);
    expect((await client.get(`/api/assignments/${other.id}`)).statusCode).toBe(403);
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
