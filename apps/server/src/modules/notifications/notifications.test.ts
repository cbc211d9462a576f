import {
  fullEvaluationEndpoints,
  reportEndpoints,
  v2AnswerEndpoints,
  v2ReleaseEndpoints,
  v2ResultEndpoints,
  type BodyInput,
  type V2Item,
} from '@evalua/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkAssign, ratingAnswers, v2AssignmentId } from '../../../test/authz/fixtures';
import { call, callExpecting, statusOf } from '../../../test/call';
import type { TestClient } from '../../../test/client';
import { createTestContext, type TestContext } from '../../../test/context';
import { testEngines } from '../../../test/engines';
import { createUser, loginAs, type TestUser } from '../../../test/factories';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/mail';
import { assign, clientFor, createV1Evaluation, submitBody } from '../../../test/v1';
import { createV2Draft, putV2Items, setV2Status } from '../../../test/v2';

/** submitBody types each score as possibly undefined; the submit's body wants numbers. */
const v1Submit = (body: ReturnType<typeof submitBody>) => ({
  body: body as BodyInput<typeof fullEvaluationEndpoints.submit>,
});

async function outboxOf(t: TestContext, userId: number, kind: 'v1-report-ready' | 'v2-results-ready') {
  return t.db
    .selectFrom('outbox')
    .select(['to_email', 'subject'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .execute();
}

describe.each(testEngines())('"your results are ready" e-mails [%s]', (engine) => {
  let smtp: SmtpReceiver;
  let t: TestContext;
  let admin: TestClient;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestContext(engine, { smtpUrl: smtp.url, mailPollMilliseconds: 50 });
    admin = (await loginAs(t, 'admin')).client;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('V1: the person is mailed when the first evaluator submits, once', async () => {
    const setup = await createV1Evaluation(t, ['competency', 'objective'], undefined, {
      name: 'Evaluación Anual',
    });
    const person = await createUser(t, { name: 'Carla Núñez', category_id: setup.categoryId });
    const first = await createUser(t, { role: 'evaluador' });
    const second = await createUser(t, { role: 'evaluador' });
    await assign(t, first.id, person.id);
    await assign(t, second.id, person.id);

    const a = await call(
      admin,
      fullEvaluationEndpoints.submit,
      v1Submit(submitBody(setup, person.id, first.id, [4, 3])),
    );
    expect(a.status).toBe(201);
    await smtp.waitFor(() => smtp.to(person.email).length === 1);
    const mail = smtp.to(person.email)[0]!;
    expect(mail.subject).toBe('Tu reporte de evaluación está disponible');
    expect(mail.text).toContain('Hola, Carla Núñez:');
    expect(mail.text).toContain('«Evaluación Anual»');
    expect(mail.text).toContain(`/report/${setup.evaluationId}/${person.id}`);
    const own = await clientFor(t, person);
    const theReport = { params: { evaluationId: setup.evaluationId, userId: person.id } };
    expect(await statusOf(own, reportEndpoints.full, theReport)).toBe(200);

    const b = await call(
      admin,
      fullEvaluationEndpoints.submit,
      v1Submit(submitBody(setup, person.id, second.id, [2, 2])),
    );
    expect(b.status).toBe(201);
    expect(await outboxOf(t, person.id, 'v1-report-ready')).toHaveLength(1);
    // Nobody else is told: not the evaluators.
    expect(smtp.to(first.email)).toEqual([]);
    expect(smtp.to(second.email)).toEqual([]);
  });

  it('V1: nobody is mailed when the person has no e-mail, and a refused submit mails nothing', async () => {
    const setup = await createV1Evaluation(t, ['competency']);
    const person = await createUser(t, { category_id: setup.categoryId });
    await t.db.updateTable('users').set({ email: null }).where('id', '=', person.id).execute();
    const evaluator = await createUser(t, { role: 'evaluador' });
    await assign(t, evaluator.id, person.id);
    const res = await call(
      admin,
      fullEvaluationEndpoints.submit,
      v1Submit(submitBody(setup, person.id, evaluator.id, [3])),
    );
    expect(res.status).toBe(201);
    expect(await outboxOf(t, person.id, 'v1-report-ready')).toEqual([]);

    const other = await createUser(t, { category_id: setup.categoryId });
    const notAssigned = await callExpecting(
      admin,
      fullEvaluationEndpoints.submit,
      v1Submit(submitBody(setup, other.id, evaluator.id, [3])),
      400,
    );
    expect(notAssigned.status).toBe(400);
    expect(await outboxOf(t, other.id, 'v1-report-ready')).toEqual([]);
  });

  it('360: at close each evaluatee with results gets one e-mail; not those without e-mail, inactive or unrated', async () => {
    const rater = await loginAs(t, 'colaborador');
    const rated: TestUser = await createUser(t, { name: 'Evaluada Uno' });
    const noEmail = await createUser(t);
    const inactive = await createUser(t);
    const unanswered = await createUser(t);
    const draft = await createV2Draft(admin, { name: 'Clima 360', allow_self: false });
    const items: V2Item[] = await putV2Items(admin, draft.id, [
      { question_text: 'Trabaja en equipo.', type: 'rating' },
    ]);
    const everyone = [rated, noEmail, inactive, unanswered];
    await bulkAssign(
      admin,
      draft.id,
      everyone.map((u) => ({ evaluator_id: rater.user.id, evaluatee_id: u.id, relation: 'peer' as const })),
    );
    await setV2Status(admin, draft.id, 'open');
    for (const u of [rated, noEmail, inactive]) {
      const res = await call(rater.client, v2AnswerEndpoints.submit, {
        body: {
          evaluation_id: draft.id,
          assignment_id: await v2AssignmentId(t, draft.id, rater.user.id, u.id),
          answers: ratingAnswers(items),
        },
      });
      expect(res.status).toBe(201);
    }
    await t.db.updateTable('users').set({ email: null }).where('id', '=', noEmail.id).execute();
    await t.db.updateTable('users').set({ active: 0 }).where('id', '=', inactive.id).execute();
    expect(await outboxOf(t, rated.id, 'v2-results-ready')).toEqual([]);
    // HR shares the results with each evaluatee beforehand; they take effect at close (decision 038).
    const release = await call(admin, v2ReleaseEndpoints.set, {
      params: { id: draft.id },
      body: { evaluatee: true, manager: false },
    });
    expect(release.status).toBe(200);
    expect(await outboxOf(t, rated.id, 'v2-results-ready')).toEqual([]);

    await setV2Status(admin, draft.id, 'closed');
    await smtp.waitFor(() => smtp.to(rated.email).length === 1);
    const mail = smtp.to(rated.email)[0]!;
    expect(mail.subject).toBe('Tus resultados de la evaluación 360 están disponibles');
    expect(mail.text).toContain('Hola, Evaluada Uno:');
    expect(mail.text).toContain('«Clima 360»');
    expect(mail.text).toContain(`/evaluations-v2/${draft.id}/results/${rated.id}`);
    for (const u of [noEmail, inactive, unanswered]) {
      expect(await outboxOf(t, u.id, 'v2-results-ready')).toEqual([]);
    }
    expect(smtp.to(inactive.email)).toEqual([]);
    expect(smtp.to(unanswered.email)).toEqual([]);
    expect(smtp.to(rater.user.email)).toEqual([]);
    // What the e-mail announces is there: the evaluatee reads their results now.
    const own = await clientFor(t, rated);
    expect(
      await statusOf(own, v2ResultEndpoints.person, { params: { id: draft.id, userId: rated.id } }),
    ).toBe(200);
  });
});
