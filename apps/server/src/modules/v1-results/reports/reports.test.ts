import { onePage, reportEndpoints as endpoints, wholeList } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { call, callExpecting, statusOf } from '../../../../test/call';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../../test/access';
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

const NO_DATA = { error: 'No hay datos para este reporte.', code: 'NOT_FOUND' };

describeEngines('reports API', (t) => {
  it('builds the full report of a collaborator with two evaluators from per-question averages', async () => {
    const setup = await createV1Evaluation(t(), ['competency', 'competency', 'objective'], {
      competencies: 60,
      objectives: 40,
    });
    const {
      evaluator: a,
      client: ca,
      collaborator,
    } = await evaluatorWithCollaborator(t(), setup, {
      name: 'Rosa Báez',
      department: 'Secundaria',
      position: 'Docente de Ciencias',
    });
    const { user: b, client: cb } = await loginAs(t(), 'evaluador');
    await assign(t(), b.id, collaborator.id);
    await submitV1(
      ca,
      submitBody(setup, collaborator.id, a.id, [4, 4, 1], {
        requires_training: true,
        comments: 'Curso de evaluación formativa.',
      }),
    );
    await submitV1(
      cb,
      submitBody(setup, collaborator.id, b.id, [3, 2, 2], {
        requires_training: false,
        comments: 'Sin necesidad.',
      }),
    );
    await t()
      .db.updateTable('v1_submissions')
      .set({ created_at: '2026-01-01T00:00:00.000Z' })
      .where('evaluator_id', '=', a.id)
      .execute();

    const { client } = await loginAs(t(), 'gestionhumana');
    const theReport = { params: { evaluationId: setup.evaluationId, userId: collaborator.id } };
    const res = await call(client, endpoints.full, theReport);
    expect(res.status).toBe(200);
    const evaluation = await t()
      .db.selectFrom('evaluations')
      .select(['name'])
      .where('id', '=', setup.evaluationId)
      .executeTakeFirstOrThrow();
    const [q1, q2, q3] = setup.questions;
    // Averages: q1 (4+3)/2 = 3.5, q2 (4+2)/2 = 3, q3 (1+2)/2 = 1.5.
    // competencies (3.5+3)/2/4×100 = 81.25; objectives 1.5/4×100 = 37.5; overall 81.25×0.6 + 37.5×0.4 = 63.75
    expect(res.body).toEqual({
      user_name: 'Rosa Báez',
      department: 'Secundaria',
      position: 'Docente de Ciencias',
      evaluation_name: evaluation.name,
      period: '2026',
      competencies_percentage: 81.25,
      objectives_percentage: 37.5,
      overall_percentage: 63.75,
      questions: [
        {
          question_id: q1!.id,
          question_text: 'Pregunta 1 (competency)',
          question_type: 'competency',
          average_score: 3.5,
        },
        {
          question_id: q2!.id,
          question_text: 'Pregunta 2 (competency)',
          question_type: 'competency',
          average_score: 3,
        },
        {
          question_id: q3!.id,
          question_text: 'Pregunta 3 (objective)',
          question_type: 'objective',
          average_score: 1.5,
        },
      ],
      training: {
        requires_training: true,
        comments: ['Curso de evaluación formativa.', 'Sin necesidad.'],
        comments_summary: 'Capacitación requerida por 1 de 2 evaluadores.',
      },
      evaluators_count: 2,
    });
    // The list shows the same figure: the mean of the two stored overalls (70 and 57.5).
    const listed = onePage((await call(client, endpoints.list, { query: { q: 'Rosa Báez' } })).body);
    expect(listed.rows).toEqual([
      {
        evaluation_id: setup.evaluationId,
        evaluation_name: evaluation.name,
        period: '2026',
        user_id: collaborator.id,
        user_name: 'Rosa Báez',
        department: 'Secundaria',
        position: 'Docente de Ciencias',
        overall_percentage: 63.75,
      },
    ]);

    // The person themself may read it; admin too.
    const me = await clientFor(t(), collaborator);
    expect(await statusOf(me, endpoints.full, theReport)).toBe(200);
    const { client: admin } = await loginAs(t(), 'admin');
    expect(await statusOf(admin, endpoints.full, theReport)).toBe(200);
    // IDOR: another collaborator, or an evaluator (even their own), may not.
    const { client: other } = await loginAs(t(), 'colaborador');
    expect(await statusOf(other, endpoints.full, theReport)).toBe(403);
    expect(await statusOf(ca, endpoints.full, theReport)).toBe(403);
  });

  it('gives the whole weight to competencies when the bank has only competency questions', async () => {
    const setup = await createV1Evaluation(t(), ['competency', 'competency'], {
      competencies: 70,
      objectives: 30,
    });
    const { evaluator, client, collaborator } = await evaluatorWithCollaborator(t(), setup);
    await submitV1(
      client,
      submitBody(setup, collaborator.id, evaluator.id, [3, 2], {
        requires_training: false,
        comments: 'Bien.',
      }),
    );
    const { client: admin } = await loginAs(t(), 'admin');
    const res = await call(admin, endpoints.full, {
      params: { evaluationId: setup.evaluationId, userId: collaborator.id },
    });
    expect(res.body).toMatchObject({
      competencies_percentage: 62.5,
      objectives_percentage: null,
      overall_percentage: 62.5,
      training: {
        requires_training: false,
        comments: ['Bien.'],
        comments_summary: 'El evaluador no indicó necesidad de capacitación.',
      },
      evaluators_count: 1,
    });
  });

  it('answers 404 with the spec sentence when there is nothing to report, 400 for bad ids', async () => {
    const setup = await createV1Evaluation(t(), ['competency']);
    const { collaborator } = await evaluatorWithCollaborator(t(), setup);
    const { client } = await loginAs(t(), 'admin');
    const theReport = { evaluationId: setup.evaluationId, userId: collaborator.id };
    for (const params of [
      theReport,
      { ...theReport, evaluationId: 999999 },
      { ...theReport, userId: 999999 },
    ]) {
      const res = await callExpecting(client, endpoints.full, { params }, 404);
      expect(res.status, JSON.stringify(params)).toBe(404);
      expect(res.body).toEqual(NO_DATA);
    }
    // The collaborator themself gets the same 404 for their own empty report.
    const me = await clientFor(t(), collaborator);
    expect((await callExpecting(me, endpoints.full, { params: theReport }, 404)).body).toEqual(NO_DATA);
    expect(await statusOf(client, endpoints.full, { params: { evaluationId: 'x', userId: 1 } })).toBe(400);
  });

  it('lists evaluated non-admin users, bare or paged by 10 with a search by name', async () => {
    const setup = await createV1Evaluation(t(), ['competency', 'objective'], {
      competencies: 50,
      objectives: 50,
    });
    const tag = unique('Reporte');
    const { user: evaluator, client: ec } = await loginAs(t(), 'evaluador');
    const people: TestUser[] = [];
    for (let i = 0; i < 11; i += 1) {
      const c = await createUser(t(), {
        name: `${tag} ${String(i).padStart(2, '0')}`,
        category_id: setup.categoryId,
      });
      await assign(t(), evaluator.id, c.id);
      expect((await submitV1(ec, submitBody(setup, c.id, evaluator.id, [4, 2]))).status).toBe(201);
      people.push(c);
    }
    // Someone evaluated who later became an administrator is left out of the general list.
    await t().db.updateTable('users').set({ role: 'admin' }).where('id', '=', people[10]!.id).execute();

    const { client } = await loginAs(t(), 'admin');
    const bare = await call(client, endpoints.list);
    expect(bare.status).toBe(200);
    const all = wholeList(bare.body);
    expect(all.some((r) => r.user_id === people[0]!.id)).toBe(true);
    expect(all.some((r) => r.user_id === people[10]!.id)).toBe(false);

    const body = onePage((await call(client, endpoints.list, { query: { q: tag } })).body);
    expect(body.total).toBe(10);
    expect(body.pageSize).toBe(10);
    expect(body.rows).toHaveLength(10);
    expect(body.rows[0]).toMatchObject({ user_name: `${tag} 00`, overall_percentage: 75 });
    const small = await call(client, endpoints.list, { query: { q: tag, page: 4, pageSize: 3 } });
    expect(small.body).toMatchObject({
      total: 10,
      page: 4,
      pageSize: 3,
      rows: [{ user_name: `${tag} 09` }],
    });
  });

  it('answers 401 without a session and 403 to the roles that may not read', async () => {
    await expectAllUnauthenticated(t(), [
      { method: 'GET', url: '/api/reports' },
      { method: 'GET', url: '/api/reports/full/1/1' },
    ]);
    await expectAllForbidden(
      t(),
      ['evaluador', 'colaborador'],
      [
        { method: 'GET', url: '/api/reports' },
        { method: 'GET', url: '/api/reports?page=1' },
        { method: 'GET', url: '/api/reports/full/1/1' },
      ],
    );
  });
});
