import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import {
  FULL_SUBMIT_MESSAGES,
  V2_ANSWER_MESSAGES,
  fullEvaluationEndpoints,
  v2AssignmentEndpoints,
  v2EvaluationEndpoints,
} from '@evalua/contracts';
import { answerOf } from '../answer';
import type { TestClient } from '../client';
import { describeEngines } from '../context';
import { createUser, loginAs } from '../factories';
import { clientFor, createV1Evaluation, evaluatorWithCollaborator, submitBody } from '../v1';
import { createV2Draft, putV2Items, setV2Status } from '../v2';
import { answersFor, ANSWERS, SCENARIO_ITEMS } from '../v2-answers';

/**
 * Races at the sizes (the modules keep smaller versions of the first two): identical requests
 * fired at once through several sessions must leave exactly one result, and overlapping batches must
 * never duplicate a pair. On PostgreSQL the requests really run at once (a pool of connections).
 */

const codes = (results: LightMyRequestResponse[]) => results.map((r) => r.statusCode);
const count = (results: LightMyRequestResponse[], status: number) =>
  results.filter((r) => r.statusCode === status).length;

/** Sends `n` calls at once, spread over the clients in turn (each has its CSRF token already). */
async function burst(
  clients: TestClient[],
  n: number,
  call: (c: TestClient, i: number) => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse[]> {
  for (const c of clients) await c.csrfToken();
  return Promise.all(Array.from({ length: n }, (_, i) => call(clients[i % clients.length]!, i)));
}

describeEngines('races', (t) => {
  it('50 identical V1 submissions at once: one 201, 49 × 409, one submission and one set of answers', async () => {
    const setup = await createV1Evaluation(t(), ['competency', 'competency', 'objective', 'objective']);
    const { evaluator, client, collaborator } = await evaluatorWithCollaborator(t(), setup);
    // The evaluator in two browsers, and an admin submitting on their behalf.
    const second = await clientFor(t(), evaluator);
    const { client: admin } = await loginAs(t(), 'admin');
    const body = submitBody(setup, collaborator.id, evaluator.id, [4, 3, 2, 1]);

    const results = await burst([client, second, admin], 50, (c) =>
      c.post('/api/full-evaluation/full-submit', body),
    );

    expect(count(results, 201), codes(results).join(',')).toBe(1);
    expect(count(results, 409), codes(results).join(',')).toBe(49);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json()).toEqual({ error: FULL_SUBMIT_MESSAGES.alreadyEvaluated, code: 'ALREADY_ANSWERED' });
    const winner = answerOf(
      fullEvaluationEndpoints.submit,
      results.find((r) => r.statusCode === 201)!,
    );

    const submissions = await t()
      .db.selectFrom('v1_submissions')
      .select('id')
      .where('evaluation_id', '=', setup.evaluationId)
      .where('collaborator_id', '=', collaborator.id)
      .execute();
    expect(submissions).toEqual([{ id: winner.id }]);
    const answers = await t()
      .db.selectFrom('v1_answers')
      .select(['question_id', 'score'])
      .where('submission_id', '=', winner.id)
      .orderBy('question_id')
      .execute();
    expect(answers).toEqual(setup.questions.map((q, i) => ({ question_id: q.id, score: [4, 3, 2, 1][i] })));
    // No stray answers from a losing request either.
    const allAnswers = await t()
      .db.selectFrom('v1_answers')
      .innerJoin('v1_submissions', 'v1_submissions.id', 'v1_answers.submission_id')
      .select('v1_answers.id')
      .where('v1_submissions.collaborator_id', '=', collaborator.id)
      .execute();
    expect(allAnswers).toHaveLength(4);
    const audits = await t()
      .db.selectFrom('audit_log')
      .select('entity_id')
      .where('entity', '=', 'v1_submission')
      .where('entity_id', '=', winner.id)
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('50 submits of one V2 assignment at once: one stored, 49 × 409, the assignment completed once', async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    const draft = await createV2Draft(admin, { allow_self: true });
    const items = await putV2Items(admin, draft.id, SCENARIO_ITEMS);
    const { user: rater, client: raterClient } = await loginAs(t(), 'colaborador');
    const evaluatee = await createUser(t());
    const bulk = await admin.post('/api/assignments-v2/bulk', {
      evaluation_id: draft.id,
      assignments: [{ evaluator_id: rater.id, evaluatee_id: evaluatee.id, relation: 'peer' }],
    });
    expect(bulk.json()).toEqual({ inserted_count: 1 });
    await setV2Status(admin, draft.id, 'open');
    const assignment = await t()
      .db.selectFrom('v2_assignments')
      .select('id')
      .where('evaluation_id', '=', draft.id)
      .executeTakeFirstOrThrow();
    const second = await clientFor(t(), rater);
    const body = {
      evaluation_id: draft.id,
      assignment_id: assignment.id,
      answers: answersFor(items, ANSWERS.manager),
    };

    const results = await burst([raterClient, second], 50, (c) => c.post('/api/responses-v2/submit', body));

    expect(count(results, 201), codes(results).join(',')).toBe(1);
    expect(count(results, 409), codes(results).join(',')).toBe(49);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json()).toEqual({ error: V2_ANSWER_MESSAGES.alreadyAnswered, code: 'ALREADY_ANSWERED' });
    expect(results.find((r) => r.statusCode === 201)!.json()).toEqual({
      assignment_id: assignment.id,
      status: 'completed',
    });

    const responses = await t()
      .db.selectFrom('v2_responses')
      .select('id')
      .where('assignment_id', '=', assignment.id)
      .execute();
    expect(responses).toHaveLength(1);
    const answers = await t()
      .db.selectFrom('v2_answers')
      .select('item_id')
      .where('response_id', '=', responses[0]!.id)
      .orderBy('item_id')
      .execute();
    expect(answers.map((a) => a.item_id)).toEqual(items.map((i) => i.id).sort((a, b) => a - b));
    const row = await t()
      .db.selectFrom('v2_assignments')
      .select(['status', 'completed_at'])
      .where('id', '=', assignment.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('completed');
    expect(row.completed_at).not.toBeNull();
    const audits = await t()
      .db.selectFrom('audit_log')
      .select('entity_id')
      .where('entity', '=', 'v2_response')
      .where('entity_id', '=', responses[0]!.id)
      .execute();
    expect(audits).toHaveLength(1);
    const listed = answerOf(v2EvaluationEndpoints.get, await admin.get(`/api/evaluations-v2/${draft.id}`));
    expect(listed.completed_count).toBe(1);
  });

  it('20 overlapping bulk batches at once never duplicate a pair, and their counts add up', async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const draft = await createV2Draft(admin, { allow_self: true });
    const staff = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createUser(t(), { name: `Persona ${i + 1}` })),
    );
    // 12 self pairs + 132 peer pairs; one pair exists before the race.
    const pairs = staff.flatMap((r) =>
      staff.map((d) => ({
        evaluator_id: r.id,
        evaluatee_id: d.id,
        relation: r.id === d.id ? 'self' : 'peer',
      })),
    );
    const existing = pairs[1]!;
    expect(
      (
        await admin.post('/api/assignments-v2/bulk', { evaluation_id: draft.id, assignments: [existing] })
      ).json(),
    ).toEqual({ inserted_count: 1 });
    const batches = Array.from({ length: 20 }, (_, k) => {
      // Overlapping windows of 40 pairs (with repeats inside a batch), half of them reversed.
      const window = Array.from({ length: 40 }, (_, j) => pairs[(k * 7 + j * 3) % pairs.length]!);
      return k % 2 === 0 ? window : [...window].reverse();
    });

    const results = await burst([admin, hr], batches.length, (c, i) =>
      c.post('/api/assignments-v2/bulk', { evaluation_id: draft.id, assignments: batches[i] }),
    );

    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const key = (p: { evaluator_id: number; evaluatee_id: number }) => `${p.evaluator_id}:${p.evaluatee_id}`;
    const requested = new Set(batches.flat().map(key));
    const expectedNew = requested.size - (requested.has(key(existing)) ? 1 : 0);
    const inserted = results.reduce(
      (sum, r) => sum + answerOf(v2AssignmentEndpoints.bulk, r).inserted_count,
      0,
    );

    const rows = await t()
      .db.selectFrom('v2_assignments')
      .select(['id', 'evaluator_id', 'evaluatee_id', 'relation'])
      .where('evaluation_id', '=', draft.id)
      .execute();
    const distinct = new Set(rows.map(key));
    expect(distinct.size, 'a pair was stored twice').toBe(rows.length);
    expect(rows.length).toBe(expectedNew + 1);
    expect(inserted).toBe(expectedNew);
    for (const r of rows) expect(r.relation).toBe(r.evaluator_id === r.evaluatee_id ? 'self' : 'peer');
    // The audit entries of the race name every new row exactly once.
    const audits = await t()
      .db.selectFrom('audit_log')
      .select('after_json')
      .where('entity', '=', 'v2_evaluation')
      .where('entity_id', '=', draft.id)
      .where('action', '=', 'assign_bulk')
      .execute();
    const audited = audits.flatMap(
      (a) => (JSON.parse(a.after_json!) as { assignment_ids: number[] }).assignment_ids,
    );
    expect(new Set(audited).size).toBe(audited.length);
    expect(audited).toHaveLength(expectedNew + 1);
    expect(new Set(audited)).toEqual(new Set(rows.map((r) => r.id)));
  });
});
