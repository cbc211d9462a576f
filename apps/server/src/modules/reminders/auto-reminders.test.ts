import { expect, it } from 'vitest';
import type { TestClient } from '../../../test/client';
import { describeEngines, type TestContext } from '../../../test/context';
import { createUser, loginAs, unique, type TestUser } from '../../../test/factories';
import { assign, createV1Evaluation } from '../../../test/v1';
import { createOpenV2 } from '../../../test/v2';
import { ReminderScheduler } from './scheduler';
import { runDueReminders } from './service';

// America/Santo_Domingo is UTC-4 all year: 12:30Z is 08:30 there.
const at = (day: string, utcTime: string) => new Date(`${day}T${utcTime}Z`);

/** Reminder rows in the outbox per recipient e-mail (every row this suite's database holds). */
async function remindersByEmail(
  t: TestContext,
): Promise<Map<string, { count: number; text: string; subject: string }>> {
  const rows = await t.db
    .selectFrom('outbox')
    .select(['to_email', 'text', 'subject'])
    .where('kind', '=', 'reminder')
    .orderBy('id')
    .execute();
  const by = new Map<string, { count: number; text: string; subject: string }>();
  for (const r of rows) {
    const seen = by.get(r.to_email);
    by.set(r.to_email, { count: (seen?.count ?? 0) + 1, text: r.text, subject: r.subject });
  }
  return by;
}

async function setDue(
  t: TestContext,
  table: 'evaluations' | 'v2_evaluations',
  id: number,
  due: string | null,
) {
  await t.db.updateTable(table).set({ due_date: due }).where('id', '=', id).execute();
}

async function assignV2(admin: TestClient, evaluationId: number, pairs: Array<[TestUser, TestUser]>) {
  const res = await admin.post('/api/assignments-v2/bulk', {
    evaluation_id: evaluationId,
    assignments: pairs.map(([r, e]) => ({ evaluator_id: r.id, evaluatee_id: e.id, relation: 'peer' })),
  });
  expect(res.statusCode, res.body).toBe(200);
}

