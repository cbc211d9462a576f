import { DEADLINE_MESSAGES, ERROR_CODES, reminderEndpoints, v2AssignmentEndpoints } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { call, reply, type Reply } from '../../../test/call';
import type { TestClient } from '../../../test/client';
import { describeEngines } from '../../../test/context';
import { DEFAULT_PASSWORD, createUser, loginAs, unique, type TestUser } from '../../../test/factories';
import { assign, createV1Evaluation } from '../../../test/v1';
import { createOpenV2 } from '../../../test/v2';
import { momentInWords } from './messages';

/**
 * Decision 042: HR's 'Enviar recordatorio' reaches a person at most once per evaluation within
 * REMINDER_COOLDOWN_HOURS (24 by default); a press that would reach nobody new answers 409 with a
 * Spanish sentence saying when the next one is possible.
 */

const HOURS = 24;
const { v1Send, v1Preview, v2Send } = reminderEndpoints;

describe('the moment a next reminder is possible', () => {
  it('is written as the web app writes moments, in the organisation time zone', () => {
    expect(momentInWords('2026-11-29T14:30:00.000Z', 'America/Santo_Domingo')).toBe(
      '29 nov 2026, 10:30 a. m.',
    );
    expect(DEADLINE_MESSAGES.reminderCooldown(24, '29 nov 2026, 10:30 a. m.')).toBe(
      'Todas las personas con evaluaciones pendientes ya recibieron un recordatorio de esta evaluación en las últimas 24 horas. El próximo se podrá enviar a partir del 29 nov 2026, 10:30 a. m.',
    );
  });
});

