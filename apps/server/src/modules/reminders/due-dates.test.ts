import {
  DEADLINE_MESSAGES,
  assignmentEndpoints,
  evaluationEndpoints,
  v2AnswerEndpoints,
  v2AssignmentEndpoints,
  v2EvaluationEndpoints,
} from '@evalua/contracts';
import { expect, it } from 'vitest';
import { call, callExpecting } from '../../../test/call';
import { describeEngines, type TestContext } from '../../../test/context';
import { createUser, loginAs, unique } from '../../../test/factories';
import { assign, createV1Evaluation } from '../../../test/v1';
import { V2_WEIGHTS, createOpenV2, createV2Draft, setV2Status } from '../../../test/v2';

const BAD_DAYS = ['2026-02-30', '5/12/2026', '2026-13-01', '', 20261205];

async function lastAudit(t: TestContext, entity: string, entityId: number) {
  const row = await t.db
    .selectFrom('audit_log')
    .select(['action', 'before_json', 'after_json'])
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return {
    action: row.action,
    before: JSON.parse(row.before_json ?? 'null') as Record<string, unknown> | null,
    after: JSON.parse(row.after_json ?? 'null') as Record<string, unknown> | null,
  };
}

describeEngines('due dates', (t) => {
  it('V1: set at creation, kept by an update without it, changed and cleared, audited', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const setup = await createV1Evaluation(t(), ['competency'], undefined, { status: 'borrador' });
    const body = {
      name: unique('Evaluación'),
      weight_objectives: 40,
      weight_competencies: 60,
      category_id: setup.categoryId,
      question_bank_id: setup.bankId,
      status: 'borrador' as const,
    };
    const created = await call(client, evaluationEndpoints.create, {
      body: { ...body, due_date: '2026-12-05' },
    });
    expect(created.status).toBe(201);
    const ev = created.body;
    expect(ev.due_date).toBe('2026-12-05');
    expect((await call(client, evaluationEndpoints.get, { params: { id: ev.id } })).body.due_date).toBe(
      '2026-12-05',
    );
    expect((await lastAudit(t(), 'evaluation', ev.id)).after).toMatchObject({ due_date: '2026-12-05' });

    // Without due_date (a client of the first version): unchanged.
    const { status: _s, ...put } = body;
    const theEvaluation = { params: { id: ev.id } };
    const renamed = await call(client, evaluationEndpoints.update, {
      ...theEvaluation,
      body: { ...put, name: `${body.name} (2)` },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.due_date).toBe('2026-12-05');

    const moved = await call(client, evaluationEndpoints.update, {
      ...theEvaluation,
      body: { ...put, due_date: '2027-01-15' },
    });
    expect(moved.body.due_date).toBe('2027-01-15');
    expect(await lastAudit(t(), 'evaluation', ev.id)).toMatchObject({
      action: 'update',
      before: { due_date: '2026-12-05' },
      after: { due_date: '2027-01-15' },
    });

    const cleared = await call(client, evaluationEndpoints.update, {
      ...theEvaluation,
      body: { ...put, due_date: null },
    });
    expect(cleared.body.due_date).toBeNull();
    const listed = (await call(client, evaluationEndpoints.list)).body;
    expect(listed.find((e) => e.id === ev.id)?.due_date).toBeNull();

    // Created without one: null.
    const plain = await call(client, evaluationEndpoints.create, {
      body: { ...body, name: unique('Evaluación') },
    });
    expect(plain.body.due_date).toBeNull();
  });

  it('V1: refuses a date that is not a calendar day with the Spanish sentence (400), changing nothing', async () => {
    const { client } = await loginAs(t(), 'admin');
    const setup = await createV1Evaluation(t(), ['competency'], undefined, { status: 'borrador' });
    const body = {
      name: unique('Evaluación'),
      weight_objectives: 40,
      weight_competencies: 60,
      category_id: setup.categoryId,
      question_bank_id: setup.bankId,
    };
    for (const due_date of BAD_DAYS) {
      const create = await client.post('/api/evaluations', { ...body, status: 'borrador', due_date });
      expect(create.statusCode, String(due_date)).toBe(400);
      expect(create.json()).toMatchObject({
        error: DEADLINE_MESSAGES.dueDateInvalid,
        details: [{ field: 'body.due_date', message: DEADLINE_MESSAGES.dueDateInvalid }],
      });
      const update = await client.put(`/api/evaluations/${setup.evaluationId}`, { ...body, due_date });
      expect(update.statusCode).toBe(400);
      expect(update.json<{ error: string }>().error).toBe(DEADLINE_MESSAGES.dueDateInvalid);
    }
    const row = await t()
      .db.selectFrom('evaluations')
      .select('due_date')
      .where('id', '=', setup.evaluationId)
      .executeTakeFirstOrThrow();
    expect(row.due_date).toBeNull();
  });

  it('360: set at creation and from a template; changes while draft and open; refused once closed (409)', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const draft = await createV2Draft(client, { due_date: '2026-12-05' });
    expect(draft.due_date).toBe('2026-12-05');
    expect((await lastAudit(t(), 'v2_evaluation', draft.id)).after).toMatchObject({ due_date: '2026-12-05' });

    const tname = unique('Plantilla');
    const withTemplate = await call(client, v2EvaluationEndpoints.create, {
      body: { name: tname, period: '2026', weights: V2_WEIGHTS, save_as_template: true },
    });
    expect(withTemplate.status).toBe(201);
    const templateId = withTemplate.body.template_id;
    if (templateId === null) throw new Error('save_as_template made no template');
    const copy = await call(client, v2EvaluationEndpoints.createFromTemplate, {
      body: {
        template_id: templateId,
        name: unique('Copia'),
        period: '2026',
        weights: V2_WEIGHTS,
        due_date: '2027-03-01',
      },
    });
    expect(copy.status).toBe(201);
    expect(copy.body.due_date).toBe('2027-03-01');

    const patched = await call(client, v2EvaluationEndpoints.update, {
      params: { id: draft.id },
      body: { due_date: '2026-12-10' },
    });
    expect(patched.body.due_date).toBe('2026-12-10');

    // Open: the due date may still move (the other fields may not), and be cleared.
    const open = await createOpenV2(client, { due_date: '2026-12-05' });
    const theOpen = { params: { id: open.id } };
    const moved = await call(client, v2EvaluationEndpoints.update, {
      ...theOpen,
      body: { due_date: '2026-12-20' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      status: 'open',
      due_date: '2026-12-20',
    });
    expect(await lastAudit(t(), 'v2_evaluation', open.id)).toMatchObject({
      action: 'update',
      before: { due_date: '2026-12-05' },
      after: { due_date: '2026-12-20' },
    });
    const renamed = await callExpecting(
      client,
      v2EvaluationEndpoints.update,
      { ...theOpen, body: { name: 'Otro', due_date: '2026-12-21' } },
      409,
    );
    expect(renamed.status).toBe(409);
    const cleared = await call(client, v2EvaluationEndpoints.update, {
      ...theOpen,
      body: { due_date: null },
    });
    expect(cleared.body.due_date).toBeNull();
    const got = (await call(client, v2EvaluationEndpoints.get, theOpen)).body;
    expect(got.due_date).toBeNull();

    await setV2Status(client, open.id, 'closed');
    const late = await callExpecting(
      client,
      v2EvaluationEndpoints.update,
      { ...theOpen, body: { due_date: '2026-12-30' } },
      409,
    );
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ error: 'La evaluación ya está cerrada.', code: 'EVALUATION_CLOSED' });

    for (const due_date of BAD_DAYS) {
      const res = await client.patch(`/api/evaluations-v2/${draft.id}`, { due_date });
      expect(res.statusCode, String(due_date)).toBe(400);
      expect(res.json<{ error: string }>().error).toBe(DEADLINE_MESSAGES.dueDateInvalid);
      const created = await client.post('/api/evaluations-v2', {
        name: unique('360'),
        period: '2026',
        weights: V2_WEIGHTS,
        due_date,
      });
      expect(created.statusCode).toBe(400);
      expect(created.json<{ error: string }>().error).toBe(DEADLINE_MESSAGES.dueDateInvalid);
    }
    const row = await t()
      .db.selectFrom('v2_evaluations')
      .select('due_date')
      .where('id', '=', draft.id)
      .executeTakeFirstOrThrow();
    expect(row.due_date).toBe('2026-12-10');
  });

  it("an evaluator's collaborators carry the due date of their category's open evaluation", async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    // Category A: a closed evaluation (due long ago) and the open one, due 2026-12-05.
    const old = await createV1Evaluation(t(), ['competency']);
    await t()
      .db.updateTable('evaluations')
      .set({ due_date: '2025-06-01' })
      .where('id', '=', old.evaluationId)
      .execute();
    const a = await createV1Evaluation(t(), [], undefined, {
      categoryId: old.categoryId,
      bankId: old.bankId,
    });
    await t()
      .db.updateTable('evaluations')
      .set({ due_date: '2026-12-05' })
      .where('id', '=', a.evaluationId)
      .execute();
    // Category B: only a draft with a due date (not the current evaluation).
    const b = await createV1Evaluation(t(), ['competency'], undefined, { status: 'borrador' });
    await t()
      .db.updateTable('evaluations')
      .set({ due_date: '2026-11-01' })
      .where('id', '=', b.evaluationId)
      .execute();
    // Category C: open, no due date.
    const c = await createV1Evaluation(t(), ['competency']);

    const evaluator = await createUser(t(), { role: 'evaluador' });
    const inA = await createUser(t(), { category_id: a.categoryId, name: 'A Colaboradora' });
    const inB = await createUser(t(), { category_id: b.categoryId, name: 'B Colaboradora' });
    const inC = await createUser(t(), { category_id: c.categoryId, name: 'C Colaboradora' });
    await assign(t(), evaluator.id, inA.id);
    await assign(t(), evaluator.id, inB.id);
    const createdRes = await call(hr, assignmentEndpoints.create, {
      body: { evaluator_id: evaluator.id, collaborator_id: inC.id },
    });
    expect(createdRes.status).toBe(201);
    expect(createdRes.body.due_date).toBeNull();

    const listed = (await call(hr, assignmentEndpoints.assigned, { params: { evaluatorId: evaluator.id } }))
      .body;
    expect(listed.map((r) => [r.collaborator_name, r.due_date])).toEqual([
      ['A Colaboradora', '2026-12-05'],
      ['B Colaboradora', null],
      ['C Colaboradora', null],
    ]);

    // A new collaborator of category A is assigned with the due date in the answer.
    const another = await createUser(t(), { category_id: a.categoryId });
    const res = await call(hr, assignmentEndpoints.create, {
      body: { evaluator_id: evaluator.id, collaborator_id: another.id },
    });
    expect(res.body.due_date).toBe('2026-12-05');
  });

  it("a rater's 360 list carries each evaluation's due date", async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    const { user: rater, client: raterClient } = await loginAs(t(), 'colaborador');
    const evaluatee = await createUser(t(), { name: 'Evaluada 360' });
    const due = await createOpenV2(admin, { due_date: '2026-12-05' });
    const none = await createOpenV2(admin);
    for (const ev of [due, none]) {
      const res = await call(admin, v2AssignmentEndpoints.bulk, {
        body: {
          evaluation_id: ev.id,
          assignments: [{ evaluator_id: rater.id, evaluatee_id: evaluatee.id, relation: 'peer' }],
        },
      });
      expect(res.status).toBe(200);
    }
    const rows = (await call(raterClient, v2AnswerEndpoints.mine)).body.rows;
    expect(Object.fromEntries(rows.map((r) => [r.evaluation_id, r.due_date]))).toEqual({
      [due.id]: '2026-12-05',
      [none.id]: null,
    });
  });
});
