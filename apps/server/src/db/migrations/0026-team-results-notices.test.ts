import { expect, it } from 'vitest';
import { describeEngines } from '../../../test/context';
import { createUser, loginAs } from '../../../test/factories';
import { testMigrator } from '../../../test/migrator';
import { createOpenV2 } from '../../../test/v2';

describeEngines('migration 0026: managers of rounds closed before it count as told', (t) => {
  it('marks the managers of closed 360s — by Reporta a and by a manager rater — and nobody of an open one', async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    const boss = await createUser(t(), { role: 'evaluador' });
    const rater = await createUser(t(), { role: 'evaluador' });
    const person = await createUser(t());
    await t().db.updateTable('users').set({ manager_id: boss.id }).where('id', '=', person.id).execute();
    const closed = await createOpenV2(admin);
    const open = await createOpenV2(admin);
    for (const ev of [closed, open]) {
      const res = await admin.post('/api/assignments-v2/bulk', {
        evaluation_id: ev.id,
        assignments: [{ evaluator_id: rater.id, evaluatee_id: person.id, relation: 'manager' }],
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await admin.patch(`/api/evaluations-v2/${closed.id}`, { status: 'closed' })).statusCode).toBe(
      200,
    );

    const migrator = await testMigrator(t());
    expect((await migrator.migrateTo('0025-launch-notices')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await t()
      .db.selectFrom('launch_notices')
      .select(['evaluation_id', 'user_id', 'told_at'])
      .where('kind', '=', 'team-results')
      .where('evaluation_id', 'in', [closed.id, open.id])
      .orderBy('user_id')
      .execute();
    expect(rows).toEqual(
      [boss.id, rater.id]
        .sort((a, b) => a - b)
        .map((user_id) => ({ evaluation_id: closed.id, user_id, told_at: null })),
    );
  });
});