describeEngines('reminders: one per person and evaluation within the cooldown', (t) => {
  async function remindersTo(user: TestUser): Promise<number> {
    const row = await t()
      .db.selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'reminder')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** When the person's last reminder of the evaluation went out. */
  async function sentAt(kind: 'v1' | 'v2', evaluationId: number, user: TestUser): Promise<string> {
    const row = await t()
      .db.selectFrom('manual_reminders')
      .select('sent_at')
      .where('kind', '=', kind)
      .where('evaluation_id', '=', evaluationId)
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    return row.sent_at;
  }

  const plusCooldown = (iso: string) => new Date(Date.parse(iso) + HOURS * 3_600_000).toISOString();

  /** The 409 of a press within the cooldown, its sentence naming when the next is possible. */
  function expectCooldown(res: Reply<typeof v1Send | typeof v2Send>, nextAt: string): void {
    expect(res.status, res.res.body).toBe(409);
    expect(res.body).toEqual({
      error: DEADLINE_MESSAGES.reminderCooldown(HOURS, momentInWords(nextAt, 'America/Santo_Domingo')),
      code: ERROR_CODES.reminderCooldown,
    });
  }

  /** An open V1 evaluation and `n` evaluators with one pending collaborator each. */
  async function v1WithPending(n: number) {
    const setup = await createV1Evaluation(t(), ['competency']);
    const evaluators: TestUser[] = [];
    for (let i = 0; i < n; i += 1) {
      const evaluator = await createUser(t(), { role: 'evaluador', name: unique('Evaluador') });
      const collaborator = await createUser(t(), { category_id: setup.categoryId, name: unique('Docente') });
      await assign(t(), evaluator.id, collaborator.id);
      evaluators.push(evaluator);
    }
    const press = { params: { id: setup.evaluationId } };
    return { setup, evaluators, send: v1Send, preview: v1Preview, press };
  }

  /** An open 360 evaluation where each of `raters` has one pending assignment. */
  async function v2WithPending(admin: TestClient, raters: readonly TestUser[]) {
    const evaluation = await createOpenV2(admin);
    const evaluatee = await createUser(t(), { name: unique('Evaluado') });
    const bulk = await call(admin, v2AssignmentEndpoints.bulk, {
      body: {
        evaluation_id: evaluation.id,
        assignments: raters.map((r) => ({
          evaluator_id: r.id,
          evaluatee_id: evaluatee.id,
          relation: 'peer' as const,
        })),
      },
    });
    expect(bulk.status).toBe(200);
    return { evaluation, send: v2Send, press: { params: { id: evaluation.id } } };
  }

  it('V1: five presses send one e-mail; the other four say when the next is possible', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const { setup, evaluators, press: theEvaluation } = await v1WithPending(1);
    const [ana] = evaluators as [TestUser];
    const first = await call(hr, v1Send, theEvaluation);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({
      recipients: 1,
      waiting: 0,
      next_at: null,
      cooldown_hours: HOURS,
    });
    const nextAt = plusCooldown(await sentAt('v1', setup.evaluationId, ana));
    for (let press = 2; press <= 5; press += 1)
      expectCooldown(await reply(hr, v1Send, theEvaluation), nextAt);
    expect(await remindersTo(ana)).toBe(1);
    // The confirmation's count says so before anyone presses.
    expect((await call(hr, v1Preview, theEvaluation)).body).toEqual({
      recipients: 0,
      waiting: 1,
      next_at: nextAt,
      cooldown_hours: HOURS,
    });
    // Refused presses are not audited: one 'remind' entry.
    const trail = await t()
      .db.selectFrom('audit_log')
      .select('after_json')
      .where('entity', '=', 'evaluation')
      .where('entity_id', '=', setup.evaluationId)
      .where('action', '=', 'remind')
      .execute();
    expect(trail).toHaveLength(1);
  });

  it('V1: a person with new pending work is reminded, the others wait; after the cooldown, all again', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const { setup, evaluators, press: theEvaluation } = await v1WithPending(1);
    const [ana] = evaluators as [TestUser];
    expect((await call(hr, v1Send, theEvaluation)).status).toBe(202);
    const beto = await createUser(t(), { role: 'evaluador', name: unique('Beto') });
    await assign(t(), beto.id, (await createUser(t(), { category_id: setup.categoryId })).id);
    const nextAt = plusCooldown(await sentAt('v1', setup.evaluationId, ana));
    expect((await call(hr, v1Preview, theEvaluation)).body).toMatchObject({
      recipients: 1,
      waiting: 1,
      next_at: nextAt,
    });
    const second = await call(hr, v1Send, theEvaluation);
    expect(second.status).toBe(202);
    expect(second.body).toEqual({ recipients: 1, waiting: 1, next_at: nextAt, cooldown_hours: HOURS });
    expect([await remindersTo(ana), await remindersTo(beto)]).toEqual([1, 1]);

    // Once the cooldown has passed (their reminders were sent 25 hours ago), both are reminded again.
    await t()
      .db.updateTable('manual_reminders')
      .set({ sent_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where('kind', '=', 'v1')
      .where('evaluation_id', '=', setup.evaluationId)
      .execute();
    const third = await call(hr, v1Send, theEvaluation);
    expect(third.status).toBe(202);
    expect(third.body).toMatchObject({ recipients: 2, waiting: 0, next_at: null });
    expect([await remindersTo(ana), await remindersTo(beto)]).toEqual([2, 2]);
  });

  it("360: once per rater and evaluation; another evaluation's reminder is its own", async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    const rosa = await createUser(t(), { name: unique('Rosa') });
    const one = await v2WithPending(admin, [rosa]);
    const other = await v2WithPending(admin, [rosa]);
    expect((await call(admin, v2Send, one.press)).status).toBe(202);
    const nextAt = plusCooldown(await sentAt('v2', one.evaluation.id, rosa));
    for (let press = 2; press <= 5; press += 1) expectCooldown(await reply(admin, v2Send, one.press), nextAt);
    expect(await remindersTo(rosa)).toBe(1);
    const elsewhere = await call(admin, v2Send, other.press);
    expect(elsewhere.status).toBe(202);
    expect(elsewhere.body).toMatchObject({ recipients: 1, waiting: 0 });
    expect(await remindersTo(rosa)).toBe(2);
  });

  it('ten presses at once (two instances on PostgreSQL) send one e-mail per person, V1 and 360', async () => {
    const { user: hrUser, client: hr } = await loginAs(t(), 'gestionhumana');
    // Several instances share a PostgreSQL database; SQLite is one process's file (docs/deployment.md).
    let otherHr = hr;
    if (t().engine === 'postgres') {
      otherHr = (await t().secondInstance()).client();
      expect((await otherHr.login(hrUser.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    }
    const v1 = await v1WithPending(3);
    const raters = [await createUser(t()), await createUser(t()), await createUser(t())];
    const v2 = await v2WithPending(hr, raters);
    for (const [send, press, people] of [
      [v1.send, v1.press, v1.evaluators],
      [v2.send, v2.press, raters],
    ] as const) {
      const presses = await Promise.all(
        Array.from({ length: 10 }, (_, i) => reply(i % 2 === 0 ? hr : otherHr, send, press)),
      );
      const codes = presses.map((r) => r.status).sort();
      expect(codes).toEqual([202, ...Array<number>(9).fill(409)]);
      expect(presses.find((r) => r.status === 202)!.body).toMatchObject({ recipients: 3, waiting: 0 });
      for (const refused of presses.filter((r) => r.status === 409)) {
        expect(refused.body).toMatchObject({ code: ERROR_CODES.reminderCooldown });
      }
      for (const person of people) expect(await remindersTo(person)).toBe(1);
    }
  });
});
