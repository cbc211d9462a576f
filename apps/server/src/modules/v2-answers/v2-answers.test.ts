import { v2AnswerEndpoints, v2AssignmentEndpoints, v2ItemEndpoints, type BodyInput } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { expectAllUnauthenticated } from '../../../test/access';
import { call, callExpecting, reply, statusOf } from '../../../test/call';
import { urlOf } from '../../../test/cases';
import { describeEngines, type TestContext } from '../../../test/context';
import { DEFAULT_PASSWORD, createUser, loginAs, unique } from '../../../test/factories';
import { createV2Draft, createV2OpeningWithItems, putV2Items, setV2Status } from '../../../test/v2';
import { ANSWERS, NA, SCENARIO_ITEMS, answersFor } from '../../../test/v2-answers';

const endpoints = v2AnswerEndpoints;
/** The address of the submits that send what the contract refuses. */
const SUBMIT = urlOf(endpoints.submit);
type Answers = BodyInput<typeof endpoints.submit>['answers'];
const ALREADY = 'Esta asignación ya fue respondida.';

/** An open evaluation with the scenario's items and one rater (a colaborador) assigned to one evaluatee. */
async function oneAssignment(t: TestContext, relation: 'peer' | 'manager' = 'peer') {
  const { client: admin } = await loginAs(t, 'admin');
  const draft = await createV2OpeningWithItems(admin);
  const items = await putV2Items(admin, draft.id, SCENARIO_ITEMS);
  const rater = await loginAs(t, 'colaborador');
  const evaluatee = await createUser(t, { name: unique('Evaluado') });
  const bulk = await call(admin, v2AssignmentEndpoints.bulk, {
    body: {
      evaluation_id: draft.id,
      assignments: [{ evaluator_id: rater.user.id, evaluatee_id: evaluatee.id, relation }],
    },
  });
  expect(bulk.body).toEqual({ inserted_count: 1 });
  const { id: assignmentId } = await t.db
    .selectFrom('v2_assignments')
    .select('id')
    .where('evaluation_id', '=', draft.id)
    .executeTakeFirstOrThrow();
  /** The submit's input (its answers those of p1 unless given). */
  const submission = (answers: Answers = answersFor(items, ANSWERS.p1)) => ({
    body: { evaluation_id: draft.id, assignment_id: assignmentId, answers },
  });
  /** A body for the raw submits that send what the contract refuses. */
  const body = (answers: unknown = answersFor(items, ANSWERS.p1)) => ({
    evaluation_id: draft.id,
    assignment_id: assignmentId,
    answers,
  });
  return { admin, evaluationId: draft.id, items, rater, evaluatee, assignmentId, submission, body };
}

