import { evaluationEndpoints as endpoints, questionBankEndpoints } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../test/access';
import { call, callExpecting, statusOf } from '../../../test/call';
import { urlOf } from '../../../test/cases';
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
    const res = await call(client, endpoints.create, {
      body: {
        name: 'Desempeño docente',
        weight_objectives: 40,
        weight_competencies: 60,
        category_id: cat.id,
      },
    });
    expect(res.status).toBe(201);
    const ev = res.body;
    expect(res.body).toEqual({
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
      // SPEC.md's body has no release_mode: each result reads at submit, as the spec says (decision 050).
      release_mode: 'al_enviar',
      released_at: null,
    });
    expect((await call(client, endpoints.list)).body).toContainEqual(res.body);
    const whole = {
      ...res.body,
      name: 'Desempeño docente 2',
      question_bank_id: bank.id,
    };
    const theEvaluation = { params: { id: ev.id } };
    const put = await call(client, endpoints.update, { ...theEvaluation, body: whole });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      name: 'Desempeño docente 2',
      question_bank_id: bank.id,
      question_bank_name: bank.name,
    });
    expect((await call(client, endpoints.get, theEvaluation)).body).toEqual(put.body);
    expect(await statusOf(client, endpoints.remove, theEvaluation)).toBe(204);
    expect(await statusOf(client, endpoints.get, theEvaluation)).toBe(404);
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
    // Some bodies are outside the contract's type: all sent raw.
    for (const [body, message] of cases) {
      const res = await client.post(urlOf(endpoints.create), body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json<{ error: string }>().error).toBe(message);
    }
    expect(await statusOf(client, endpoints.update, { params: { id: 999999 }, body: base })).toBe(404);
  });

  it('finds the open evaluation of a category, for admin, HR and an evaluator of that category', async () => {
    const { client } = await loginAs(t(), 'admin');
    const { cat, bank } = await fixtures(t());
    await call(client, questionBankEndpoints.addQuestion, {
      params: { id: bank.id },
      body: { question_text: 'Puntualidad', question_type: 'competency' },
    });
    await call(client, endpoints.create, {
      body: {
        name: 'Vieja',
        period: '2025',
        weight_objectives: 50,
        weight_competencies: 50,
        category_id: cat.id,
      },
    });
    const { body: current } = await call(client, endpoints.create, {
      body: {
        name: 'Actual',
        weight_objectives: 50,
        weight_competencies: 50,
        category_id: cat.id,
        question_bank_id: bank.id,
      },
    });
    const ofCategory = { params: { categoryId: cat.id } };
    const found = await call(client, endpoints.byCategory, ofCategory);
    expect(found.body).toMatchObject({ id: current.id, question_bank_id: bank.id });
    const { user: evaluator, client: evalClient } = await loginAs(t(), 'evaluador');
    expect(await statusOf(evalClient, endpoints.byCategory, ofCategory)).toBe(403);
    const colab = await createUser(t(), { category_id: cat.id });
    await t()
      .db.insertInto('assignments')
      .values({ evaluator_id: evaluator.id, collaborator_id: colab.id, created_at: nowIso() })
      .execute();
    expect((await call(evalClient, endpoints.byCategory, ofCategory)).body).toMatchObject({
      id: current.id,
    });
    const empty = await fixtures(t());
    const none = await callExpecting(
      client,
      endpoints.byCategory,
      { params: { categoryId: empty.cat.id } },
      404,
    );
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('No hay una evaluación abierta para esta categoría.');
  });

  it('refuses to delete an evaluation that has results', async () => {
    const { user: admin, client } = await loginAs(t(), 'admin');
    const { cat } = await fixtures(t());
    const { body: ev } = await call(client, endpoints.create, {
      body: { name: 'Con resultados', weight_objectives: 50, weight_competencies: 50, category_id: cat.id },
    });
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
    const theEvaluation = { params: { id: ev.id } };
    const res = await callExpecting(client, endpoints.remove, theEvaluation, 409);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('No se puede eliminar la evaluación porque ya tiene resultados registrados.');

    // Its weights, category and bank are locked too (the stored results were scored with them).
    const whole = {
      name: 'Con resultados',
      weight_objectives: 50,
      weight_competencies: 50,
      category_id: cat.id,
    };
    const reweighted = await callExpecting(
      client,
      endpoints.update,
      { ...theEvaluation, body: { ...whole, weight_objectives: 40, weight_competencies: 60 } },
      409,
    );
    expect(reweighted.status).toBe(409);
    expect(reweighted.body).toEqual({
      error:
        'La evaluación ya tiene resultados registrados: no se pueden cambiar sus pesos, su categoría, su banco de preguntas ni cuándo se publican sus resultados.',
      code: 'IN_USE',
    });
    const { cat: other } = await fixtures(t());
    expect(
      await statusOf(client, endpoints.update, {
        ...theEvaluation,
        body: { ...whole, category_id: other.id },
      }),
    ).toBe(409);
    // The name may still change.
    const renamed = await call(client, endpoints.update, {
      ...theEvaluation,
      body: { ...whole, name: 'Con resultados (2026)' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Con resultados (2026)', weight_objectives: 50 });
  });

  it('answers 401 without a session and 403 to evaluador and colaborador', async () => {
    const body = { name: 'E', weight_objectives: 50, weight_competencies: 50, category_id: 1 };
    const one = { params: { id: 1 } };
    const calls = [
      { method: 'GET' as const, url: urlOf(endpoints.list) },
      { method: 'GET' as const, url: urlOf(endpoints.get, one) },
      { method: 'POST' as const, url: urlOf(endpoints.create), body },
      { method: 'PUT' as const, url: urlOf(endpoints.update, one), body },
      { method: 'DELETE' as const, url: urlOf(endpoints.remove, one) },
    ];
    const byCategory = {
      method: 'GET' as const,
      url: urlOf(endpoints.byCategory, { params: { categoryId: 1 } }),
    };
    await expectAllUnauthenticated(t(), [...calls, byCategory]);
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
    await expectAllForbidden(t(), ['colaborador'], [byCategory]);
  });
});
