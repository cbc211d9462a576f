import { expect, it } from 'vitest';
import { bulkAssign } from '../../../test/authz/fixtures';
import { describeEngines, type TestContext } from '../../../test/context';
import { createUser, loginAs, unique } from '../../../test/factories';
import { assign, createV1Evaluation } from '../../../test/v1';
import { createOpenV2 } from '../../../test/v2';
import { runDueReminders, runLaunchNotices } from './service';

// America/Santo_Domingo is UTC-4 all year: 12:30Z is 08:30 there. 2026-11-30 is a Monday.
const at = (day: string, utcTime = '12:30:00') => new Date(`${day}T${utcTime}Z`);

async function mailsOf(t: TestContext, kind: 'round-launch' | 'hr-digest' | 'reminder' | 'nominations') {
  return t.db
    .selectFrom('outbox')
    .select(['to_email', 'subject', 'text'])
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
}

// This suite owns its database: the runs look at every evaluation in it.
describeEngines(
  'launch notices, overdue reminders and the HR digest (decision 051)',
  (t) => {
    it('tells each rater once that an open evaluation has work for them, including work added later, under concurrent runs', async () => {
      const { client: admin } = await loginAs(t(), 'admin');
      const ana = await createUser(t(), { role: 'evaluador', name: unique('Ana') });
      const beto = await createUser(t(), { role: 'evaluador', name: unique('Beto') });
      const round = await createV1Evaluation(t(), ['competency'], undefined, { name: unique('Docentes') });
      const carla = await createUser(t(), { category_id: round.categoryId, name: unique('Carla') });
      await assign(t(), ana.id, carla.id);
      const x = await createOpenV2(admin, { name: unique('360 X') });
      await bulkAssign(admin, x.id, [{ evaluator_id: ana.id, evaluatee_id: carla.id, relation: 'peer' }]);
      // A draft round tells nobody.
      const draft = await createV1Evaluation(t(), ['competency'], undefined, { status: 'borrador' });
      await assign(t(), beto.id, (await createUser(t(), { category_id: draft.categoryId })).id);

      expect(await runLaunchNotices(t(), at('2026-11-28'))).toBe(1);
      const [first, ...others] = await mailsOf(t(), 'round-launch');
      expect(others).toEqual([]);
      expect(first!.to_email).toBe(ana.email);
      expect(first!.subject).toBe('Comenzaron evaluaciones en las que participas');
      expect(first!.text).toContain(carla.name);
      // Nothing new: nothing sent.
      expect(await runLaunchNotices(t(), at('2026-11-28', '12:35:00'))).toBe(0);

      // Beto gets work in the open round later: five runs at once tell him once.
      const diego = await createUser(t(), { category_id: round.categoryId, name: unique('Diego') });
      await assign(t(), beto.id, diego.id);
      const runs = await Promise.all(
        Array.from({ length: 5 }, () => runLaunchNotices(t(), at('2026-11-28'))),
      );
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      const launches = await mailsOf(t(), 'round-launch');
      expect(launches.map((m) => m.to_email)).toEqual([ana.email, beto.email]);
      expect(launches[1]!.subject).toMatch(/^Comenzó la evaluación «Docentes/);
      const audited = await t()
        .db.selectFrom('audit_log')
        .select('entity_id')
        .where('action', '=', 'launch_notice')
        .where('entity', '=', 'evaluation')
        .execute();
      expect(audited.map((a) => a.entity_id)).toEqual([round.evaluationId, round.evaluationId]);
    });

    it('tells each evaluatee once that they can propose raters, and the manager once per proposal sent', async () => {
      const { client: admin } = await loginAs(t(), 'admin');
      const jefa = await createUser(t(), { role: 'evaluador', name: unique('Jefa') });
      const luis = await createUser(t(), { name: unique('Luis') });
      const marta = await createUser(t(), { name: unique('Marta') });
      await t()
        .db.updateTable('users')
        .set({ manager_id: jefa.id })
        .where('id', 'in', [luis.id, marta.id])
        .execute();
      const x = await createOpenV2(admin, { name: unique('360 Nominaciones') });
      await t()
        .db.updateTable('v2_evaluations')
        .set({ nominations_enabled: 1, nominations_min: 1, nominations_max: 3 })
        .where('id', '=', x.id)
        .execute();
      const now = '2026-11-28T12:00:00.000Z';
      const [n1, n2] = [luis, marta].map((p) => ({
        evaluation_id: x.id,
        evaluatee_id: p.id,
        status: 'borrador' as const,
        created_at: now,
        updated_at: now,
      }));
      await t().db.insertInto('v2_nominations').values([n1!, n2!]).execute();
      const before = (await mailsOf(t(), 'nominations')).length;
      await runLaunchNotices(t(), at('2026-11-28'));
      const invited = (await mailsOf(t(), 'nominations')).slice(before);
      expect(invited.map((m) => m.to_email).sort()).toEqual([luis.email, marta.email].sort());
      expect(invited[0]!.subject).toMatch(/^Propón a tus evaluadores en «360 Nominaciones/);

      // Both send theirs: the manager gets one e-mail naming both; nothing more on the next sweeps.
      await t()
        .db.updateTable('v2_nominations')
        .set({ status: 'enviada', submitted_at: now })
        .where('evaluation_id', '=', x.id)
        .execute();
      const runs = await Promise.all([1, 2, 3].map(() => runLaunchNotices(t(), at('2026-11-28'))));
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      const toJefa = (await mailsOf(t(), 'nominations')).filter((m) => m.to_email === jefa.email);
      expect(toJefa).toHaveLength(1);
      expect(toJefa[0]!.subject).toBe('2 propuestas de evaluadores esperan tu aprobación');
      expect(toJefa[0]!.text).toContain(luis.name);
      expect(toJefa[0]!.text).toContain(marta.name);
      expect(await runLaunchNotices(t(), at('2026-11-29'))).toBe(0);
    });

    it('reminds overdue work every few days, and sends HR the late evaluations on Mondays only', async () => {
      const { user: hr } = await loginAs(t(), 'gestionhumana');
      const eva = await createUser(t(), { role: 'evaluador', name: unique('Eva') });
      const late = await createV1Evaluation(t(), ['competency'], undefined, { name: unique('Atrasada') });
      await t()
        .db.updateTable('evaluations')
        .set({ due_date: '2026-11-27' })
        .where('id', '=', late.evaluationId)
        .execute();
      await assign(t(), eva.id, (await createUser(t(), { category_id: late.categoryId })).id);

      // 2026-11-29 (Sunday): 2 days late: no reminder; 2026-11-30 (Monday): 3 days late: one.
      await runDueReminders(t(), at('2026-11-29'));
      expect((await mailsOf(t(), 'reminder')).filter((m) => m.to_email === eva.email)).toEqual([]);
      await runDueReminders(t(), at('2026-11-30'));
      const reminders = (await mailsOf(t(), 'reminder')).filter((m) => m.to_email === eva.email);
      expect(reminders).toHaveLength(1);
      expect(reminders[0]!.text).toContain('Venció el 27 de noviembre de 2026.');

      const digests = await mailsOf(t(), 'hr-digest');
      const toHr = digests.filter((m) => m.to_email === hr.email);
      expect(toHr).toHaveLength(1);
      expect(toHr[0]!.text).toContain(
        'venció el 27 de noviembre de 2026: 1 evaluación pendiente de 1 persona',
      );
      // Tuesday: no digest; the next Monday's run writes one again while it is still late.
      await runDueReminders(t(), at('2026-12-01'));
      expect((await mailsOf(t(), 'hr-digest')).filter((m) => m.to_email === hr.email)).toHaveLength(1);
    });

    it('does not remind on the day it announced: a launch e-mail covers the same day’s reminder of that evaluation (decision 060)', async () => {
      const ana = await createUser(t(), { role: 'evaluador', name: unique('Ana') });
      const name = unique('Marzo');
      const round = await createV1Evaluation(t(), ['competency'], undefined, { name });
      // Due on Friday 2027-03-12: REMINDER_DAYS [7, 2, 0] reminds on Wednesday the 10th and on the 12th.
      await t()
        .db.updateTable('evaluations')
        .set({ due_date: '2027-03-12' })
        .where('id', '=', round.evaluationId)
        .execute();
      await assign(t(), ana.id, (await createUser(t(), { category_id: round.categoryId })).id);
      const toAna = async (kind: 'round-launch' | 'reminder') =>
        (await mailsOf(t(), kind)).filter((m) => m.to_email === ana.email);

      // Opened on Wednesday morning: announced at 07:00, and the 08:30 reminder run leaves her out.
      await runLaunchNotices(t(), at('2027-03-10', '11:00:00'));
      expect(await toAna('round-launch')).toHaveLength(1);
      const wednesday = await runDueReminders(t(), at('2027-03-10'));
      expect(wednesday.outcome).toBe('ran');
      expect(await toAna('reminder')).toEqual([]);

      // Told late on Thursday the 11th (21:00 there) of a second round due on Friday: Friday's reminder
      // still comes — a launch covers only its own day's reminder.
      const late = unique('Tarde');
      const second = await createV1Evaluation(t(), ['competency'], undefined, { name: late });
      await t()
        .db.updateTable('evaluations')
        .set({ due_date: '2027-03-12' })
        .where('id', '=', second.evaluationId)
        .execute();
      await assign(t(), ana.id, (await createUser(t(), { category_id: second.categoryId })).id);
      await runLaunchNotices(t(), at('2027-03-12', '01:00:00'));
      expect(await toAna('round-launch')).toHaveLength(2);

      // On the due day she is reminded of both, as anyone.
      await runDueReminders(t(), at('2027-03-12'));
      const reminders = await toAna('reminder');
      expect(reminders).toHaveLength(1);
      expect(reminders[0]!.text).toContain(name);
      expect(reminders[0]!.text).toContain(late);
    });
  },
  { reminderHour: 8, reminderDays: [7, 2, 0], timeZone: 'America/Santo_Domingo' },
);
