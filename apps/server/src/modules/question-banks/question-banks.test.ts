import { questionBankEndpoints as endpoints } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../test/access';
import { call, callExpecting, statusOf } from '../../../test/call';
import { describeEngines } from '../../../test/context';
import { createUser, loginAs, unique } from '../../../test/factories';
import { nowIso } from '../../time';

describeEngines('question banks API', (t) => {
  it('creates a bank, adds, edits and deletes questions, and counts them', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const bank = await call(client, endpoints.create, {
      body: { name: 'Banco Docentes 2026', description: '  Competencias del MINERD ' },
    });
    expect(bank.status).toBe(201);
    const b = bank.body;
    expect(bank.body).toEqual({
      id: b.id,
      name: 'Banco Docentes 2026',
      description: 'Competencias del MINERD',
      question_count: 0,
    });

    const inBank = { params: { id: b.id } };
    const q1 = await call(client, endpoints.addQuestion, {
      ...inBank,
      body: { question_text: 'Planifica sus clases', question_type: 'competency' },
    });
    expect(q1.status).toBe(201);
    const q2 = await call(client, endpoints.addQuestion, {
      ...inBank,
      body: { question_text: 'Cumple el 90 % del programa', question_type: 'objective' },
    });
    const qid = q1.body.id;
    const edited = await call(client, endpoints.updateQuestion, {
      params: { id: b.id, qid },
      body: { question_text: 'Planifica sus clases a tiempo', question_type: 'competency' },
    });
    expect(edited.body).toEqual({
      id: qid,
      question_text: 'Planifica sus clases a tiempo',
      question_type: 'competency',
    });
    const list = await call(client, endpoints.questions, inBank);
    expect(list.body).toEqual([
      { id: qid, question_text: 'Planifica sus clases a tiempo', question_type: 'competency' },
      q2.body,
    ]);
    const banks = await call(client, endpoints.list);
    expect(banks.body).toContainEqual({
      id: b.id,
      name: 'Banco Docentes 2026',
      description: 'Competencias del MINERD',
      question_count: 2,
    });

    expect(await statusOf(client, endpoints.removeQuestion, { params: { id: b.id, qid } })).toBe(204);
    expect((await call(client, endpoints.questions, inBank)).body).toHaveLength(1);
    const renamed = await call(client, endpoints.update, {
      ...inBank,
      body: { name: 'Banco renombrado', description: null },
    });
    expect(renamed.body).toEqual({
      id: b.id,
      name: 'Banco renombrado',
      description: null,
      question_count: 1,
    });
    expect(await statusOf(client, endpoints.remove, inBank)).toBe(204);
    expect(await statusOf(client, endpoints.questions, inBank)).toBe(404);
  });

  it('validates banks and questions with Spanish messages', async () => {
    const { client } = await loginAs(t(), 'admin');
    const noName = await callExpecting(client, endpoints.create, { body: { name: ' ' } }, 400);
    expect(noName.status).toBe(400);
    expect(noName.body.error).toBe('El nombre del banco es obligatorio.');
    const { body: b } = await call(client, endpoints.create, { body: { name: unique('B') } });
    const noText = await callExpecting(
      client,
      endpoints.addQuestion,
      { params: { id: b.id }, body: { question_text: '', question_type: 'competency' } },
      400,
    );
    expect(noText.body.error).toBe('El texto de la pregunta es obligatorio.');
    const badType = await client.post(`/api/question-banks/${b.id}/questions`, {
      question_text: 'x',
      question_type: 'otro',
    });
    expect(badType.json<{ error: string }>().error).toBe(
      'El tipo de pregunta debe ser competencia u objetivo.',
    );
    const question = { question_text: 'x', question_type: 'objective' } as const;
    expect(
      (await callExpecting(client, endpoints.addQuestion, { params: { id: 999999 }, body: question }, 404))
        .status,
    ).toBe(404);
    expect(
      await statusOf(client, endpoints.updateQuestion, { params: { id: b.id, qid: 999999 }, body: question }),
    ).toBe(404);
  });

  it('refuses to delete a bank an evaluation uses; an answered question leaves the bank but stays for its results', async () => {
    const { user: admin, client } = await loginAs(t(), 'admin');
    const cat = await t()
      .db.insertInto('categories')
      .values({ name: unique('C'), name_key: unique('c') })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { body: b } = await call(client, endpoints.create, { body: { name: unique('Banco') } });
    const { body: q } = await call(client, endpoints.addQuestion, {
      params: { id: b.id },
      body: { question_text: 'Puntualidad', question_type: 'competency' },
    });
    const ev = await t()
      .db.insertInto('evaluations')
      .values({
        name: 'Evaluación Anual',
        period: '2026',
        weight_objectives: 50,
        weight_competencies: 50,
        category_id: cat.id,
        question_bank_id: b.id,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inUse = await callExpecting(client, endpoints.remove, { params: { id: b.id } }, 409);
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toBe(
      'No se puede eliminar el banco porque lo usa la evaluación «Evaluación Anual».',
    );

    const colab = await createUser(t(), { category_id: cat.id });
    const sub = await t()
      .db.insertInto('v1_submissions')
      .values({
        evaluation_id: ev.id,
        collaborator_id: colab.id,
        evaluator_id: admin.id,
        competencies_percentage: 100,
        objectives_percentage: null,
        overall_percentage: 100,
        requires_training: 0,
        training_comments: 'Bien',
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t()
      .db.insertInto('v1_answers')
      .values({ submission_id: sub.id, question_id: q.id, score: 4 })
      .execute();
    const theQuestion = { params: { id: b.id, qid: q.id } };
    const answered = await call(client, endpoints.removeQuestion, theQuestion);
    expect(answered.status).toBe(204);
    // Retired (decision 026): no longer asked, still there for the result that answered it.
    expect((await call(client, endpoints.questions, { params: { id: b.id } })).body).toEqual([]);
    const kept = await t()
      .db.selectFrom('v1_answers')
      .innerJoin('questions', 'questions.id', 'v1_answers.question_id')
      .select(['questions.question_text', 'v1_answers.score'])
      .where('v1_answers.submission_id', '=', sub.id)
      .execute();
    expect(kept).toEqual([{ question_text: 'Puntualidad', score: 4 }]);
    expect(await statusOf(client, endpoints.removeQuestion, theQuestion)).toBe(404);
  });

  it('lets an evaluator read the questions of a bank their collaborators are evaluated with, and no other', async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    const cat = await t()
      .db.insertInto('categories')
      .values({ name: unique('C'), name_key: unique('c') })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { body: used } = await call(admin, endpoints.create, { body: { name: unique('Usado') } });
    const { body: other } = await call(admin, endpoints.create, { body: { name: unique('Otro') } });
    await t()
      .db.insertInto('evaluations')
      .values({
        name: 'E',
        period: '2026',
        weight_objectives: 50,
        weight_competencies: 50,
        category_id: cat.id,
        question_bank_id: used.id,
        created_at: nowIso(),
      })
      .execute();
    const { user: evaluator, client } = await loginAs(t(), 'evaluador');
    const colab = await createUser(t(), { category_id: cat.id });
    await t()
      .db.insertInto('assignments')
      .values({ evaluator_id: evaluator.id, collaborator_id: colab.id, created_at: nowIso() })
      .execute();
    expect(await statusOf(client, endpoints.questions, { params: { id: used.id } })).toBe(200);
    expect(await statusOf(client, endpoints.questions, { params: { id: other.id } })).toBe(403);
  });

  it('answers 401 without a session and 403 to evaluador and colaborador on management calls', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/question-banks' },
      { method: 'POST' as const, url: '/api/question-banks', body: { name: 'X' } },
      { method: 'PUT' as const, url: '/api/question-banks/1', body: { name: 'X' } },
      { method: 'DELETE' as const, url: '/api/question-banks/1' },
      {
        method: 'POST' as const,
        url: '/api/question-banks/1/questions',
        body: { question_text: 'x', question_type: 'competency' },
      },
      {
        method: 'PUT' as const,
        url: '/api/question-banks/1/questions/1',
        body: { question_text: 'x', question_type: 'competency' },
      },
      { method: 'DELETE' as const, url: '/api/question-banks/1/questions/1' },
    ];
    await expectAllUnauthenticated(t(), [
      ...calls,
      { method: 'GET', url: '/api/question-banks/1/questions' },
    ]);
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
    await expectAllForbidden(
      t(),
      ['colaborador'],
      [{ method: 'GET', url: '/api/question-banks/1/questions' }],
    );
  });
});
