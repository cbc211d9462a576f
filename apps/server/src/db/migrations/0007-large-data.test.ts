import { v2SectionSums, type QuestionType } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { describeEngines } from '../../../test/context';
import { testMigrator } from '../../../test/migrator';
import { build360 } from '../../../test/v2-answers';

const SUMS = ['competency_weighted', 'competency_weight', 'objective_weighted', 'objective_weight'] as const;

describeEngines('migration 0007: response sums', (t) => {
  it('stores each response’s section sums at submit, and fills in responses made before it', async () => {
    const scenario = await build360(t());
    const db = t().db;
    const stored = async () =>
      db
        .selectFrom('v2_responses as r')
        .innerJoin('v2_assignments as a', 'a.id', 'r.assignment_id')
        .select(['r.id', ...SUMS.map((c) => `r.${c}` as const)])
        .where('a.evaluation_id', '=', scenario.evaluation.id)
        .orderBy('r.id')
        .execute();

    // What the contracts' v2SectionSums makes of each response's answers.
    const answers = await db
      .selectFrom('v2_answers as x')
      .innerJoin('v2_items as i', 'i.id', 'x.item_id')
      .select(['x.response_id', 'x.score', 'i.section', 'i.weight'])
      .execute();
    const expected = (responseId: number) => {
      const sums = v2SectionSums(
        answers
          .filter((a) => a.response_id === responseId)
          .map((a) => ({ section: a.section as QuestionType, weight: Number(a.weight), score: a.score })),
      );
      return [
        sums.competency?.weighted ?? null,
        sums.competency?.weight ?? null,
        sums.objective?.weighted ?? null,
        sums.objective?.weight ?? null,
      ];
    };
    const close = (rows: Awaited<ReturnType<typeof stored>>) => {
      expect(rows.length).toBeGreaterThan(10);
      for (const row of rows) {
        const want = expected(row.id);
        SUMS.forEach((c, k) => {
          if (want[k] === null) expect(row[c]).toBeNull();
          else expect(row[c]).toBeCloseTo(want[k]!, 10);
        });
      }
    };
    close(await stored());
    // Some rater had an N/A in the objectives: a section can be missing on its own.
    expect((await stored()).some((r) => r.objective_weight === 1)).toBe(true);

    // Down to 0006 and up again: the sums are recomputed from the answers by the migration's UPDATE.
    const migrator = await testMigrator(t());
    const down = await migrator.migrateTo('0006-audit-indexes');
    expect(down.error).toBeUndefined();
    expect(down.results?.at(-1)?.migrationName).toBe('0007-large-data');
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    close(await stored());

    // And the results read them: the scenario's p1 → A figures are as hand-computed (80 %).
    const res = await scenario.admin.get(
      `/api/evaluations-v2/${scenario.evaluation.id}/results/${scenario.evaluatees.A.user.id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().relations.find((r: { relation: string }) => r.relation === 'self')).toMatchObject({
      overall_percentage: 100,
    });
  });
});