describeEngines('360 answers API', (t) => {
  it('lists the caller’s assignments in open and closed evaluations, open first, never drafts', async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    const me = await loginAs(t(), 'colaborador');
    const other = await createUser(t());
    const [ana, beto] = [
      await createUser(t(), { name: `Ana ${unique('')}` }),
      await createUser(t(), { name: `Beto ${unique('')}` }),
    ];
    const make = async (name: string, status: 'draft' | 'open' | 'closed') => {
      const ev = await createV2Draft(admin, { name: `${name} ${unique('')}` });
      await putV2Items(admin, ev.id, [{ question_text: 'Trabaja en equipo.', type: 'rating' }]);
      await call(admin, v2AssignmentEndpoints.bulk, {
        body: {
          evaluation_id: ev.id,
          assignments: [
            { evaluator_id: me.user.id, evaluatee_id: beto!.id, relation: 'peer' },
            { evaluator_id: me.user.id, evaluatee_id: ana!.id, relation: 'manager' },
            { evaluator_id: other.id, evaluatee_id: ana!.id, relation: 'peer' },
          ],
        },
      });
      if (status !== 'draft') await setV2Status(admin, ev.id, 'open');
      if (status === 'closed') await setV2Status(admin, ev.id, 'closed');
      return ev;
    };
    const closed = await make('Cerrada', 'closed');
    await make('Borrador', 'draft');
    const open = await make('Abierta', 'open');

    const res = await call(me.client, endpoints.mine);
    expect(res.status).toBe(200);
    const rows = res.body.rows;
    expect(Object.keys(res.res.json<object>())).toEqual(['rows']);
    const row = (ev: typeof open, evaluatee: { id: number; name: string }, relation: string) => ({
      assignment_id: expect.any(Number),
      evaluation_id: ev.id,
      evaluation_name: ev.name,
      period: 'Q4-2025',
      evaluation_status: ev === open ? 'open' : 'closed',
      evaluatee_id: evaluatee.id,
      evaluatee_name: evaluatee.name,
      relation,
      assignment_status: 'pending',
      due_date: null,
    });
    expect(rows).toEqual([
      row(open, ana!, 'manager'),
      row(open, beto!, 'peer'),
      row(closed, ana!, 'manager'),
      row(closed, beto!, 'peer'),
    ]);
    // Someone without assignments gets an empty list.
    const { client: nobody } = await loginAs(t(), 'evaluador');
    expect((await call(nobody, endpoints.mine)).body).toEqual({ rows: [] });
  });

  it('lets a rater read the items (with scale labels) of an evaluation they rate in, once it is not a draft', async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    const rater = await loginAs(t(), 'colaborador');
    const outsider = await loginAs(t(), 'evaluador');
    const evaluatee = await createUser(t());
    const draft = await createV2Draft(admin);
    const items = await putV2Items(admin, draft.id, SCENARIO_ITEMS);
    await call(admin, v2AssignmentEndpoints.bulk, {
      body: {
        evaluation_id: draft.id,
        assignments: [{ evaluator_id: rater.user.id, evaluatee_id: evaluatee.id, relation: 'peer' }],
      },
    });
    const of = { params: { id: draft.id } };
    const forbidden = { error: 'No tienes permisos para realizar esta acción.', code: 'FORBIDDEN' };
    const inDraft = await callExpecting(rater.client, v2ItemEndpoints.list, of, 403);
    expect(inDraft.status).toBe(403);
    expect(inDraft.body).toEqual(forbidden);
    await setV2Status(admin, draft.id, 'open');
    const res = await call(rater.client, v2ItemEndpoints.list, of);
    expect(res.status).toBe(200);
    const read = res.body.items;
    expect(read).toEqual(items);
    expect(read[3]!.scale_labels).toEqual(['Insatisfactorio', 'En desarrollo', 'Competente', 'Destacado']);
    expect(await statusOf(outsider.client, v2ItemEndpoints.list, of)).toBe(403);
    expect(await statusOf(outsider.client, v2ItemEndpoints.list, { params: { id: 999999 } })).toBe(403);
    // Raters still cannot change items.
    expect(await statusOf(rater.client, v2ItemEndpoints.replace, { ...of, body: { items: [] } })).toBe(403);
  });

  it('stores the answers with their scores, N/A and comments, and completes the assignment', async () => {
    const { rater, assignmentId, submission, items, evaluationId } = await oneAssignment(t());
    const answers = answersFor(items, ANSWERS.p1);
    answers[4]!.value = '  Colabora con todos.  ';
    answers[2]!.comment = '   ';
    const res = await call(rater.client, endpoints.submit, submission(answers));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ assignment_id: assignmentId, status: 'completed' });

    const response = await t()
      .db.selectFrom('v2_responses')
      .selectAll()
      .where('assignment_id', '=', assignmentId)
      .executeTakeFirstOrThrow();
    expect(response.evaluator_id).toBe(rater.user.id);
    const stored = await t()
      .db.selectFrom('v2_answers')
      .select(['item_id', 'value', 'score', 'skip', 'comment'])
      .where('response_id', '=', response.id)
      .orderBy('item_id')
      .execute();
    expect(stored).toEqual([
      { item_id: items[0]!.id, value: '3', score: 0.5, skip: 0, comment: null },
      { item_id: items[1]!.id, value: 'true', score: 1, skip: 0, comment: 'Siempre puntual.' },
      { item_id: items[2]!.id, value: '"logrado"', score: 1, skip: 0, comment: null },
      { item_id: items[3]!.id, value: '"na"', score: null, skip: 1, comment: null },
      { item_id: items[4]!.id, value: '"Colabora con todos."', score: null, skip: 0, comment: null },
    ]);
    const assignment = await t()
      .db.selectFrom('v2_assignments')
      .select(['status', 'completed_at'])
      .where('id', '=', assignmentId)
      .executeTakeFirstOrThrow();
    expect(assignment.status).toBe('completed');
    expect(assignment.completed_at).toBe(response.submitted_at);
    const mine = (await call(rater.client, endpoints.mine)).body.rows;
    expect(mine.find((r) => r.evaluation_id === evaluationId)!.assignment_status).toBe('completed');

    // The audit entry names the response but keeps the answers out (they are anonymous).
    const trail = await t()
      .db.selectFrom('audit_log')
      .select(['user_id', 'action', 'after_json'])
      .where('entity', '=', 'v2_response')
      .where('entity_id', '=', response.id)
      .execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]!.user_id).toBe(rater.user.id);
    expect(JSON.parse(trail[0]!.after_json!)).toEqual({
      assignment_id: assignmentId,
      evaluation_id: evaluationId,
      answers: 5,
    });

    const again = await callExpecting(rater.client, endpoints.submit, submission(), 409);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: ALREADY, code: 'ALREADY_ANSWERED' });
  });

  it('accepts N/A on every kind of item, and every rating on the scale', async () => {
    const { rater, submission, items } = await oneAssignment(t());
    const allNa = answersFor(items, { values: [NA, NA, NA, NA, NA] });
    // The value of an N/A may also be omitted.
    delete (allNa[1] as { value?: unknown }).value;
    const naRes = await call(rater.client, endpoints.submit, submission(allNa));
    expect(naRes.status).toBe(201);

    for (const rating of [1, 5]) {
      const second = await oneAssignment(t());
      const answers = answersFor(second.items, ANSWERS.p2);
      answers[0]!.value = rating;
      const res = await call(second.rater.client, endpoints.submit, second.submission(answers));
      expect(res.status).toBe(201);
    }
  });

  it('refuses each kind of bad answer with a Spanish sentence and stores nothing', async () => {
    const { rater, body, submission, items, assignmentId, evaluationId } = await oneAssignment(t());
    const good = answersFor(items, ANSWERS.p1);
    const other = await oneAssignment(t());
    const change = (i: number, patch: Record<string, unknown>) =>
      good.map((a, j) => (j === i ? { ...a, ...patch } : a));
    const cases: Array<[unknown, string, string?]> = [
      [{ ...body(), answers: undefined }, 'Las respuestas son obligatorias.'],
      [{ ...body(), answers: [] }, 'Las respuestas son obligatorias.'],
      [{ ...body(), evaluation_id: 'x' }, 'La evaluación es obligatoria.'],
      [{ ...body(), assignment_id: undefined }, 'La asignación es obligatoria.'],
      [body(['x']), 'Cada respuesta debe indicar su pregunta, su valor y si no aplica.'],
      [body(change(0, { item_id: 0 })), 'La pregunta no es válida.'],
      [body(change(0, { skip: 'no' })), 'Indica si la pregunta no aplica (sí o no).'],
      [
        body(change(0, { type: 'escala' })),
        'El tipo de respuesta debe ser calificación, sí/no, estado (3 niveles) o texto.',
      ],
      [body(change(0, { comment: 12 })), 'El comentario debe ser un texto.'],
      [body(change(0, { comment: 'x'.repeat(2001) })), 'El comentario admite como máximo 2000 caracteres.'],
      [body([...good, good[0]]), 'Cada pregunta debe responderse una sola vez.'],
      [
        body([...good, { ...good[0], item_id: other.items[0]!.id }]),
        'Una de las respuestas no corresponde a una pregunta de esta evaluación.',
      ],
      [body(good.slice(0, 4)), 'Debes responder todas las preguntas de la evaluación; falta 1.'],
      [body(good.slice(0, 2)), 'Debes responder todas las preguntas de la evaluación; faltan 3.'],
      [body(change(0, { type: 'yes_no' })), 'La respuesta a la pregunta 1 no es del tipo de esa pregunta.'],
      [body(change(0, { value: 6 })), 'La pregunta 1 debe calificarse con un número entero del 1 al 5.'],
      [body(change(0, { value: 0 })), 'La pregunta 1 debe calificarse con un número entero del 1 al 5.'],
      [body(change(0, { value: 2.5 })), 'La pregunta 1 debe calificarse con un número entero del 1 al 5.'],
      [body(change(0, { value: '3' })), 'La pregunta 1 debe calificarse con un número entero del 1 al 5.'],
      [body(change(0, { value: null })), 'La pregunta 1 debe calificarse con un número entero del 1 al 5.'],
      [
        body(change(0, { value: undefined })),
        'La pregunta 1 debe calificarse con un número entero del 1 al 5.',
      ],
      [body(change(0, { value: 'na' })), 'La pregunta 1 debe calificarse con un número entero del 1 al 5.'],
      [
        body(change(3, { value: 5, skip: false })),
        'La pregunta 4 debe calificarse con un número entero del 1 al 4.',
      ],
      [body(change(1, { value: 'sí' })), 'La pregunta 2 debe responderse con sí o no.'],
      [body(change(1, { value: 1 })), 'La pregunta 2 debe responderse con sí o no.'],
      [
        body(change(2, { value: 'Logrado' })),
        'La pregunta 3 debe responderse con Logrado, En proceso o No logrado.',
      ],
      [
        body(change(4, { value: '   ' })),
        'La pregunta 5 necesita una respuesta escrita (o márcala como N/A).',
      ],
      [body(change(4, { value: 7 })), 'La pregunta 5 necesita una respuesta escrita (o márcala como N/A).'],
      [
        body(change(4, { value: 'x'.repeat(2001) })),
        'La respuesta a la pregunta 5 admite como máximo 2000 caracteres.',
      ],
      [
        body(change(0, { skip: true, value: 4 })),
        'La pregunta 1 está marcada como N/A: su valor debe ser "na".',
      ],
      [{ ...body(), evaluation_id: other.evaluationId }, 'La asignación no pertenece a esta evaluación.'],
    ];
    // Bodies the contract refuses, many outside its type: sent raw.
    for (const [payload, message] of cases) {
      const res = await rater.client.post(SUBMIT, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json(), message).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    }
    const stored = await t()
      .db.selectFrom('v2_responses')
      .select('id')
      .where('assignment_id', '=', assignmentId)
      .execute();
    expect(stored).toHaveLength(0);
    const status = await t()
      .db.selectFrom('v2_assignments')
      .select('status')
      .where('evaluation_id', '=', evaluationId)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('pending');
    expect((await call(rater.client, endpoints.submit, submission())).status).toBe(201);
  });

  it('answers only the caller’s own assignments (403), and only while the evaluation is open (409)', async () => {
    const { rater, submission, admin, evaluationId, evaluatee } = await oneAssignment(t());
    const forbidden = { error: 'No tienes permisos para realizar esta acción.', code: 'FORBIDDEN' };
    for (const role of ['admin', 'gestionhumana', 'evaluador', 'colaborador'] as const) {
      const { client } = await loginAs(t(), role);
      const res = await callExpecting(client, endpoints.submit, submission(), 403);
      expect(res.status, role).toBe(403);
      expect(res.body).toEqual(forbidden);
    }
    // The evaluatee cannot answer it either, and an unknown assignment says nothing.
    const self = t().client();
    expect((await self.login(evaluatee.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    expect(await statusOf(self, endpoints.submit, submission())).toBe(403);
    const { body: given } = submission();
    const unknown = await callExpecting(
      rater.client,
      endpoints.submit,
      { body: { ...given, assignment_id: 999999 } },
      403,
    );
    expect(unknown.status).toBe(403);

    await setV2Status(admin, evaluationId, 'closed');
    const closed = await callExpecting(rater.client, endpoints.submit, submission(), 409);
    expect(closed.status).toBe(409);
    expect(closed.body).toEqual({ error: 'La evaluación no está abierta.', code: 'EVALUATION_CLOSED' });
  });

  it('refuses answers while the evaluation is still a draft', async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    const draft = await createV2Draft(admin);
    const items = await putV2Items(admin, draft.id, SCENARIO_ITEMS);
    const rater = await loginAs(t(), 'evaluador');
    const evaluatee = await createUser(t());
    await call(admin, v2AssignmentEndpoints.bulk, {
      body: {
        evaluation_id: draft.id,
        assignments: [{ evaluator_id: rater.user.id, evaluatee_id: evaluatee.id, relation: 'manager' }],
      },
    });
    const { id } = await t()
      .db.selectFrom('v2_assignments')
      .select('id')
      .where('evaluation_id', '=', draft.id)
      .executeTakeFirstOrThrow();
    const res = await callExpecting(
      rater.client,
      endpoints.submit,
      { body: { evaluation_id: draft.id, assignment_id: id, answers: answersFor(items, ANSWERS.manager) } },
      409,
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'La evaluación no está abierta.', code: 'EVALUATION_NOT_OPEN' });
  });

  it('accepts exactly one of 20 submits of one assignment sent at once', async () => {
    const { rater, submission, assignmentId, items } = await oneAssignment(t());
    await rater.client.csrfToken();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        reply(rater.client, endpoints.submit, submission(answersFor(items, ANSWERS.p2))),
      ),
    );
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body).toEqual({ error: ALREADY, code: 'ALREADY_ANSWERED' });
    const responses = await t()
      .db.selectFrom('v2_responses')
      .select('id')
      .where('assignment_id', '=', assignmentId)
      .execute();
    expect(responses).toHaveLength(1);
    const answers = await t()
      .db.selectFrom('v2_answers')
      .select('id')
      .where('response_id', '=', responses[0]!.id)
      .execute();
    expect(answers).toHaveLength(items.length);
  });

  it('answers 401 without a session on every route', async () => {
    await expectAllUnauthenticated(t(), [
      { method: 'GET', url: urlOf(endpoints.mine) },
      { method: 'POST', url: SUBMIT, body: { evaluation_id: 1, assignment_id: 1, answers: [] } },
      { method: 'GET', url: urlOf(v2ItemEndpoints.list, { params: { id: 1 } }) },
    ]);
  });
});
