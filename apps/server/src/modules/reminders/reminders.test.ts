import {
  DEADLINE_MESSAGES,
  reminderEndpoints,
  v2AnswerEndpoints,
  v2AssignmentEndpoints,
  v2ItemEndpoints,
} from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated, type Call } from '../../../test/access';
import { call, callExpecting } from '../../../test/call';
import { describeEngines, type TestContext } from '../../../test/context';
import { createUser, loginAs, unique } from '../../../test/factories';
import { assign, clientFor, createV1Evaluation, submitBody, submitV1 } from '../../../test/v1';
import { createOpenV2, createV2Draft, setV2Status } from '../../../test/v2';
import { addDays, dayInWords, dueSentence } from './messages';

/** The reminders written to the outbox for these people, by e-mail. */
async function remindersTo(t: TestContext, emails: readonly string[]) {
  const rows = await t.db
    .selectFrom('outbox')
    .select(['to_email', 'subject', 'text', 'html', 'kind', 'user_id'])
    .where('to_email', 'in', [...emails])
    .orderBy('id')
    .execute();
  return rows;
}

async function outboxCount(t: TestContext): Promise<number> {
  const row = await t.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A press (or its preview) that reaches `n` people and leaves nobody waiting for the cooldown. */
const reached = (n: number) => ({ recipients: n, waiting: 0, next_at: null, cooldown_hours: 24 });

/** The listed lines of a reminder's plain text that link to a form. */
function links(text: string): string[] {
  return [...text.matchAll(/https?:\/\/\S+\/evaluation-form(?:-v2)?\?\S+/g)].map((m) => m[0]);
}

describe('reminder wording', () => {
  it('writes due dates in Spanish words, relative to today', () => {
    expect(dayInWords('2026-12-05')).toBe('5 de diciembre de 2026');
    expect(dueSentence('2026-12-05', '2026-12-05')).toBe('Vence hoy, 5 de diciembre de 2026.');
    expect(dueSentence('2026-12-05', '2026-12-04')).toBe('Vence mañana, 5 de diciembre de 2026.');
    expect(dueSentence('2026-12-05', '2026-11-28')).toBe('Vence el 5 de diciembre de 2026 (en 7 días).');
    expect(dueSentence('2026-12-05', '2026-12-06')).toBe('Venció el 5 de diciembre de 2026.');
    expect(dueSentence(null, '2026-12-06')).toBe('');
    expect(addDays('2026-12-30', 7)).toBe('2027-01-06');
    expect(addDays('2028-02-27', 2)).toBe('2028-02-29');
  });
});

describeEngines('reminders API', (t) => {
  it('V1: reminds exactly the active evaluators with pending work, one e-mail each listing it all', async () => {
    const { client: hr, user: hrUser } = await loginAs(t(), 'gestionhumana');
    const setup = await createV1Evaluation(t(), ['competency'], undefined, {
      name: unique('Evaluación docente'),
    });
    await t()
      .db.updateTable('evaluations')
      .set({ due_date: '2026-12-05' })
      .where('id', '=', setup.evaluationId)
      .execute();
    const name = (
      await t()
        .db.selectFrom('evaluations')
        .select('name')
        .where('id', '=', setup.evaluationId)
        .executeTakeFirstOrThrow()
    ).name;
    const inCat = (label: string, active = 1) =>
      createUser(t(), { category_id: setup.categoryId, name: unique(label), active });

    const ana = await createUser(t(), { role: 'evaluador', name: unique('Ana') });
    const [c1, c2, c3] = [await inCat('Carla'), await inCat('Diego'), await inCat('Elena')];
    const gone = await inCat('Inactivo', 0);
    for (const c of [c1, c2, c3, gone]) await assign(t(), ana.id, c.id);
    const sent = await submitV1(await clientFor(t(), ana), submitBody(setup, c3.id, ana.id, [4]));
    expect(sent.status).toBe(201);
    // Beto: one pending (Diego, whom Ana also has).
    const beto = await createUser(t(), { role: 'evaluador', name: unique('Beto') });
    await assign(t(), beto.id, c2.id);
    // Inactive evaluator with pending work: never reminded.
    const inactive = await createUser(t(), { role: 'evaluador', active: 0 });
    await assign(t(), inactive.id, c1.id);
    // Everything done: not reminded.
    const done = await createUser(t(), { role: 'evaluador' });
    await assign(t(), done.id, c3.id);
    expect((await submitV1(await clientFor(t(), done), submitBody(setup, c3.id, done.id, [2]))).status).toBe(
      201,
    );
    // Work in another category only: not reminded.
    const elsewhere = await createUser(t(), { role: 'evaluador' });
    const other = await createV1Evaluation(t(), ['competency']);
    await assign(t(), elsewhere.id, (await createUser(t(), { category_id: other.categoryId })).id);

    const theEvaluation = { params: { id: setup.evaluationId } };
    const preview = await call(hr, reminderEndpoints.v1Preview, theEvaluation);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual(reached(2));

    const res = await call(hr, reminderEndpoints.v1Send, theEvaluation);
    expect(res.status).toBe(202);
    expect(res.body).toEqual(reached(2));

    const everyone = [ana, beto, inactive, done, elsewhere].map((u) => u.email);
    const mails = await remindersTo(t(), everyone);
    expect(mails.map((m) => m.to_email).sort()).toEqual([ana.email, beto.email].sort());
    for (const m of mails) {
      expect(m.kind).toBe('reminder');
      expect(m.subject).toBe(`Recordatorio: tienes evaluaciones pendientes en «${name}»`);
      expect(m.text).toContain('5 de diciembre de 2026');
    }
    const toAna = mails.find((m) => m.to_email === ana.email)!;
    expect(toAna.user_id).toBe(ana.id);
    expect(toAna.text).toContain(`Hola, ${ana.name}:`);
    expect(toAna.text).toContain('2 evaluaciones pendientes');
    expect(toAna.text).toContain(`Evaluar a ${c1.name}`);
    expect(toAna.text).toContain(`Evaluar a ${c2.name}`);
    expect(toAna.text).not.toContain(c3.name);
    expect(toAna.text).not.toContain(gone.name);
    expect(links(toAna.text)).toEqual([
      expect.stringMatching(new RegExp(`/evaluation-form\\?collaborator=${c1.id}$`)),
      expect.stringMatching(new RegExp(`/evaluation-form\\?collaborator=${c2.id}$`)),
    ]);
    expect(toAna.html).toContain(`/evaluation-form?collaborator=${c1.id}`);
    const toBeto = mails.find((m) => m.to_email === beto.email)!;
    expect(toBeto.text).toContain('1 evaluación pendiente');
    expect(links(toBeto.text)).toEqual([expect.stringMatching(new RegExp(`collaborator=${c2.id}$`))]);

    const trail = await t()
      .db.selectFrom('audit_log')
      .select(['user_id', 'action', 'after_json'])
      .where('entity', '=', 'evaluation')
      .where('entity_id', '=', setup.evaluationId)
      .where('action', '=', 'remind')
      .execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]!.user_id).toBe(hrUser.id);
    expect(JSON.parse(trail[0]!.after_json!)).toMatchObject({
      recipients: 2,
      user_ids: expect.arrayContaining([ana.id, beto.id]),
      pending: 3,
    });
  });

  it('360: reminds raters with pending assignments (not completed, not inactive), listing each with its link', async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    const evaluation = await createOpenV2(admin, { due_date: '2026-12-05' });
    const rosa = await createUser(t(), { name: unique('Rosa') });
    const { user: sara, client: saraClient } = await loginAs(t(), 'colaborador', { name: unique('Sara') });
    const tomas = await createUser(t(), { name: unique('Tomás') });
    const x = await createUser(t(), { name: unique('Xavier') });
    const y = await createUser(t(), { name: unique('Yolanda') });
    const bulk = await call(admin, v2AssignmentEndpoints.bulk, {
      body: {
        evaluation_id: evaluation.id,
        assignments: [
          { evaluator_id: rosa.id, evaluatee_id: x.id, relation: 'peer' },
          { evaluator_id: rosa.id, evaluatee_id: y.id, relation: 'manager' },
          { evaluator_id: rosa.id, evaluatee_id: rosa.id, relation: 'self' },
          { evaluator_id: sara.id, evaluatee_id: x.id, relation: 'peer' },
          { evaluator_id: tomas.id, evaluatee_id: y.id, relation: 'peer' },
        ],
      },
    });
    expect(bulk.status).toBe(200);
    // Sara answers hers; Tomás is deactivated.
    const theEvaluation = { params: { id: evaluation.id } };
    const itemList = (await call(admin, v2ItemEndpoints.list, theEvaluation)).body.items;
    const assignment = await t()
      .db.selectFrom('v2_assignments')
      .select('id')
      .where('evaluation_id', '=', evaluation.id)
      .where('evaluator_id', '=', sara.id)
      .executeTakeFirstOrThrow();
    const answered = await call(saraClient, v2AnswerEndpoints.submit, {
      body: {
        evaluation_id: evaluation.id,
        assignment_id: assignment.id,
        answers: itemList.map((i) => ({ item_id: i.id, type: i.type, value: 4, skip: false, comment: null })),
      },
    });
    expect(answered.status).toBe(201);
    await t().db.updateTable('users').set({ active: 0 }).where('id', '=', tomas.id).execute();

    expect((await call(admin, reminderEndpoints.v2Preview, theEvaluation)).body).toEqual(reached(1));
    const res = await call(admin, reminderEndpoints.v2Send, theEvaluation);
    expect(res.status).toBe(202);
    expect(res.body).toEqual(reached(1));

    const mails = await remindersTo(t(), [rosa.email, sara.email, tomas.email]);
    expect(mails.map((m) => m.to_email)).toEqual([rosa.email]);
    const text = mails[0]!.text;
    expect(mails[0]!.subject).toBe(`Recordatorio: tienes evaluaciones pendientes en «${evaluation.name}»`);
    expect(text).toContain('3 evaluaciones pendientes');
    expect(text).toContain(`Evaluar a ${x.name} (par)`);
    expect(text).toContain(`Evaluar a ${y.name} (jefe)`);
    expect(text).toContain('Tu autoevaluación');
    const ids = await t()
      .db.selectFrom('v2_assignments')
      .select('id')
      .where('evaluation_id', '=', evaluation.id)
      .where('evaluator_id', '=', rosa.id)
      .orderBy('id')
      .execute();
    expect(
      links(text)
        .map((l) => Number(/assignment=(\d+)$/.exec(l)?.[1]))
        .sort((p, q) => p - q),
    ).toEqual(ids.map((r) => r.id));
  });

  it('nobody to remind: 202 {recipients: 0} and nothing written', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const setup = await createV1Evaluation(t(), ['competency']);
    const evaluation = await createOpenV2(hr);
    const before = await outboxCount(t());
    const audits = await t().db.selectFrom('audit_log').select('id').where('action', '=', 'remind').execute();
    for (const [preview, send, id] of [
      [reminderEndpoints.v1Preview, reminderEndpoints.v1Send, setup.evaluationId],
      [reminderEndpoints.v2Preview, reminderEndpoints.v2Send, evaluation.id],
    ] as const) {
      expect((await call(hr, preview, { params: { id } })).body).toEqual(reached(0));
      const res = await call(hr, send, { params: { id } });
      expect(res.status).toBe(202);
      expect(res.body).toEqual(reached(0));
    }
    expect(await outboxCount(t())).toBe(before);
    expect(
      await t().db.selectFrom('audit_log').select('id').where('action', '=', 'remind').execute(),
    ).toHaveLength(audits.length);
  });

  it('only for an open evaluation: a draft or closed one answers 409, an unknown one 404', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const draft = await createV1Evaluation(t(), ['competency'], undefined, { status: 'borrador' });
    const closed = await createV1Evaluation(t(), ['competency'], undefined, { status: 'cerrada' });
    const v2Draft = await createV2Draft(hr);
    const v2Closed = await createOpenV2(hr);
    await setV2Status(hr, v2Closed.id, 'closed');
    const before = await outboxCount(t());
    const v1 = [reminderEndpoints.v1Preview, reminderEndpoints.v1Send] as const;
    const v2 = [reminderEndpoints.v2Preview, reminderEndpoints.v2Send] as const;
    for (const [endpoints, id] of [
      [v1, draft.evaluationId],
      [v1, closed.evaluationId],
      [v2, v2Draft.id],
      [v2, v2Closed.id],
    ] as const) {
      for (const endpoint of endpoints) {
        const res = await callExpecting(hr, endpoint, { params: { id } }, 409);
        expect(res.status, `${endpoint.method} ${endpoint.path} ${id}`).toBe(409);
        expect(res.body).toEqual({ error: DEADLINE_MESSAGES.remindersClosed, code: 'EVALUATION_NOT_OPEN' });
      }
    }
    for (const endpoint of [...v1, ...v2]) {
      const res = await callExpecting(hr, endpoint, { params: { id: 999999 } }, 404);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'La evaluación no existe.', code: 'NOT_FOUND' });
    }
    expect(await outboxCount(t())).toBe(before);
  });

  it('answers 401 without a session and 403 to evaluador and colaborador', async () => {
    const setup = await createV1Evaluation(t(), ['competency']);
    const { client: admin } = await loginAs(t(), 'admin');
    const evaluation = await createOpenV2(admin);
    const calls: Call[] = [
      { method: 'GET', url: `/api/evaluations/${setup.evaluationId}/reminders` },
      { method: 'POST', url: `/api/evaluations/${setup.evaluationId}/reminders` },
      { method: 'GET', url: `/api/evaluations-v2/${evaluation.id}/reminders` },
      { method: 'POST', url: `/api/evaluations-v2/${evaluation.id}/reminders` },
    ];
    await expectAllUnauthenticated(t(), calls);
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
  });
});
