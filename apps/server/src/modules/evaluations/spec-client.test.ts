import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import type { TestClient } from '../../../test/client';
import { describeEngines, type TestContext } from '../../../test/context';
import { DEFAULT_PASSWORD, createUser, unique } from '../../../test/factories';
import { havePoppler, pdfText } from '../../../test/pdf';

/**
 * A client that knows only SPEC.md (issue 27, decision 039): it sends the spec's bodies, in the
 * spec's order, through the spec's calls (§7), with cookies, the XMLHttpRequest header and the CSRF
 * token fetched from GET /api/csrf-token — and nothing the spec does not name (no `status`, no
 * /open). Its classic round must work: the evaluation it creates without a bank and then saves whole
 * with one must open, its evaluator must find and submit it, and the result must reach the latest
 * result, the report, its PDF and the dashboard.
 */

const YEAR = String(new Date().getFullYear());

/** The answer's JSON when its status is the one expected; the body is shown when it is not. */
function ok<T = Record<string, unknown>>(res: LightMyRequestResponse, status = 200): T {
  expect(res.statusCode, `${res.statusCode}: ${res.body.slice(0, 300)}`).toBe(status);
  return (res.body === '' ? undefined : res.json<T>()) as T;
}

/** The spec's login: GET /api/csrf-token, then POST /api/users/login {email,password} → {user}. */
async function specLogin(t: TestContext, email: string, password = DEFAULT_PASSWORD): Promise<TestClient> {
  return specLoginOn(t.client(), email, password);
}

async function specLoginOn(
  client: TestClient,
  email: string,
  password = DEFAULT_PASSWORD,
): Promise<TestClient> {
  const token = ok<{ csrfToken: string }>(await client.get('/api/csrf-token')).csrfToken;
  expect(typeof token).toBe('string');
  const login = ok<{ user: { id: number; email: string } }>(
    await client.login(email, password, { csrfToken: token }),
  );
  expect(login.user.email).toBe(email);
  return client;
}

interface SpecEvaluation {
  id: number;
  name: string;
  period: string;
  weight_objectives: number;
  weight_competencies: number;
  category_id: number;
  question_bank_id: number | null;
  category_name: string;
  question_bank_name: string | null;
  status?: string;
}

/** The spec's create body and nothing else. */
function createBody(name: string, categoryId: number) {
  return { name, period: YEAR, weight_objectives: 40, weight_competencies: 60, category_id: categoryId };
}

/** The edit screen's PUT: the whole object as SPEC.md §3 lists it, with the chosen bank. */
function wholeObject(e: SpecEvaluation, bankId: number) {
  return {
    id: e.id,
    name: e.name,
    period: e.period,
    weight_objectives: e.weight_objectives,
    weight_competencies: e.weight_competencies,
    category_id: e.category_id,
    question_bank_id: bankId,
    category_name: e.category_name,
    question_bank_name: e.question_bank_name,
  };
}

/** A category and a bank with a competency and an objective question, through the spec's calls. */
async function specCategoryAndBank(hr: TestClient) {
  const category = ok<{ id: number; name: string }>(
    await hr.post('/api/categories', { name: unique('Docentes') }),
    201,
  );
  const bank = ok<{ id: number }>(
    await hr.post('/api/question-banks', { name: unique('Banco'), description: 'Docencia' }),
    201,
  );
  const questions = [
    ok<{ id: number }>(
      await hr.post(`/api/question-banks/${bank.id}/questions`, {
        question_text: 'Planifica sus clases',
        question_type: 'competency',
      }),
      201,
    ),
    ok<{ id: number }>(
      await hr.post(`/api/question-banks/${bank.id}/questions`, {
        question_text: 'Cumple sus metas',
        question_type: 'objective',
      }),
      201,
    ),
  ];
  return { category, bank, questions };
}

