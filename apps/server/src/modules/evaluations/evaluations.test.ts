import { evaluationEndpoints as endpoints } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../test/access';
import { answerOf } from '../../../test/answer';
import { describeEngines, type TestContext } from '../../../test/context';
import { createUser, loginAs, unique } from '../../../test/factories';
import { nowIso } from '../../time';

async function fixtures(ctx: TestContext) {
  const cat = await ctx.db
    .insertInto('categories')
    .values({ name: unique('Docentes'), name_key: unique('d') })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  const bank = await ctx.db
    .insertInto('question_banks')
    .values({ name: unique('Banco'), description: null })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return { cat, bank };
}

describeEngines('evaluations API', (t) => {
  it('creates with the current year as period, reads, lists, edits and deletes', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const { cat, bank } = await fixtures(t());
    const res = await client.post('/api/evaluations', {
      name: 'Desempeño docente',
      weight_objectives: 40,
      weight_competencies: 60,
      category_id: cat.id,
    });
    expect(res.statusCode).toBe(201);
    const ev = answerOf(endpoints.create, res);
    expect(res.json()).toEqual({
      id: ev.id,
      name: 'Desempeño docente',
      period: String(new Date().getFullYear()),
      weight_objectives: 40,
      weight_competencies: 60,
      category_id: cat.id,
      question_bank_id: null,
      category_name: cat.name,
      question_bank_name: null,
      // No bank yet: it cannot open (decision 026).
      status: 'borrador',
      due_date: null,
    });
    expect((await client.get('/api/evaluations')).json()).toContainEqual(res.json());
    const whole = {
      ...answerOf(endpoints.create, res),
      name: 'Desempeño docente 2',
      question_bank_id: bank.id,
    };
    const put = await client.put(`/api/evaluations/${ev.id}`, whole);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      name: 'Desempeño docente 2',
      question_bank_id: bank.id,
      question_bank_name: bank.name,
    });
    expect((await client.get(`/api/evaluations/${ev.id}`)).json()).toEqual(put.json());
    expect((await client.delete(`/api/evaluations/${ev.id}`)).statusCode).toBe(204);
    expect((await client.get(`/api/evaluations/${ev.id}`)).statusCode).toBe(404);
  });

  it('checks weights, name and category on the server with the spec messages', async () => {
    const { client } = await loginAs(t(), 'admin');
    const { cat } = await fixtures(t());
    const base = { name: 'E', weight_objectives: 50, weight_competencies: 50, category_id: cat.id };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, weight_objectives: 60 }, 'La suma de los porcentajes debe ser igual a 100%.'],
      [
        { ...base, weight_objectives: 150, weight_competencies: -50 },
        'Cada porcentaje debe estar entre 0 y 100.',
      ],
      [{ ...base, name: '' }, 'El nombre es obligatorio.'],
      [{ ...base, category_id: undefined }, 'La categoría es obligatoria.'],
      [{ ...base, category_id: 999999 }, 'La categoría no existe.'],
      [{ ...base, question_bank_id: 999999 }, 'El banco de preguntas no existe.'],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/evaluations', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json<{ error: string }>().error).toBe(message);
    }
    expect((await client.put('/api/evaluations/999999', base)).statusCode).toBe(404);
  });

  it('finds the open evaluation of a category, for admin, HR and an evaluator of that category', async () => {
    const { client } = await loginAs(t(), 'admin');
    const { cat, bank } = await fixtures(t());
    await client.post(`/api/question-banks/${bank.id}/questions`, {
      question_text: 'Puntualidad',
      question_type: 'competency',
    });
    await client.post('/api/evaluations', {
      name: 'Vieja',
      period: '2025',
      weight_objectives: 50,
      weight_competencies: 50,
      category_id: cat.id,
    });
    const current = answerOf(
      endpoints.create,
      await client.post('/api/evaluations', {
        name: 'Actual',
        weight_objectives: 50,
        weight_competencies: 50,
        category_id: cat.id,
        question_bank_id: bank.id,
      }),
    );
    const found = await client.get(`/api/evaluations/by-category/${cat.id}`);
    expect(found.json()).toMatchObject({ id: current.id, question_bank_id: bank.id });
    const { user: evaluator, client: evalClient } = await loginAs(t(), 'evaluador');
    expect((await evalClient.get(`/api/evaluations/by-category/${cat.id}`)).statusCode).toBe(403);
    const colab = await createUser(t(), { category_id: cat.id });
    await t()
      .db.insertInto('assignments')
      .values({ evaluator_id: evaluator.id, collaborator_id: colab.id, created_at: nowIso() })
      .execute();
    expect((await evalClient.get(`/api/evaluations/by-category/${cat.id}`)).json()).toMatchObject({
      id: current.id,
    });
    const empty = await fixtures(t());
    const none = await client.get(`/api/evaluations/by-category/${empty.cat.id}`);
    expect(none.statusCode).toBe(404);
    expect(none.json<{ error: string }>().error).toBe('No hay una evaluación abierta para esta categoría.');
  });

  it('refuses to delete an evaluation that has results', async () => {
    const { user: admin, client } = await loginAs(t(), 'admin');
    const { cat } = await fixtures(t());
    const ev = answerOf(
      endpoints.create,
      await client.post('/api/evaluations', {
        name: 'Con resultados',
        weight_objectives: 50,
        weight_competencies: 50,
        category_id: cat.id,
      }),
    );
    const colab = await createUser(t(), { category_id: cat.id });
    await t()
      .db.insertInto('v1_submissions')
      .values({
        evaluation_id: ev.id,
        collaborator_id: colab.id,
        evaluator_id: admin.id,
        competencies_percentage: 75,
        objectives_percentage: 75,
        overall_percentage: 75,
        requires_training: 0,
        training_comments: 'ok',
        created_at: nowIso(),
      })
      .execute();
    const res = await client.delete(`/api/evaluations/${ev.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: string }>().error).toBe(
      'No se puede eliminar la evaluación porque ya tiene resultados registrados.',
    );

    // Its weights, category and bank are locked too (the stored results were scored with them).
    const whole = {
      name: 'Con resultados',
      weight_objectives: 50,
      weight_competencies: 50,
      category_id: cat.id,
    };
    const reweighted = await client.put(`/api/evaluations/${ev.id}`, {
      ...whole,
      weight_objectives: 40,
      weight_competencies: 60,
    });
    expect(reweighted.statusCode).toBe(409);
    expect(reweighted.json()).toEqual({
      error:
        'La evaluación ya tiene resultados registrados: no se pueden cambiar sus pesos, su categoría ni su banco de preguntas.',
      code: 'IN_USE',
    });
    const { cat: other } = await fixtures(t());
    expect(
      (await client.put(`/api/evaluations/${ev.id}`, { ...whole, category_id: other.id })).statusCode,
    ).toBe(409);
    // The name may still change.
    const renamed = await client.put(`/api/evaluations/${ev.id}`, {
      ...whole,
      name: 'Con resultados (2026)',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Con resultados (2026)', weight_objectives: 50 });
  });

  it('answers 401 without a session and 403 to evaluador and colaborador', async () => {
    const body = { name: 'E', weight_objectives: 50, weight_competencies: 50, category_id: 1 };
    const calls = [
      { method: 'GET' as const, url: '/api/evaluations' },
      { method: 'GET' as const, url: '/api/evaluations/1' },
      { method: 'POST' as const, url: '/api/evaluations', body },
      { method: 'PUT' as const, url: '/api/evaluations/1', body },
      { method: 'DELETE' as const, url: '/api/evaluations/1' },
    ];
    await expectAllUnauthenticated(t(), [...calls, { method: 'GET', url: '/api/evaluations/by-category/1' }]);
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
    await expectAllForbidden(
      t(),
      ['colaborador'],
      [{ method: 'GET', url: '/api/evaluations/by-category/1' }],
    );
  });
});
