import { expect, it } from 'vitest';
import { describeEngines } from '../../../test/context';
import { testMigrator } from '../../../test/migrator';
import { createV1Evaluation } from '../../../test/v1';

describeEngines('migration 0010: V1 states and question versions', (t) => {
  it('opens each category’s current evaluation when it can, closes the ones it superseded', async () => {
    const db = t().db;
    const old = await createV1Evaluation(t(), ['competency'], undefined, { period: '2025' });
    const current = await createV1Evaluation(t(), [], undefined, {
      categoryId: old.categoryId,
      bankId: old.bankId,
      period: '2026',
    });
    // Same period, newer id: this one is current in its category, but its bank asks nothing.
    const emptyBank = await createV1Evaluation(t(), [], undefined, { period: '2026' });
    const alone = await createV1Evaluation(t(), [], undefined, {
      categoryId: emptyBank.categoryId,
      bankId: emptyBank.bankId,
      period: '2026',
    });

    const migrator = await testMigrator(t());
    const down = await migrator.migrateTo('0009-attempt-throttles');
    expect(down.error).toBeUndefined();
    expect(down.results?.at(-1)?.migrationName).toBe('0010-v1-states-and-versions');
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();

    const status = async (id: number) =>
      (await db.selectFrom('evaluations').select('status').where('id', '=', id).executeTakeFirstOrThrow())
        .status;
    expect(await status(old.evaluationId)).toBe('cerrada');
    expect(await status(current.evaluationId)).toBe('abierta');
    expect(await status(emptyBank.evaluationId)).toBe('cerrada');
    expect(await status(alone.evaluationId)).toBe('borrador');
    const questions = await db.selectFrom('questions').select(['id', 'root_id', 'retired_at']).execute();
    for (const q of questions) expect(q).toEqual({ id: q.id, root_id: q.id, retired_at: null });
  });
});