describeEngines('a client that knows only SPEC.md', (t) => {
  it('runs a classic V1 round with the spec’s calls, bodies and order', async () => {
    const admin = await createUser(t(), { role: 'admin' });
    const hr = await specLogin(t(), admin.email);
    const me = ok<{ id: number; name: string }>(await hr.get('/api/users/me'));
    expect(me.id).toBe(admin.id);

    const { category, bank, questions } = await specCategoryAndBank(hr);
    const evaluatorEmail = `${unique('eva')}@prueba.do`;
    const evaluator = ok<{ id: number }>(
      await hr.post('/api/users', {
        name: 'Elena Evaluadora',
        email: evaluatorEmail,
        password: DEFAULT_PASSWORD,
        role: 'evaluador',
        position: 'Coordinadora',
        department: 'Primaria',
        category_id: null,
      }),
      201,
    );
    const collaboratorEmail = `${unique('col')}@prueba.do`;
    const collaborator = ok<{ id: number }>(
      await hr.post('/api/users', {
        name: 'Carlos Colaborador',
        email: collaboratorEmail,
        password: DEFAULT_PASSWORD,
        role: 'colaborador',
        position: 'Docente',
        department: 'Primaria',
        category_id: category.id,
      }),
      201,
    );
    ok(
      await hr.post('/api/assignments', { evaluator_id: evaluator.id, collaborator_id: collaborator.id }),
      201,
    );

    // Create with the spec's body (no bank yet), then the edit screen saves the whole object.
    const created = ok<SpecEvaluation>(
      await hr.post('/api/evaluations', createBody('Desempeño docente', category.id)),
      201,
    );
    expect(created).toMatchObject({ question_bank_id: null, period: YEAR, category_id: category.id });
    const read = ok<SpecEvaluation>(await hr.get(`/api/evaluations/${created.id}`));
    const saved = ok<SpecEvaluation>(
      await hr.put(`/api/evaluations/${created.id}`, wholeObject(read, bank.id)),
    );
    expect(saved).toMatchObject({ id: created.id, question_bank_id: bank.id, status: 'abierta' });

    // The evaluator's V1 form: collaborator → category → evaluation → questions → submit.
    const ev = await specLogin(t(), evaluatorEmail);
    const mine = ok<Array<{ collaborator_id: number }>>(await ev.get(`/api/assignments/${evaluator.id}`));
    expect(mine.map((a) => a.collaborator_id)).toEqual([collaborator.id]);
    const person = ok<{ category_id: number }>(await ev.get(`/api/users/${collaborator.id}`));
    expect(person.category_id).toBe(category.id);
    const current = ok<SpecEvaluation>(await ev.get(`/api/evaluations/by-category/${category.id}`));
    expect(current).toMatchObject({ id: created.id, question_bank_id: bank.id });
    const asked = ok<Array<{ id: number; question_type: string }>>(
      await ev.get(`/api/question-banks/${bank.id}/questions`),
    );
    expect(asked.map((q) => q.id).sort()).toEqual(questions.map((q) => q.id).sort());
    ok(await ev.get(`/api/evaluation-results/evaluated/${evaluator.id}`));
    const submitted = await ev.post('/api/full-evaluation/full-submit', {
      evaluation_id: current.id,
      user_id: collaborator.id,
      evaluator_id: evaluator.id,
      responses: asked.map((q) => ({ question_id: q.id, score: q.question_type === 'competency' ? 4 : 3 })),
      training: { requires_training: true, comments: 'Taller de evaluación formativa' },
    });
    expect(submitted.statusCode, submitted.body).toBeLessThan(300);
    const evaluated = ok<Array<{ collaborator_id: number }>>(
      await ev.get(`/api/evaluation-results/evaluated/${evaluator.id}`),
    );
    expect(evaluated.map((r) => r.collaborator_id)).toContain(collaborator.id);

    // Competencies 4/4 = 100 %, objectives 3/4 = 75 %; 60/40 → 90 %.
    const colab = await specLogin(t(), collaboratorEmail);
    const latest = ok<{ evaluation_id: number; evaluation_name: string; overall_percentage: number }>(
      await colab.get(`/api/evaluation-results/latest/${collaborator.id}`),
    );
    expect(latest).toMatchObject({ evaluation_id: created.id, evaluation_name: 'Desempeño docente' });
    expect(Number(latest.overall_percentage)).toBeCloseTo(90, 6);

    const report = ok<Record<string, unknown>>(
      await hr.get(`/api/reports/full/${created.id}/${collaborator.id}`),
    );
    expect(report).toMatchObject({
      user_name: 'Carlos Colaborador',
      department: 'Primaria',
      position: 'Docente',
      evaluation_name: 'Desempeño docente',
      period: YEAR,
    });
    expect(Number(report.competencies_percentage)).toBeCloseTo(100, 6);
    expect(Number(report.objectives_percentage)).toBeCloseTo(75, 6);
    expect(Number(report.overall_percentage)).toBeCloseTo(90, 6);
    expect(report.questions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ question_text: 'Planifica sus clases' }),
        expect.objectContaining({ question_text: 'Cumple sus metas' }),
      ]),
    );
    expect(report.training).toMatchObject({ requires_training: true });

    const metrics = ok<{
      total_completed_evaluations: number;
      evaluation_progress: Array<{ evaluator_name: string; assigned: number; evaluated: number }>;
    }>(await hr.get('/api/dashboard/metrics'));
    expect(metrics.evaluation_progress).toContainEqual(
      expect.objectContaining({ evaluator_name: 'Elena Evaluadora', assigned: 1, evaluated: 1 }),
    );
    expect(metrics.total_completed_evaluations).toBeGreaterThanOrEqual(1);

    if (havePoppler) {
      const pdf = await hr.get(`/api/reports/full/${created.id}/${collaborator.id}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = pdfText(pdf.rawPayload);
      for (const expected of ['Carlos Colaborador', 'Desempeño docente', '90.00 %', '100.00 %', '75.00 %'])
        expect(text).toContain(expected);
    }
  });

  it('opens on the create when the spec body comes ready; an explicit borrador (the web) stays a draft', async () => {
    const admin = await createUser(t(), { role: 'gestionhumana' });
    const hr = await specLogin(t(), admin.email);
    const { category, bank } = await specCategoryAndBank(hr);
    // The web always says which: 'borrador' stays a draft, also through the PUT that makes it ready.
    const draft = ok<SpecEvaluation>(
      await hr.post('/api/evaluations', { ...createBody('Borrador web', category.id), status: 'borrador' }),
      201,
    );
    const put = ok<SpecEvaluation>(await hr.put(`/api/evaluations/${draft.id}`, wholeObject(draft, bank.id)));
    expect(put.status).toBe('borrador');
    expect((await hr.get(`/api/evaluations/by-category/${category.id}`)).statusCode).toBe(404);
    // A spec body that already names a ready bank opens on the create.
    const ready = ok<SpecEvaluation>(
      await hr.post('/api/evaluations', { ...createBody('Lista', category.id), question_bank_id: bank.id }),
      201,
    );
    expect(ready.status).toBe('abierta');
    // Re-saving the web's draft later never opens it, nor touches the open one.
    ok(await hr.put(`/api/evaluations/${draft.id}`, wholeObject(draft, bank.id)));
    expect(ok<SpecEvaluation>(await hr.get(`/api/evaluations/${draft.id}`)).status).toBe('borrador');
    expect(ok<SpecEvaluation>(await hr.get(`/api/evaluations/by-category/${category.id}`)).id).toBe(ready.id);
  });

  it('waits as a draft while its bank asks nothing or its category has one open, and opens on the PUT once free', async () => {
    const admin = await createUser(t(), { role: 'admin' });
    const hr = await specLogin(t(), admin.email);
    const { category, bank } = await specCategoryAndBank(hr);
    const empty = ok<{ id: number }>(
      await hr.post('/api/question-banks', { name: unique('Vacío'), description: '' }),
      201,
    );
    const first = ok<SpecEvaluation>(
      await hr.post('/api/evaluations', createBody('Primera', category.id)),
      201,
    );
    // A bank that asks nothing: not ready, still a draft.
    const notReady = ok<SpecEvaluation>(
      await hr.put(`/api/evaluations/${first.id}`, wholeObject(first, empty.id)),
    );
    expect(notReady.status).toBe('borrador');
    const opened = ok<SpecEvaluation>(
      await hr.put(`/api/evaluations/${first.id}`, wholeObject(first, bank.id)),
    );
    expect(opened.status).toBe('abierta');

    // A second one of the same category never silently restarts the round: it waits.
    const second = ok<SpecEvaluation>(
      await hr.post('/api/evaluations', createBody('Segunda', category.id)),
      201,
    );
    const waiting = ok<SpecEvaluation>(
      await hr.put(`/api/evaluations/${second.id}`, wholeObject(second, bank.id)),
    );
    expect(waiting.status).toBe('borrador');
    expect(ok<SpecEvaluation>(await hr.get(`/api/evaluations/by-category/${category.id}`)).id).toBe(first.id);

    // The spec client deletes the first (no results yet); the next save of the second opens it.
    expect((await hr.delete(`/api/evaluations/${first.id}`)).statusCode).toBe(204);
    const now = ok<SpecEvaluation>(
      await hr.put(`/api/evaluations/${second.id}`, wholeObject(second, bank.id)),
    );
    expect(now.status).toBe('abierta');
    expect(ok<SpecEvaluation>(await hr.get(`/api/evaluations/by-category/${category.id}`)).id).toBe(
      second.id,
    );

    // Once it has opened, the state is the person's: closed stays closed whatever is saved.
    ok(await hr.post(`/api/evaluations/${second.id}/close`, {}));
    const closed = ok<SpecEvaluation>(
      await hr.put(`/api/evaluations/${second.id}`, wholeObject(second, bank.id)),
    );
    expect(closed.status).toBe('cerrada');

    // Every opening is audited with its status before and after.
    const log = await t()
      .db.selectFrom('audit_log')
      .select(['action', 'before_json', 'after_json'])
      .where('entity', '=', 'evaluation')
      .where('entity_id', '=', second.id)
      .orderBy('id')
      .execute();
    expect(
      log.some((e) => e.before_json?.includes('"borrador"') && e.after_json?.includes('"abierta"')),
    ).toBe(true);
  });

  it('never opens two evaluations of a category when their PUTs and creates arrive at once', async () => {
    const admin = await createUser(t(), { role: 'admin' });
    const hr = await specLogin(t(), admin.email);
    const { category, bank } = await specCategoryAndBank(hr);
    const other =
      t().engine === 'postgres' ? await specLoginOn((await t().secondInstance()).client(), admin.email) : hr;
    // Each with its own bank, so that nothing but the category serialises them.
    const waiting: Array<{ evaluation: SpecEvaluation; bankId: number }> = [];
    for (let i = 0; i < 10; i++) {
      const own = i === 0 ? bank : (await specCategoryAndBank(hr)).bank;
      const evaluation = ok<SpecEvaluation>(
        await hr.post('/api/evaluations', createBody(`Ronda ${i}`, category.id)),
        201,
      );
      waiting.push({ evaluation, bankId: own.id });
    }
    const fresh = await Promise.all([0, 1, 2, 3].map(async () => (await specCategoryAndBank(hr)).bank.id));
    const answers = await Promise.all([
      ...waiting.map(({ evaluation, bankId }, i) =>
        (i % 2 === 0 ? hr : other).put(`/api/evaluations/${evaluation.id}`, wholeObject(evaluation, bankId)),
      ),
      ...fresh.map((bankId, i) =>
        (i % 2 === 0 ? other : hr).post('/api/evaluations', {
          ...createBody(`Nueva ${i}`, category.id),
          question_bank_id: bankId,
        }),
      ),
    ]);
    // Nobody asked to open: every call succeeds, exactly one evaluation opened, the rest wait.
    expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array(10).fill(200), ...Array(4).fill(201)]);
    const all = ok<SpecEvaluation[]>(await hr.get('/api/evaluations')).filter(
      (e) => e.category_id === category.id,
    );
    expect(all).toHaveLength(14);
    expect(all.filter((e) => e.status === 'abierta')).toHaveLength(1);
    expect(all.filter((e) => e.status === 'borrador')).toHaveLength(13);
    const open = all.find((e) => e.status === 'abierta')!;
    expect(ok<SpecEvaluation>(await hr.get(`/api/evaluations/by-category/${category.id}`)).id).toBe(open.id);
  });
});

describeEngines('every other call of SPEC.md §7, as a spec client sends it', (t) => {
  it('session and users', async () => {
    const admin = await createUser(t(), { role: 'admin', name: 'Ana Admin' });
    // Login: both fields required; a wrong password says nothing more than the spec's sentence.
    const anon = t().client();
    const bad = await anon.login(admin.email, 'otra-clave-incorrecta');
    expect(bad.statusCode).toBe(401);
    const hr = await specLogin(t(), admin.email);
    const category = ok<{ id: number }>(await hr.post('/api/categories', { name: unique('Cat') }), 201);

    const email = `${unique('u')}@prueba.do`;
    const user = ok<{ id: number; name: string }>(
      await hr.post('/api/users', {
        name: 'Rosa Báez',
        email,
        password: DEFAULT_PASSWORD,
        role: 'colaborador',
        position: 'Docente',
        department: 'Secundaria',
        category_id: category.id,
      }),
      201,
    );
    const list = ok<unknown>(await hr.get('/api/users'));
    const rows = Array.isArray(list) ? list : (list as { rows: unknown[] }).rows;
    expect(rows).toContainEqual(expect.objectContaining({ id: user.id, name: 'Rosa Báez' }));
    const one = ok<Record<string, unknown>>(await hr.get(`/api/users/${user.id}`));
    expect(one).toMatchObject({
      id: user.id,
      name: 'Rosa Báez',
      email,
      role: 'colaborador',
      position: 'Docente',
      department: 'Secundaria',
      category_id: category.id,
      status: true,
    });
    // The edit screen without a new password omits both password fields.
    const edited = ok<Record<string, unknown>>(
      await hr.put(`/api/users/${user.id}`, {
        name: 'Rosa M. Báez',
        email,
        role: 'colaborador',
        position: 'Coordinadora',
        department: 'Secundaria',
        category_id: category.id,
      }),
    );
    expect(edited).toMatchObject({ name: 'Rosa M. Báez', position: 'Coordinadora' });
    // The activate/deactivate button: the status toggles.
    expect(ok<{ status: boolean }>(await hr.patch(`/api/users/${user.id}/status`)).status).toBe(false);
    expect(ok<{ status: boolean }>(await hr.patch(`/api/users/${user.id}/status`)).status).toBe(true);

    ok(await hr.get('/api/users/collaborators/history'));
    ok(await hr.get(`/api/users/evaluation-history/${user.id}`));

    const self = await specLogin(t(), email);
    expect(ok<{ id: number; name: string }>(await self.get('/api/users/me'))).toMatchObject({
      id: user.id,
      name: 'Rosa M. Báez',
    });
    expect(ok(await self.get('/api/profile'))).toMatchObject({
      name: 'Rosa M. Báez',
      email,
      department: 'Secundaria',
      position: 'Coordinadora',
    });
    const wrong = await self.post('/api/profile/change-password', {
      currentPassword: 'no-es-la-mía-123',
      newPassword: 'Nueva-Clave-456',
    });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.statusCode).toBeLessThan(500);
    ok(
      await self.post('/api/profile/change-password', {
        currentPassword: DEFAULT_PASSWORD,
        newPassword: 'Nueva-Clave-456',
      }),
      204,
    );
    // Inactivity: POST /api/users/logout with an empty body; the menu: POST /api/logout.
    expect((await self.post('/api/users/logout')).statusCode).toBeLessThan(300);
    expect((await self.get('/api/users/me')).statusCode).toBe(401);
    const again = await specLogin(t(), email, 'Nueva-Clave-456');
    expect((await again.post('/api/logout')).statusCode).toBeLessThan(300);
    expect((await again.get('/api/users/me')).statusCode).toBe(401);
  });

  it('V1 set-up calls: categories, banks, questions, assignments, evaluators, collaborators, evaluations', async () => {
    const admin = await createUser(t(), { role: 'gestionhumana' });
    const hr = await specLogin(t(), admin.email);

    // Categories.
    const cat = ok<{ id: number; name: string }>(
      await hr.post('/api/categories', { name: unique('Cat') }),
      201,
    );
    const renamed = unique('Cat2');
    expect(ok<{ name: string }>(await hr.put(`/api/categories/${cat.id}`, { name: renamed })).name).toBe(
      renamed,
    );
    expect(ok<Array<{ id: number }>>(await hr.get('/api/categories')).map((c) => c.id)).toContain(cat.id);
    const noName = await hr.post('/api/categories', { name: '' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json<{ error: string }>().error).toMatch(/nombre/i);

    // Banks and questions: add, edit, remove.
    const bank = ok<{ id: number }>(
      await hr.post('/api/question-banks', { name: unique('B'), description: 'd' }),
      201,
    );
    expect(ok<Array<{ id: number }>>(await hr.get('/api/question-banks')).map((b) => b.id)).toContain(
      bank.id,
    );
    const q = ok<{ id: number }>(
      await hr.post(`/api/question-banks/${bank.id}/questions`, {
        question_text: 'Llega a tiempo',
        question_type: 'competency',
      }),
      201,
    );
    const q2 = ok<{ id: number }>(
      await hr.post(`/api/question-banks/${bank.id}/questions`, {
        question_text: 'Entrega a tiempo',
        question_type: 'objective',
      }),
      201,
    );
    expect(
      ok<{ question_text: string }>(
        await hr.put(`/api/question-banks/${bank.id}/questions/${q.id}`, {
          question_text: 'Llega puntual',
          question_type: 'competency',
        }),
      ).question_text,
    ).toBe('Llega puntual');
    expect((await hr.delete(`/api/question-banks/${bank.id}/questions/${q2.id}`)).statusCode).toBeLessThan(
      300,
    );
    expect(
      ok<Array<{ question_text: string }>>(await hr.get(`/api/question-banks/${bank.id}/questions`)).map(
        (x) => x.question_text,
      ),
    ).toEqual(['Llega puntual']);

    // Evaluators {name,email,password} and collaborators (the collaborator entity).
    const evEmail = `${unique('ev')}@prueba.do`;
    const evaluator = ok<{ id: number }>(
      await hr.post('/api/evaluators', { name: 'Eva Luadora', email: evEmail, password: DEFAULT_PASSWORD }),
      201,
    );
    expect(
      ok<{ name: string }>(
        await hr.put(`/api/evaluators/${evaluator.id}`, { name: 'Eva L.', email: evEmail }),
      ).name,
    ).toBe('Eva L.');
    expect(ok<Array<{ id: number }>>(await hr.get('/api/evaluators')).map((e) => e.id)).toContain(
      evaluator.id,
    );
    const colEmail = `${unique('co')}@prueba.do`;
    const collaborator = ok<{ id: number }>(
      await hr.post('/api/collaborators', {
        name: 'Luis Pérez',
        position: 'Docente',
        department: 'Primaria',
        email: colEmail,
        category_id: cat.id,
      }),
      201,
    );
    expect(
      ok<{ position: string }>(
        await hr.put(`/api/collaborators/${collaborator.id}`, {
          name: 'Luis Pérez',
          position: 'Coordinador',
          department: 'Primaria',
          email: colEmail,
          category_id: cat.id,
        }),
      ).position,
    ).toBe('Coordinador');
    expect(ok<Array<{ id: number }>>(await hr.get('/api/collaborators')).map((c) => c.id)).toContain(
      collaborator.id,
    );
    const noPosition = await hr.post('/api/collaborators', { name: 'X', category_id: cat.id });
    expect(noPosition.statusCode).toBe(400);

    // Assignments.
    const assignment = ok<{ id: number }>(
      await hr.post('/api/assignments', { evaluator_id: evaluator.id, collaborator_id: collaborator.id }),
      201,
    );
    const listed = ok<Array<Record<string, unknown>>>(await hr.get(`/api/assignments/${evaluator.id}`));
    expect(listed).toContainEqual(
      expect.objectContaining({
        id: assignment.id,
        evaluator_id: evaluator.id,
        collaborator_id: collaborator.id,
        collaborator_name: 'Luis Pérez',
        email: colEmail,
        position: 'Coordinador',
        department: 'Primaria',
      }),
    );
    expect((await hr.delete(`/api/assignments/${assignment.id}`)).statusCode).toBeLessThan(300);
    expect(ok<unknown[]>(await hr.get(`/api/assignments/${evaluator.id}`))).toEqual([]);

    // Evaluations: the create's spec message, list, read, delete.
    const uneven = await hr.post('/api/evaluations', {
      ...createBody('Pesos malos', cat.id),
      weight_objectives: 30,
      weight_competencies: 30,
    });
    expect(uneven.statusCode).toBe(400);
    expect(uneven.json<{ error: string }>().error).toBe('La suma de los porcentajes debe ser igual a 100%.');
    const created = ok<SpecEvaluation>(
      await hr.post('/api/evaluations', createBody('Para borrar', cat.id)),
      201,
    );
    expect(ok<SpecEvaluation[]>(await hr.get('/api/evaluations')).map((e) => e.id)).toContain(created.id);
    expect(ok<SpecEvaluation>(await hr.get(`/api/evaluations/${created.id}`))).toMatchObject({
      name: 'Para borrar',
      category_name: renamed,
      question_bank_name: null,
    });
    expect((await hr.delete(`/api/evaluations/${created.id}`)).statusCode).toBeLessThan(300);
    expect((await hr.get(`/api/evaluations/${created.id}`)).statusCode).toBe(404);

    // Removing what the spec's screens remove.
    expect((await hr.delete(`/api/collaborators/${collaborator.id}`)).statusCode).toBeLessThan(300);
    expect((await hr.delete(`/api/evaluators/${evaluator.id}`)).statusCode).toBeLessThan(300);
    // A deleted collaborator is deactivated (results are kept), so the category stays in use: refused
    // with a Spanish sentence (the category screen shows the server's message); an unused one goes.
    const inUse = await hr.delete(`/api/categories/${cat.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json<{ error: string }>().error).toMatch(
      /^No se puede eliminar la categoría porque la usan/,
    );
    const unused = ok<{ id: number }>(await hr.post('/api/categories', { name: unique('Vacía') }), 201);
    expect((await hr.delete(`/api/categories/${unused.id}`)).statusCode).toBeLessThan(300);
    ok(await hr.get('/api/training-report'));
  });

  it('V2 calls: list, templates, scales, create, items, assignments, the evaluatee’s raters', async () => {
    const admin = await createUser(t(), { role: 'admin' });
    const hr = await specLogin(t(), admin.email);
    const a = await createUser(t(), { role: 'evaluador', name: 'Ana Par' });
    const b = await createUser(t(), { role: 'colaborador', name: 'Beto Evaluado' });

    ok<{ rows: unknown[] }>(await hr.get('/api/evaluations-v2'));
    const templates = ok<Array<{ id: number; name: string }>>(await hr.get('/api/templates'));
    expect(templates.length).toBeGreaterThan(0);
    const scales = ok<Array<{ id: number; min_value: number; max_value: number }>>(
      await hr.get('/api/scales'),
    );
    expect(scales.length).toBeGreaterThan(0);
    const weights = { weight_objectives: 50, weight_competencies: 50 };
    const fromTemplate = ok<{ id: number }>(
      await hr.post('/api/evaluations-v2/from-template', {
        template_id: templates[0]!.id,
        name: unique('360'),
        period: 'Q4-2025',
        weights,
        allow_self: true,
      }),
      201,
    );
    const blank = ok<{ id: number }>(
      await hr.post('/api/evaluations-v2', {
        name: unique('360 en blanco'),
        period: 'Q4-2025',
        weights,
        allow_self: false,
        save_as_template: false,
      }),
      201,
    );
    const sumWrong = await hr.post('/api/evaluations-v2', {
      name: 'x',
      period: 'Q4-2025',
      weights: { weight_objectives: 10, weight_competencies: 10 },
      allow_self: false,
      save_as_template: false,
    });
    expect(sumWrong.statusCode).toBe(400);
    expect(sumWrong.json<{ error: string }>().error).toBe('Los pesos deben sumar 100.');
    expect(
      ok<{ rows: Array<{ id: number }> }>(await hr.get('/api/evaluations-v2')).rows.map((r) => r.id),
    ).toEqual(expect.arrayContaining([fromTemplate.id, blank.id]));

    const items = ok<{ items: Array<{ id: number; type: string; weight: number; scale_id: number | null }> }>(
      await hr.get(`/api/evaluations-v2/${fromTemplate.id}/items`),
    ).items;
    expect(items.length).toBeGreaterThan(0);
    const saved = await hr.put(`/api/evaluations-v2/${fromTemplate.id}/items`, {
      items: items.map((i) => ({ id: i.id, type: i.type, weight: i.weight, scale_id: i.scale_id })),
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const bulk = ok<{ inserted_count: number }>(
      await hr.post('/api/assignments-v2/bulk', {
        evaluation_id: fromTemplate.id,
        assignments: [{ evaluator_id: a.id, evaluatee_id: b.id, relation: 'peer' }],
      }),
    );
    expect(bulk.inserted_count).toBe(1);
    const byEvaluation = ok<unknown>(await hr.get(`/api/assignments-v2/by-evaluation/${fromTemplate.id}`));
    const rows = Array.isArray(byEvaluation) ? byEvaluation : (byEvaluation as { rows: unknown[] }).rows;
    expect(rows).toContainEqual(
      expect.objectContaining({
        evaluator_id: a.id,
        evaluatee_id: b.id,
        relation: 'peer',
        status: 'pending',
      }),
    );
    const path = `/api/evaluations-v2/${fromTemplate.id}/assignments/evaluatee/${b.id}`;
    expect(ok<{ evaluator_ids: number[] }>(await hr.get(path)).evaluator_ids).toEqual([a.id]);
    const c = await createUser(t(), { role: 'evaluador', name: 'Carla Par' });
    expect((await hr.post(path, { add: [c.id], remove: [a.id] })).statusCode).toBeLessThan(300);
    expect(ok<{ evaluator_ids: number[] }>(await hr.get(path)).evaluator_ids).toEqual([c.id]);

    // GET /api/evaluations-v2/assignments/mine, POST /api/responses-v2/submit and the snapshot calls
    // need an open 360: the spec's 360 round is in v2-evaluations/spec-client-v2.test.ts (decision 046).
  });
});
