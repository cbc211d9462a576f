import { historyEndpoints as endpoints, onePage, wholeList } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../../test/access';
import { call, callExpecting, statusOf } from '../../../../test/call';
import { describeEngines } from '../../../../test/context';
import { createUser, loginAs, unique, type TestUser } from '../../../../test/factories';
import {
  assign,
  clientFor,
  createV1Evaluation,
  evaluatorWithCollaborator,
  submitBody,
  submitV1,
} from '../../../../test/v1';

describeEngines('evaluation history API', (t) => {
  it('lists one row per evaluation, averaged across evaluators, newest first (self, admin, HR)', async () => {
    const older = await createV1Evaluation(
      t(),
      ['competency', 'competency', 'objective'],
      { competencies: 60, objectives: 40 },
      { period: '2025', name: 'Desempeño 2025' },
    );
    const {
      evaluator: a,
      client: ca,
      collaborator,
    } = await evaluatorWithCollaborator(t(), older, {
      name: 'Lucía Historial',
    });
    const { user: b, client: cb } = await loginAs(t(), 'evaluador');
    await assign(t(), b.id, collaborator.id);
    const me = await clientFor(t(), collaborator);
    const theirs = { params: { userId: collaborator.id } };
    expect((await call(me, endpoints.ofUser, theirs)).body).toEqual([]);

    // 2025, evaluator a: competencies (2+2)/2 → 50, objectives 4 → 100, overall 50×0.6 + 100×0.4 = 70
    expect((await submitV1(ca, submitBody(older, collaborator.id, a.id, [2, 2, 4]))).status).toBe(201);
    // The 2026 round opens; 2025 closes (decision 026).
    const newer = await createV1Evaluation(
      t(),
      [],
      { competencies: 60, objectives: 40 },
      { categoryId: older.categoryId, bankId: older.bankId, name: 'Desempeño 2026' },
    );
    // 2026, a: c (4+4)/2 → 100, o 1 → 25, overall 70; b: c (3+2)/2 → 62.5, o 3 → 75, overall 67.5
    await submitV1(ca, submitBody(newer, collaborator.id, a.id, [4, 4, 1]));
    await submitV1(cb, submitBody(newer, collaborator.id, b.id, [3, 2, 3]));
    await t()
      .db.updateTable('v1_submissions')
      .set({ created_at: '2025-06-01T10:00:00.000Z' })
      .where('evaluation_id', '=', older.evaluationId)
      .execute();

    const expected = [
      {
        evaluation_id: newer.evaluationId,
        evaluation_name: 'Desempeño 2026',
        period: '2026',
        overall_percentage: 68.75,
        competencies_percentage: 81.25,
        objectives_percentage: 50,
        evaluators_count: 2,
        created_at: expect.any(String),
      },
      {
        evaluation_id: older.evaluationId,
        evaluation_name: 'Desempeño 2025',
        period: '2025',
        overall_percentage: 70,
        competencies_percentage: 50,
        objectives_percentage: 100,
        evaluators_count: 1,
        created_at: '2025-06-01T10:00:00.000Z',
      },
    ];
    const own = await call(me, endpoints.ofUser, theirs);
    expect(own.status).toBe(200);
    const rows = own.body;
    expect(rows).toEqual(expected);
    for (const role of ['admin', 'gestionhumana'] as const) {
      const { client } = await loginAs(t(), role);
      expect((await call(client, endpoints.ofUser, theirs)).body).toEqual(expected);
    }

    // IDOR: another collaborator, or even the collaborator's own evaluator, may not read it.
    const { client: other } = await loginAs(t(), 'colaborador');
    expect(await statusOf(other, endpoints.ofUser, theirs)).toBe(403);
    expect(await statusOf(ca, endpoints.ofUser, theirs)).toBe(403);
  });

  it('lists the collaborators who have history, bare or paged by 10 with a search by name', async () => {
    const setup = await createV1Evaluation(t(), ['competency']);
    const tag = unique('Historial');
    const { user: evaluator, client: ec } = await loginAs(t(), 'evaluador');
    const people: TestUser[] = [];
    for (let i = 0; i < 12; i += 1) {
      const c = await createUser(t(), {
        name: `${tag} ${String(i).padStart(2, '0')}`,
        category_id: setup.categoryId,
        position: 'Docente',
        department: 'Primaria',
      });
      await assign(t(), evaluator.id, c.id);
      people.push(c);
    }
    // Eleven of them evaluated; the last one has no history.
    for (const c of people.slice(0, 11)) {
      expect((await submitV1(ec, submitBody(setup, c.id, evaluator.id, [3]))).status).toBe(201);
    }
    const second = await createV1Evaluation(t(), [], undefined, {
      categoryId: setup.categoryId,
      bankId: setup.bankId,
      period: '2027',
    });
    await submitV1(ec, submitBody(second, people[0]!.id, evaluator.id, [4]));

    const { client } = await loginAs(t(), 'gestionhumana');
    const bare = await call(client, endpoints.collaborators);
    expect(bare.status).toBe(200);
    // Without ?page= the whole list (wholeList throws on a page).
    const all = wholeList(bare.body);
    expect(all).toContainEqual({
      collaborator_id: people[0]!.id,
      collaborator_name: `${tag} 00`,
      position: 'Docente',
      department: 'Primaria',
      evaluations_count: 2,
    });
    expect(all.some((r) => r.collaborator_id === people[11]!.id)).toBe(false);

    // With ?q= or ?page= a page (onePage throws on the whole list).
    const page1 = await call(client, endpoints.collaborators, { query: { q: tag.toUpperCase() } });
    const body1 = onePage(page1.body);
    expect(body1.total).toBe(11);
    expect(body1.page).toBe(1);
    expect(body1.pageSize).toBe(10);
    expect(body1.rows.map((r) => r.collaborator_name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${tag} ${String(i).padStart(2, '0')}`),
    );
    expect(body1.rows[1]!.evaluations_count).toBe(1);
    const page2 = await call(client, endpoints.collaborators, { query: { q: tag, page: 2 } });
    const body2 = onePage(page2.body);
    expect(body2.rows.map((r) => r.collaborator_name)).toEqual([`${tag} 10`]);
  });

  it('does not confuse its paths with /api/users/{id}; 404 for an unknown user, 400 for a bad id', async () => {
    const { client } = await loginAs(t(), 'admin');
    expect(await statusOf(client, endpoints.collaborators)).toBe(200);
    const unknown = await callExpecting(client, endpoints.ofUser, { params: { userId: 999999 } }, 404);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'El usuario no existe.', code: 'NOT_FOUND' });
    const bad = await callExpecting(client, endpoints.ofUser, { params: { userId: 'abc' } }, 400);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('El identificador no es válido.');
  });

  it('answers 401 without a session and 403 to the roles that may not read', async () => {
    await expectAllUnauthenticated(t(), [
      { method: 'GET', url: '/api/users/collaborators/history' },
      { method: 'GET', url: '/api/users/evaluation-history/1' },
    ]);
    await expectAllForbidden(
      t(),
      ['evaluador', 'colaborador'],
      [
        { method: 'GET', url: '/api/users/collaborators/history' },
        { method: 'GET', url: '/api/users/collaborators/history?page=1' },
        { method: 'GET', url: '/api/users/evaluation-history/1' },
      ],
    );
  });
});
