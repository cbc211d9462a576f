import {
  dashboardEndpoints,
  reminderEndpoints,
  v2AnswerEndpoints as endpoints,
  v2AssignmentEndpoints,
  v2EvaluationEndpoints,
  v2ResultEndpoints,
  v2SnapshotEndpoints,
} from '@evalua/contracts';
import { expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../test/access';
import { answerOf } from '../../../test/answer';
import { call, callExpecting, reply } from '../../../test/call';
import { urlOf } from '../../../test/cases';
import { describeEngines, type TestContext } from '../../../test/context';
import { DEFAULT_PASSWORD, createUser, loginAs, unique } from '../../../test/factories';
import { createV2OpeningWithItems, putV2Items, setV2Status } from '../../../test/v2';
import { ANSWERS, SCENARIO_ITEMS, answersFor, build360 } from '../../../test/v2-answers';

const draftOf = (assignmentId: number) => ({ params: { assignmentId } });
/**
 * The addresses of the calls that send what the contract refuses (a bad id, a bad body), and of the
 * draft saves whose answers leave out `skip` or `comment` for the server to default: the typed body
 * cannot leave them out (BodyInput makes the defaulted fields of an array's items required).
 */
const DECLINE = urlOf(endpoints.decline);
const draftUrl = (assignmentId: number | string) => urlOf(endpoints.saveDraft, { params: { assignmentId } });
const FORBIDDEN = { error: 'No tienes permisos para realizar esta acción.', code: 'FORBIDDEN' };
const ALREADY = { error: 'Esta asignación ya fue respondida.', code: 'ALREADY_ANSWERED' };
const DECLINED = {
  error: 'Rechazaste esta solicitud de evaluación: ya no se puede responder.',
  code: 'ASSIGNMENT_DECLINED',
};
const CLOSED = { error: 'La evaluación no está abierta.', code: 'EVALUATION_CLOSED' };

/** An open evaluation with the scenario's items and one rater (a colaborador) assigned to one evaluatee. */
async function oneAssignment(t: TestContext) {
  const { client: admin } = await loginAs(t, 'admin');
  const draft = await createV2OpeningWithItems(admin);
  const items = await putV2Items(admin, draft.id, SCENARIO_ITEMS);
  const rater = await loginAs(t, 'colaborador');
  const evaluatee = await createUser(t, { name: unique('Evaluado') });
  const bulk = await call(admin, v2AssignmentEndpoints.bulk, {
    body: {
      evaluation_id: draft.id,
      assignments: [{ evaluator_id: rater.user.id, evaluatee_id: evaluatee.id, relation: 'peer' }],
    },
  });
  expect(bulk.body).toEqual({ inserted_count: 1 });
  const { id: assignmentId } = await t.db
    .selectFrom('v2_assignments')
    .select('id')
    .where('evaluation_id', '=', draft.id)
    .executeTakeFirstOrThrow();
  const submitBody = () => ({
    body: { evaluation_id: draft.id, assignment_id: assignmentId, answers: answersFor(items, ANSWERS.p1) },
  });
  return { admin, evaluationId: draft.id, items, rater, evaluatee, assignmentId, submitBody };
}

async function draftRows(t: TestContext, assignmentId: number) {
  return t.db.selectFrom('v2_drafts').selectAll().where('assignment_id', '=', assignmentId).execute();
}

describeEngines('360 drafts and declines API', (t) => {
  it('saves a partial draft, gives it back, replaces it, and the submit deletes it', async () => {
    const { rater, items, assignmentId, submitBody } = await oneAssignment(t());
    const mine = draftOf(assignmentId);
    const empty = await call(rater.client, endpoints.draft, mine);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      assignment_id: assignmentId,
      answers: [],
      updated_at: null,
    });

    const answers = [
      { item_id: items[0]!.id, value: 4, comment: '  Bien.  ' },
      { item_id: items[1]!.id, value: null, skip: false, comment: null },
      { item_id: items[3]!.id, skip: true },
      { item_id: items[4]!.id, value: '  A medias  ' },
      { item_id: items[2]!.id, value: '' },
    ];
    // skip and comment left out: sent raw (see draftUrl).
    const saved = await rater.client.put(draftUrl(assignmentId), { answers });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = [
      { item_id: items[0]!.id, value: 4, skip: false, comment: 'Bien.' },
      { item_id: items[1]!.id, value: null, skip: false, comment: null },
      { item_id: items[3]!.id, value: 'na', skip: true, comment: null },
      { item_id: items[4]!.id, value: 'A medias', skip: false, comment: null },
      { item_id: items[2]!.id, value: null, skip: false, comment: null },
    ];
    const body = answerOf(endpoints.saveDraft, saved);
    expect(body.answers).toEqual(expected);
    expect(body.updated_at).toEqual(expect.any(String));
    const { body: read } = await call(rater.client, endpoints.draft, mine);
    expect(read).toEqual({ assignment_id: assignmentId, answers: expected, updated_at: body.updated_at });

    const replaced = await rater.client.put(draftUrl(assignmentId), {
      answers: [{ item_id: items[1]!.id, value: false }],
    });
    expect(replaced.statusCode).toBe(200);
    expect(answerOf(endpoints.saveDraft, replaced).answers).toHaveLength(1);
    const { body: again } = await call(rater.client, endpoints.draft, mine);
    expect(again.answers).toEqual([{ item_id: items[1]!.id, value: false, skip: false, comment: null }]);
    expect(await draftRows(t(), assignmentId)).toHaveLength(1);

    // Saving a draft completes nothing.
    const rows = (await call(rater.client, endpoints.mine)).body.rows;
    expect(rows.find((r) => r.assignment_id === assignmentId)!.assignment_status).toBe('pending');

    const submitted = await call(rater.client, endpoints.submit, submitBody());
    expect(submitted.status).toBe(201);
    expect(await draftRows(t(), assignmentId)).toHaveLength(0);
    for (const res of [
      await callExpecting(rater.client, endpoints.draft, mine, 409),
      await callExpecting(rater.client, endpoints.saveDraft, { ...mine, body: { answers: [] } }, 409),
      await callExpecting(
        rater.client,
        endpoints.decline,
        { body: { assignment_id: assignmentId, reason: 'Tarde' } },
        409,
      ),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual(ALREADY);
    }
    expect(await draftRows(t(), assignmentId)).toHaveLength(0);
  });

  it('refuses each kind of bad draft with a Spanish sentence and keeps the saved one', async () => {
    const { rater, items, assignmentId, admin } = await oneAssignment(t());
    const good = [{ item_id: items[0]!.id, value: 2 }];
    const mine = draftOf(assignmentId);
    expect((await rater.client.put(draftUrl(assignmentId), { answers: good })).statusCode).toBe(200);
    const other = await oneAssignment(t());
    const one = (patch: Record<string, unknown>, i = 0) => ({
      answers: [{ item_id: items[i]!.id, ...patch }],
    });
    const cases: Array<[unknown, string]> = [
      [{}, 'Las respuestas son obligatorias.'],
      [{ answers: 'x' }, 'Las respuestas son obligatorias.'],
      [{ answers: ['x'] }, 'Cada respuesta debe indicar su pregunta, su valor y si no aplica.'],
      [{ answers: [{ item_id: 0 }] }, 'La pregunta no es válida.'],
      [one({ skip: 'no' }), 'Indica si la pregunta no aplica (sí o no).'],
      [one({ comment: 12 }), 'El comentario debe ser un texto.'],
      [one({ comment: 'x'.repeat(2001) }), 'El comentario admite como máximo 2000 caracteres.'],
      [{ answers: [...good, ...good] }, 'Cada pregunta debe responderse una sola vez.'],
      [{ answers: Array.from({ length: 501 }, (_, i) => ({ item_id: i + 1 })) }, 'Demasiadas respuestas.'],
      [
        { answers: [{ item_id: other.items[0]!.id, value: 1 }] },
        'Una de las respuestas no corresponde a una pregunta de esta evaluación.',
      ],
      [one({ value: 6 }), 'La pregunta 1 debe calificarse con un número entero del 1 al 5.'],
      [one({ value: 2.5 }), 'La pregunta 1 debe calificarse con un número entero del 1 al 5.'],
      [one({ value: '3' }), 'La pregunta 1 debe calificarse con un número entero del 1 al 5.'],
      [one({ value: 'sí' }, 1), 'La pregunta 2 debe responderse con sí o no.'],
      [one({ value: 'Logrado' }, 2), 'La pregunta 3 debe responderse con Logrado, En proceso o No logrado.'],
      [one({ value: 5 }, 3), 'La pregunta 4 debe calificarse con un número entero del 1 al 4.'],
      [one({ value: 7 }, 4), 'La pregunta 5 necesita una respuesta escrita (o márcala como N/A).'],
      [
        one({ value: 'x'.repeat(2001) }, 4),
        'La respuesta a la pregunta 5 admite como máximo 2000 caracteres.',
      ],
      [one({ skip: true, value: 4 }), 'La pregunta 1 está marcada como N/A: su valor debe ser "na".'],
    ];
    // Bodies and ids the contract refuses, many outside its type: sent raw.
    for (const [payload, message] of cases) {
      const res = await rater.client.put(draftUrl(assignmentId), payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json(), message).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    }
    const badId = await rater.client.get(draftUrl('abc'));
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ error: 'El identificador de la asignación no es válido.' });

    // Too large: 100 written answers of 2000 characters, each with a comment of 2000.
    const big = await createV2OpeningWithItems(admin);
    const bigItems = await putV2Items(
      admin,
      big.id,
      Array.from({ length: 100 }, (_, i) => ({ question_text: `Pregunta ${i + 1}`, type: 'text' as const })),
    );
    const evaluatee = await createUser(t());
    await call(admin, v2AssignmentEndpoints.bulk, {
      body: {
        evaluation_id: big.id,
        assignments: [{ evaluator_id: rater.user.id, evaluatee_id: evaluatee.id, relation: 'peer' }],
      },
    });
    const bigAssignment = await t()
      .db.selectFrom('v2_assignments')
      .select('id')
      .where('evaluation_id', '=', big.id)
      .executeTakeFirstOrThrow();
    const huge = await rater.client.put(draftUrl(bigAssignment.id), {
      answers: bigItems.map((item) => ({
        item_id: item.id,
        value: 'x'.repeat(2000),
        comment: 'y'.repeat(2000),
      })),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ error: 'El borrador es demasiado grande para guardarse.' });
    expect(await draftRows(t(), bigAssignment.id)).toHaveLength(0);

    const { body: kept } = await call(rater.client, endpoints.draft, mine);
    expect(kept.answers).toEqual([{ item_id: items[0]!.id, value: 2, skip: false, comment: null }]);
  });

  it('lets only the assignment’s evaluator touch its draft or decline it (401, 403 incl. admin and HR, 404)', async () => {
    const { rater, evaluatee, assignmentId, items } = await oneAssignment(t());
    const calls = [
      { method: 'GET' as const, url: draftUrl(assignmentId) },
      {
        method: 'PUT' as const,
        url: draftUrl(assignmentId),
        body: { answers: [{ item_id: items[0]!.id, value: 1 }] },
      },
      {
        method: 'POST' as const,
        url: DECLINE,
        body: { assignment_id: assignmentId, reason: 'No lo conozco.' },
      },
    ];
    await expectAllUnauthenticated(t(), calls);
    await expectAllForbidden(t(), ['admin', 'gestionhumana', 'evaluador', 'colaborador'], calls);
    const self = t().client();
    expect((await self.login(evaluatee.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    for (const c of calls) {
      const res = await self.request(c.method, c.url, c.body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
    const missing = { error: 'La asignación no existe.', code: 'NOT_FOUND' };
    for (const res of [
      await callExpecting(rater.client, endpoints.draft, draftOf(999999), 404),
      await callExpecting(
        rater.client,
        endpoints.saveDraft,
        { ...draftOf(999999), body: { answers: [] } },
        404,
      ),
      await callExpecting(
        rater.client,
        endpoints.decline,
        { body: { assignment_id: 999999, reason: 'x' } },
        404,
      ),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing);
    }
    expect(await draftRows(t(), assignmentId)).toHaveLength(0);
    const row = await t()
      .db.selectFrom('v2_assignments')
      .select('status')
      .where('id', '=', assignmentId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });

  it('refuses drafts and declines once the evaluation is closed (409)', async () => {
    const { rater, admin, evaluationId, assignmentId } = await oneAssignment(t());
    await setV2Status(admin, evaluationId, 'closed');
    const mine = draftOf(assignmentId);
    for (const res of [
      await callExpecting(rater.client, endpoints.draft, mine, 409),
      await callExpecting(rater.client, endpoints.saveDraft, { ...mine, body: { answers: [] } }, 409),
      await callExpecting(
        rater.client,
        endpoints.decline,
        { body: { assignment_id: assignmentId, reason: 'Tarde.' } },
        409,
      ),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual(CLOSED);
    }
  });

  it('refuses to decline a self-evaluation (409), and leaves it pending', async () => {
    const { admin, evaluationId } = await oneAssignment(t());
    const me = await loginAs(t(), 'colaborador');
    const bulk = await call(admin, v2AssignmentEndpoints.bulk, {
      body: {
        evaluation_id: evaluationId,
        assignments: [{ evaluator_id: me.user.id, evaluatee_id: me.user.id, relation: 'self' }],
      },
    });
    expect(bulk.body).toEqual({ inserted_count: 1 });
    const { id } = await t()
      .db.selectFrom('v2_assignments')
      .select('id')
      .where('evaluation_id', '=', evaluationId)
      .where('relation', '=', 'self')
      .executeTakeFirstOrThrow();
    const res = await callExpecting(
      me.client,
      endpoints.decline,
      { body: { assignment_id: id, reason: 'No quiero.' } },
      409,
    );
    expect(res.body).toEqual({ error: 'Una autoevaluación no se puede rechazar.', code: 'CONFLICT' });
    const row = await t()
      .db.selectFrom('v2_assignments')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });

  it('declines with a reason: status, reason and time stored, draft deleted, audited, HR sees it', async () => {
    const { rater, admin, evaluationId, evaluatee, assignmentId, items, submitBody } =
      await oneAssignment(t());
    const mine = draftOf(assignmentId);
    await rater.client.put(draftUrl(assignmentId), { answers: [{ item_id: items[0]!.id, value: 3 }] });
    const cases: Array<[unknown, string]> = [
      [{ reason: 'x' }, 'La asignación es obligatoria.'],
      [{ assignment_id: assignmentId }, 'Indica el motivo por el que rechazas la solicitud.'],
      [{ assignment_id: assignmentId, reason: '   ' }, 'Indica el motivo por el que rechazas la solicitud.'],
      [{ assignment_id: assignmentId, reason: 12 }, 'Indica el motivo por el que rechazas la solicitud.'],
      [
        { assignment_id: assignmentId, reason: 'x'.repeat(501) },
        'El motivo admite como máximo 500 caracteres.',
      ],
    ];
    // Bodies the contract refuses, most of them outside its type: sent raw.
    for (const [payload, message] of cases) {
      const res = await rater.client.post(DECLINE, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json(), message).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    }
    expect(await draftRows(t(), assignmentId)).toHaveLength(1);

    const reason = 'No trabajo con esta persona.';
    const res = await call(rater.client, endpoints.decline, {
      body: { assignment_id: assignmentId, reason: `  ${reason} ` },
    });
    expect(res.status).toBe(200);
    const declined = res.body;
    expect(declined).toEqual({
      assignment_id: assignmentId,
      status: 'declined',
      decline_reason: reason,
      declined_at: expect.any(String),
    });
    const row = await t()
      .db.selectFrom('v2_assignments')
      .select(['status', 'decline_reason', 'declined_at', 'completed_at'])
      .where('id', '=', assignmentId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: 'declined',
      decline_reason: reason,
      declined_at: declined.declined_at,
      completed_at: null,
    });
    expect(await draftRows(t(), assignmentId)).toHaveLength(0);
    const trail = await t()
      .db.selectFrom('audit_log')
      .select(['user_id', 'action', 'after_json'])
      .where('entity', '=', 'v2_assignment')
      .where('entity_id', '=', assignmentId)
      .execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]!.user_id).toBe(rater.user.id);
    expect(trail[0]!.action).toBe('decline');
    expect(JSON.parse(trail[0]!.after_json!)).toEqual({
      status: 'declined',
      evaluation_id: evaluationId,
      evaluatee_id: evaluatee.id,
      decline_reason: reason,
    });

    // The rater's list says so; nothing more can be done with it.
    const rows = (await call(rater.client, endpoints.mine)).body.rows;
    expect(rows.find((r) => r.assignment_id === assignmentId)!.assignment_status).toBe('declined');
    for (const again of [
      await callExpecting(
        rater.client,
        endpoints.decline,
        { body: { assignment_id: assignmentId, reason } },
        409,
      ),
      await callExpecting(rater.client, endpoints.draft, mine, 409),
      await callExpecting(rater.client, endpoints.saveDraft, { ...mine, body: { answers: [] } }, 409),
      await callExpecting(rater.client, endpoints.submit, submitBody(), 409),
    ]) {
      expect(again.status).toBe(409);
      expect(again.body).toEqual(DECLINED);
    }

    // HR sees the status and the reason.
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const { body: list } = await call(hr, v2AssignmentEndpoints.listByEvaluation, {
      params: { evaluationId },
    });
    expect(list.rows).toEqual([
      expect.objectContaining({ id: assignmentId, status: 'declined', decline_reason: reason }),
    ]);

    // HR asks again: removing the evaluator and adding them back gives a new pending request.
    const evaluators = { params: { evaluationId, userId: evaluatee.id } };
    expect((await call(hr, v2AssignmentEndpoints.evaluatorsOf, evaluators)).body).toMatchObject({
      evaluator_ids: [rater.user.id],
    });
    const removed = await call(hr, v2AssignmentEndpoints.changeEvaluators, {
      ...evaluators,
      body: { add: [], remove: [rater.user.id] },
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ evaluator_ids: [] });
    const added = await call(admin, v2AssignmentEndpoints.changeEvaluators, {
      ...evaluators,
      body: { add: [rater.user.id], remove: [] },
    });
    expect(added.body).toMatchObject({ evaluator_ids: [rater.user.id] });
    const fresh = (await call(rater.client, endpoints.mine)).body.rows.find(
      (r) => r.evaluation_id === evaluationId,
    )!;
    expect(fresh.assignment_status).toBe('pending');
  });

  it('ten draft saves at once leave one consistent draft; a submit racing saves never leaves one behind', async () => {
    const { rater, items, assignmentId, submitBody } = await oneAssignment(t());
    // Answers without skip and comment: saved raw (see draftUrl).
    const bodyOf = (of: typeof items, i: number) => ({
      answers: [
        { item_id: of[0]!.id, value: (i % 5) + 1 },
        { item_id: of[4]!.id, value: `Versión ${i}` },
      ],
    });
    const bodies = Array.from({ length: 10 }, (_, i) => bodyOf(items, i));
    const saves = await Promise.all(bodies.map((b) => rater.client.put(draftUrl(assignmentId), b)));
    for (const res of saves) expect(res.statusCode, res.body).toBe(200);
    const rows = await draftRows(t(), assignmentId);
    expect(rows).toHaveLength(1);
    const stored = JSON.parse(rows[0]!.answers) as Array<{ value: unknown }>;
    const version = Number(String(stored[1]!.value).replace('Versión ', ''));
    expect(stored[0]!.value).toBe((version % 5) + 1);

    for (let round = 0; round < 3; round += 1) {
      const race = round === 0 ? { assignmentId, rater, submitBody, items } : await oneAssignment(t());
      const raceBodies = [0, 1, 2].map((i) => bodyOf(race.items, i));
      const save = (body: unknown) => race.rater.client.put(draftUrl(race.assignmentId), body);
      const results = await Promise.all([
        ...Array.from({ length: 4 }, () => save(raceBodies[0])),
        reply(race.rater.client, endpoints.submit, race.submitBody()).then(({ res }) => res),
        ...Array.from({ length: 4 }, () => save(raceBodies[1])),
      ]);
      for (const res of results) expect([200, 201, 409], res.body).toContain(res.statusCode);
      expect(results[4]!.statusCode).toBe(201);
      expect(await draftRows(t(), race.assignmentId)).toHaveLength(0);
      const late = await save(raceBodies[2]);
      expect(late.statusCode).toBe(409);
      expect(await draftRows(t(), race.assignmentId)).toHaveLength(0);
    }
  });

  it('a draft full of answers changes no result, summary or snapshot; a decline leaves the assigned count', async () => {
    const s = await build360(t());
    const id = s.evaluation.id;
    const D = s.evaluatees.D.user.id;
    // Past its due date: p4's pending work is reminded and overdue (dashboard).
    await t().db.updateTable('v2_evaluations').set({ due_date: '2020-01-01' }).where('id', '=', id).execute();
    const of = { params: { id } };
    const reminders = async () => (await call(s.admin, reminderEndpoints.v2Preview, of)).body.recipients;
    const overdue = async () => (await call(s.admin, dashboardEndpoints.metrics)).body.overdue_v2_pending;
    const figures = async () => ({
      results: (await call(s.admin, v2ResultEndpoints.person, { params: { id, userId: D } })).body,
      summary: (await call(s.admin, v2ResultEndpoints.summary, of)).body,
      list: (await call(s.admin, v2EvaluationEndpoints.get, of)).body,
      reminders: await reminders(),
      overdue: await overdue(),
      snapshot: (await call(s.admin, v2SnapshotEndpoints.create, { ...of, body: { label: 'Corte' } })).body
        .summary,
    });
    const before = await figures();
    const p4 = await s.assignmentId('p4', 'D');
    const full = answersFor(s.items, ANSWERS.p4).map(({ item_id, value, skip, comment }) => ({
      item_id,
      value,
      skip,
      comment,
    }));
    const saved = await call(s.raters.p4.client, endpoints.saveDraft, {
      ...draftOf(p4),
      body: { answers: full },
    });
    expect(saved.status).toBe(200);
    const after = await figures();
    expect(after).toEqual(before);
    expect(JSON.stringify(after)).not.toContain('Excelente.');

    const pendingBefore = { reminders: await reminders(), overdue: await overdue() };
    expect(pendingBefore.reminders).toBe(1);
    expect(pendingBefore.overdue).toBeGreaterThanOrEqual(1);

    // Declined: no longer assigned work (decision 034); completed figures unchanged.
    const decline = await call(s.raters.p4.client, endpoints.decline, {
      body: { assignment_id: p4, reason: 'Sin contacto.' },
    });
    expect(decline.status).toBe(200);
    const declined = await figures();
    expect(declined.summary.assignments_total).toBe(before.summary.assignments_total - 1);
    expect(declined.summary.assignments_completed).toBe(before.summary.assignments_completed);
    // The results say one peer fewer was asked; every figure stays.
    const withoutAssigned = (v: unknown) =>
      JSON.parse(JSON.stringify(v), (key, value: unknown) => (key === 'raters_assigned' ? undefined : value));
    expect(withoutAssigned(declined.results)).toEqual(withoutAssigned(before.results));
    expect(JSON.stringify(declined.results)).toContain('"raters_assigned":3');
    expect(JSON.stringify(before.results)).toContain('"raters_assigned":4');
    // Neither reminded nor overdue any more.
    expect(await reminders()).toBe(0);
    expect(await overdue()).toBe(pendingBefore.overdue - 1);
  });
});
