import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEngines, type TestContext } from '../../../test/context';
import { testMigrator } from '../../../test/migrator';
import { build360 } from '../../../test/v2-answers';

/** The indexes and triggers on v2_assignments (SQLite's stored definitions; PostgreSQL keeps them itself). */
async function companions(t: TestContext): Promise<string[]> {
  if (t.engine !== 'sqlite') return [];
  const rows = await sql<{ name: string }>`
    select name from sqlite_master
    where tbl_name = 'v2_assignments' and type in ('index', 'trigger') and sql is not null
    order by name`.execute(t.db);
  return rows.rows.map((r) => r.name);
}

describeEngines('migration 0014: v2 drafts and declines', (t) => {
  it('rebuilds v2_assignments with the declined status, keeping rows, responses, indexes and triggers', async () => {
    const s = await build360(t());
    const p4 = await s.assignmentId('p4', 'D');
    const saved = await s.raters.p4.client.put(`/api/responses-v2/draft/${p4}`, {
      answers: [{ item_id: s.items[0]!.id, value: 3 }],
    });
    expect(saved.statusCode).toBe(200);
    const before = {
      assignments: await t().db.selectFrom('v2_assignments').select(['id', 'status']).orderBy('id').execute(),
      responses: await t()
        .db.selectFrom('v2_responses')
        .select(['id', 'assignment_id'])
        .orderBy('id')
        .execute(),
      companions: await companions(t()),
    };
    expect(before.responses.length).toBeGreaterThan(0);
    if (t().engine === 'sqlite') expect(before.companions.some((n) => n.endsWith('_stamp'))).toBe(true);

    const declined = await s.raters.p4.client.post('/api/responses-v2/decline', {
      assignment_id: p4,
      reason: 'Sin contacto.',
    });
    expect(declined.statusCode).toBe(200);

    const migrator = await testMigrator(t());
    const down = await migrator.migrateTo('0013-mail-and-deadlines');
    expect(down.error).toBeUndefined();
    expect(down.results?.at(-1)?.migrationName).toBe('0014-v2-drafts-and-declines');
    // Down: the declined request is pending again; responses and their references untouched.
    const downRows = await t()
      .db.selectFrom('v2_assignments')
      .select(['id', 'status'])
      .orderBy('id')
      .execute();
    expect(downRows).toEqual(before.assignments);
    expect(await companions(t())).toEqual(before.companions);

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(
      await t().db.selectFrom('v2_assignments').select(['id', 'status']).orderBy('id').execute(),
    ).toEqual(before.assignments);
    expect(
      await t().db.selectFrom('v2_responses').select(['id', 'assignment_id']).orderBy('id').execute(),
    ).toEqual(before.responses);
    expect(await companions(t())).toEqual(before.companions);
    if (t().engine === 'sqlite') {
      const broken = await sql`pragma foreign_key_check`.execute(t().db);
      expect(broken.rows).toEqual([]);
    }
    // The new status is accepted, and the drafts table is back.
    await t()
      .db.updateTable('v2_assignments')
      .set({ status: 'declined', decline_reason: 'Otra vez.', declined_at: new Date().toISOString() })
      .where('id', '=', p4)
      .execute();
    expect(await t().db.selectFrom('v2_drafts').selectAll().execute()).toEqual([]);
    // A deleted assignment takes its draft with it (cascade).
    await t().db.updateTable('v2_assignments').set({ status: 'pending' }).where('id', '=', p4).execute();
    await t()
      .db.insertInto('v2_drafts')
      .values({ assignment_id: p4, answers: '[]', updated_at: 'x' })
      .execute();
    await t().db.deleteFrom('v2_assignments').where('id', '=', p4).execute();
    expect(await t().db.selectFrom('v2_drafts').selectAll().execute()).toEqual([]);
  });
});