// This suite owns its database: runDueReminders looks at every evaluation in it.
describeEngines(
  'automatic reminders',
  (t) => {
    it('from the reminder hour, on the configured days before the due date, one e-mail per person per day', async () => {
      const { client: admin } = await loginAs(t(), 'admin');
      const e1 = await createUser(t(), { role: 'evaluador', name: unique('Ana') });
      const e2 = await createUser(t(), { role: 'evaluador', name: unique('Beto') });
      const e3 = await createUser(t(), { role: 'evaluador', name: unique('Inactivo'), active: 0 });
      const r4 = await createUser(t(), { name: unique('Rosa') });
      const r5 = await createUser(t(), { name: unique('Sara') });
      const evaluatee = await createUser(t(), { name: unique('Evaluada') });

      // V1 A: due 2026-12-05 (7 days after 2026-11-28): Ana pending ×2, Beto ×1, an inactive evaluator ×1.
      const a = await createV1Evaluation(t(), ['competency'], undefined, { name: unique('Docentes') });
      await setDue(t(), 'evaluations', a.evaluationId, '2026-12-05');
      const [c1, c2, c3] = [
        await createUser(t(), { category_id: a.categoryId, name: unique('Carla') }),
        await createUser(t(), { category_id: a.categoryId, name: unique('Diego') }),
        await createUser(t(), { category_id: a.categoryId, name: unique('Elena') }),
      ];
      await assign(t(), e1.id, c1.id);
      await assign(t(), e1.id, c2.id);
      await assign(t(), e2.id, c3.id);
      await assign(t(), e3.id, c3.id);
      // V1 B: closed, due 2026-11-28: never.
      const b = await createV1Evaluation(t(), ['competency'], undefined, { status: 'cerrada' });
      await setDue(t(), 'evaluations', b.evaluationId, '2026-11-28');
      await assign(t(), e2.id, (await createUser(t(), { category_id: b.categoryId })).id);
      // 360 X: due 2026-11-30 (2 days after): Ana and Rosa pending.
      const x = await createOpenV2(admin, { due_date: '2026-11-30', name: unique('360 X') });
      await assignV2(admin, x.id, [
        [e1, evaluatee],
        [r4, evaluatee],
      ]);
      // 360 Y: due 2026-12-03: 5, 4 and 3 days after the days run below, never 7, 2 or 0.
      const y = await createOpenV2(admin, { due_date: '2026-12-03' });
      await assignV2(admin, y.id, [[r5, evaluatee]]);
      // 360 Z: open without a due date.
      const z = await createOpenV2(admin);
      await assignV2(admin, z.id, [[r5, e1]]);

      // 07:00 local: before REMINDER_HOUR (8): nothing, nothing claimed.
      const early = await runDueReminders(t(), at('2026-11-28', '11:00:00'));
      expect(early).toEqual({ day: '2026-11-28', outcome: 'early', recipients: 0 });
      expect((await remindersByEmail(t())).size).toBe(0);
      expect(await t().db.selectFrom('job_runs').selectAll().execute()).toEqual([]);

      // 08:30 local: Ana (A and X in one e-mail), Beto (A), Rosa (X).
      const run = await runDueReminders(t(), at('2026-11-28', '12:30:00'));
      expect(run).toEqual({ day: '2026-11-28', outcome: 'ran', recipients: 3 });
      let mails = await remindersByEmail(t());
      expect([...mails.keys()].sort()).toEqual([e1.email, e2.email, r4.email].sort());
      expect([...mails.values()].map((m) => m.count)).toEqual([1, 1, 1]);
      const toAna = mails.get(e1.email)!;
      expect(toAna.subject).toBe('Recordatorio: tienes evaluaciones pendientes');
      expect(toAna.text).toContain(`Evaluar a ${c1.name}`);
      expect(toAna.text).toContain(`Evaluar a ${c2.name}`);
      expect(toAna.text).not.toContain(c3.name);
      expect(toAna.text).toContain(`Evaluar a ${evaluatee.name} (par)`);
      expect(toAna.text).toContain('Vence el 5 de diciembre de 2026 (en 7 días).');
      expect(toAna.text).toContain('Vence el 30 de noviembre de 2026 (en 2 días).');
      expect(mails.get(e2.email)!.subject).toMatch(
        /^Recordatorio: tienes evaluaciones pendientes en «Docentes/,
      );
      expect(mails.get(e2.email)!.text).toContain(`Evaluar a ${c3.name}`);

      // Audited per evaluation, by nobody (the scheduler).
      const trail = await t()
        .db.selectFrom('audit_log')
        .select(['user_id', 'entity', 'entity_id', 'after_json'])
        .where('action', '=', 'remind_auto')
        .orderBy('id')
        .execute();
      expect(trail.map((r) => [r.user_id, r.entity, r.entity_id])).toEqual([
        [null, 'evaluation', a.evaluationId],
        [null, 'v2_evaluation', x.id],
      ]);
      expect(JSON.parse(trail[0]!.after_json!)).toMatchObject({
        day: '2026-11-28',
        due_date: '2026-12-05',
        recipients: 2,
      });

      // Later the same day: already done.
      expect(await runDueReminders(t(), at('2026-11-28', '20:00:00'))).toMatchObject({
        outcome: 'done-elsewhere',
      });
      // Even if the day's run were claimed again, nobody gets a second automatic reminder that day.
      await t().db.deleteFrom('job_runs').execute();
      expect(await runDueReminders(t(), at('2026-11-28', '21:00:00'))).toMatchObject({
        outcome: 'ran',
        recipients: 0,
      });
      mails = await remindersByEmail(t());
      expect([...mails.values()].map((m) => m.count)).toEqual([1, 1, 1]);

      // 2026-11-29: no evaluation due in 7, 2 or 0 days.
      expect(await runDueReminders(t(), at('2026-11-29', '13:00:00'))).toMatchObject({
        outcome: 'ran',
        recipients: 0,
      });
      // 2026-11-30: X is due today (Ana, Rosa); A is due in 5 days (not a reminder day).
      expect(await runDueReminders(t(), at('2026-11-30', '12:00:00'))).toMatchObject({
        outcome: 'ran',
        recipients: 2,
      });
      mails = await remindersByEmail(t());
      expect(mails.get(e1.email)).toMatchObject({ count: 2 });
      expect(mails.get(e1.email)!.text).toContain('Vence hoy, 30 de noviembre de 2026.');
      expect(mails.get(e1.email)!.text).not.toContain(c1.name);
      expect(mails.get(r4.email)).toMatchObject({ count: 2 });
      expect(mails.get(e2.email)).toMatchObject({ count: 1 });
      expect(mails.has(r5.email)).toBe(false);
      expect(mails.has(e3.email)).toBe(false);
    });

    it('two instances (PostgreSQL) or runs (SQLite) at once: the day runs once, one message per person', async () => {
      const { client: admin } = await loginAs(t(), 'admin');
      const day = '2027-03-10';
      const a = await createV1Evaluation(t(), ['competency']);
      await setDue(t(), 'evaluations', a.evaluationId, day);
      const evaluators: TestUser[] = [];
      for (let i = 0; i < 6; i++) {
        const ev = await createUser(t(), { role: 'evaluador' });
        await assign(t(), ev.id, (await createUser(t(), { category_id: a.categoryId })).id);
        evaluators.push(ev);
      }
      const v2 = await createOpenV2(admin, { due_date: day });
      const raters = [await createUser(t()), await createUser(t()), evaluators[0]!];
      await assignV2(
        admin,
        v2.id,
        raters.map((r) => [r, evaluators[1]!]),
      );
      const expected = [...evaluators, raters[0]!, raters[1]!].map((u) => u.email).sort();

      // Several instances share a PostgreSQL database; SQLite is one process's file
      // (docs/deployment.md), where runs in the process compete instead.
      const otherDb = t().engine === 'postgres' ? (await t().secondInstance()).db : t().db;
      const now = at(day, '14:00:00');
      const runs = await Promise.all([
        runDueReminders(t(), now),
        runDueReminders({ ...t(), db: otherDb }, now),
        runDueReminders(t(), now),
        runDueReminders({ ...t(), db: otherDb }, now),
      ]);
      expect(runs.map((r) => r.outcome).sort()).toEqual([
        'done-elsewhere',
        'done-elsewhere',
        'done-elsewhere',
        'ran',
      ]);
      expect(runs.find((r) => r.outcome === 'ran')?.recipients).toBe(expected.length);
      const rows = await t()
        .db.selectFrom('outbox')
        .innerJoin('auto_reminders', (j) =>
          j.onRef('auto_reminders.user_id', '=', 'outbox.user_id').on('auto_reminders.day', '=', day),
        )
        .select('outbox.to_email')
        .where('outbox.kind', '=', 'reminder')
        .execute();
      expect(rows.map((r) => r.to_email).sort()).toEqual(expected);
      // evaluators[0] has V1 and 360 work: one message listing both.
      const both = await t()
        .db.selectFrom('outbox')
        .select('text')
        .where('to_email', '=', evaluators[0]!.email)
        .execute();
      expect(both).toHaveLength(1);
      expect(both[0]!.text).toContain(v2.name);
    });

    it('the scheduler starts and stops cleanly, waiting for a run in flight', async () => {
      const lines: string[] = [];
      const log = {
        info: (_o: object, m: string) => void lines.push(m),
        error: (_o: object, m: string) => void lines.push(m),
      };
      const scheduler = new ReminderScheduler(t(), log, 60_000);
      scheduler.start();
      await scheduler.stop();
      expect(lines.filter((l) => l.includes('no se pudieron'))).toEqual([]);
    });
  },
  { reminderHour: 8, reminderDays: [7, 2, 0], timeZone: 'America/Santo_Domingo' },
);
