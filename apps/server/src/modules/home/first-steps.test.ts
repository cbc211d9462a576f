import { FIRST_STEPS, homeEndpoints, type FirstStep } from '@evalua/contracts';
import { expect, it } from 'vitest';
import type { TestClient } from '../../../test/client';
import { call } from '../../../test/call';
import { describeEngines } from '../../../test/context';
import { loginAs } from '../../../test/factories';

/** The steps done, as GET /api/home/first-steps says. */
async function done(client: TestClient): Promise<FirstStep[]> {
  const res = await call(client, homeEndpoints.firstSteps);
  expect(res.status).toBe(200);
  return FIRST_STEPS.filter((s) => res.body[s]);
}

async function created(client: TestClient, path: string, body: object): Promise<number> {
  const res = await client.post(path, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

describeEngines('the first run’s checklist (issue 30 §4, decision 054)', (t) => {
  it('ticks each step, in the real order, as what it asks for is made through the app', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    // An empty school: the signed-in HR account is not staff to evaluate.
    expect(await done(hr)).toEqual([]);

    const category = await created(hr, '/api/categories', { name: 'Docentes' });
    expect(await done(hr)).toEqual(['categories']);

    // A bank without questions asks nothing yet.
    const bank = await created(hr, '/api/question-banks', { name: 'Banco docente', description: '' });
    expect(await done(hr)).toEqual(['categories']);
    await created(hr, `/api/question-banks/${bank}/questions`, {
      question_text: 'Planifica sus clases con objetivos claros.',
      question_type: 'competency',
    });
    expect(await done(hr)).toEqual(['categories', 'question_bank']);

    const evaluation = await created(hr, '/api/evaluations', {
      name: 'Evaluación docente 2026',
      period: '2026',
      weight_competencies: 100,
      weight_objectives: 0,
      category_id: category,
      question_bank_id: bank,
      status: 'borrador',
    });
    expect(await done(hr)).toEqual(['categories', 'question_bank', 'evaluation']);

    // Staff: an evaluator alone is not enough; a collaborator of a category completes it.
    const evaluator = await created(hr, '/api/evaluators', {
      name: 'Evaluadora Uno',
      email: 'evaluadora.uno@escuela.do',
      password: 'Clave-Segura-123',
    });
    expect(await done(hr)).toEqual(['categories', 'question_bank', 'evaluation']);
    const collaborator = await created(hr, '/api/collaborators', {
      name: 'Docente Uno',
      position: 'Docente',
      department: 'Primaria',
      category_id: category,
    });
    expect(await done(hr)).toEqual(['categories', 'question_bank', 'evaluation', 'staff']);

    await created(hr, '/api/assignments', { evaluator_id: evaluator, collaborator_id: collaborator });
    expect(await done(hr)).toEqual(['categories', 'question_bank', 'evaluation', 'staff', 'assignments']);

    const opened = await hr.post(`/api/evaluations/${evaluation}/open`, {});
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await done(hr)).toEqual([...FIRST_STEPS]);
    // Between rounds the school is past its first run: a closed round keeps the last step done.
    expect((await hr.post(`/api/evaluations/${evaluation}/close`, {})).statusCode).toBe(200);
    expect(await done(hr)).toEqual([...FIRST_STEPS]);
  });
});
