import { expect, it } from 'vitest';
import { describeEngines, type TestContext } from '../../../test/context';
import { testMigrator } from '../../../test/migrator';
import { build360 } from '../../../test/v2-answers';

/** Each rater's response stamps in the evaluation, by rater id. */
async function stampsOf(
  t: TestContext,
  evaluationId: number,
  raterIds: number[],
): Promise<Record<number, number[]>> {
  const rows = await t.db
    .selectFrom('v2_responses as r')
    .innerJoin('v2_assignments as a', 'a.id', 'r.assignment_id')
    .select(['r.evaluator_id', 'r.counts_for_anonymity'])
    .where('a.evaluation_id', '=', evaluationId)
    .where('r.evaluator_id', 'in', raterIds)
    .orderBy('r.id')
    .execute();
  const out: Record<number, number[]> = {};
  for (const r of rows) (out[r.evaluator_id] ??= []).push(Number(r.counts_for_anonymity));
  return out;
}

describeEngines('migration 0017: who counts toward anonymity', (t) => {
  it('marks the accounts that chose their password through a link as waiting for a confirmation, and their answers with them', async () => {
    const s = await build360(t());
    const [linked, adminSet, hrTyped] = [s.raters.p1.user, s.raters.p2.user, s.raters.p3.user];
    // p1 activated through a link (HR could have read it); p2's password was set directly (an
    // administrator); p3's was typed by HR and later reset through a link.
    await t()
      .db.insertInto('audit_log')
      .values([
        {
          user_id: linked.id,
          action: 'account_activation',
          entity: 'user',
          entity_id: linked.id,
          created_at: new Date().toISOString(),
        },
        {
          user_id: hrTyped.id,
          action: 'password_reset',
          entity: 'user',
          entity_id: hrTyped.id,
          created_at: new Date().toISOString(),
        },
      ])
      .execute();
    const ids = [linked.id, adminSet.id, hrTyped.id];
    const migrator = await testMigrator(t());
    const down = await migrator.migrateTo('0016-v2-release');
    expect(down.error).toBeUndefined();
    await t().db.updateTable('users').set({ password_known_to_hr: 1 }).where('id', '=', hrTyped.id).execute();
    await t()
      .db.updateTable('v2_responses')
      .set({ counts_for_anonymity: 0 })
      .where('evaluator_id', '=', hrTyped.id)
      .execute();
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();

    const users = await t()
      .db.selectFrom('users')
      .select(['id', 'password_via_link', 'email_confirmed', 'password_known_to_hr'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(users).toEqual([
      { id: linked.id, password_via_link: 1, email_confirmed: 0, password_known_to_hr: 0 },
      { id: adminSet.id, password_via_link: 0, email_confirmed: 0, password_known_to_hr: 0 },
      { id: hrTyped.id, password_via_link: 0, email_confirmed: 0, password_known_to_hr: 1 },
    ]);
    const stamps = await stampsOf(t(), s.evaluation.id, ids);
    expect(new Set(stamps[linked.id])).toEqual(new Set([2]));
    expect(new Set(stamps[adminSet.id])).toEqual(new Set([1]));
    expect(new Set(stamps[hrTyped.id])).toEqual(new Set([0]));
  });
});
