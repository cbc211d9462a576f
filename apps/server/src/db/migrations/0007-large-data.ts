import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../connection';

/**
 * For results at the size of a school district (docs/performance.md, "Benchmark"):
 *
 * - Each 360 response keeps its rater's weighted sums per section (Σ item weight × score and
 *   Σ item weight over the scored answers), written with the response. An evaluation's results and
 *   snapshots then read one row per response instead of grouping every answer (600,000 for 10,000
 *   evaluatees). Items cannot change once an evaluation is open, so the sums never go stale.
 *   Existing responses are filled in from their answers.
 * - A covering index for the per-evaluatee assignment counts of the results (evaluation, evaluatee,
 *   relation, status): the GROUP BY reads the index in order, with no table look-up and no sort.
 * - SQLite: no index of the answers by item. Every submit wrote 20 entries into it, one in each
 *   item's range: 20 more pages changed and written to the WAL per submit, which made a submit
 *   about 3× dearer (0.83 → 0.24 ms of SQLite work, docs/performance.md). Results read answers by
 *   response. Its one use was the foreign-key check when an item is deleted — only a draft's items
 *   can be, and a draft has no answers — which now scans the answers (≈ 0.1 s at 600,000 answers).
 *   PostgreSQL keeps it (its inserts do not pay the same price, and it has no budget on submits).
 */
const SUM_COLUMNS = [
  ['competency_weighted', 'competency', sql`i.weight * x.score`],
  ['competency_weight', 'competency', sql`i.weight`],
  ['objective_weighted', 'objective', sql`i.weight * x.score`],
  ['objective_weight', 'objective', sql`i.weight`],
] as const;

export function largeData(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      for (const [column] of SUM_COLUMNS) {
        await db.schema.alterTable('v2_responses').addColumn(column, 'double precision').execute();
      }
      const sets = SUM_COLUMNS.map(
        ([column, section, term]) =>
          sql`${sql.ref(column)} = (select sum(${term}) from v2_answers x inner join v2_items i on i.id = x.item_id
            where x.response_id = v2_responses.id and x.score is not null and i.section = ${sql.lit(section)})`,
      );
      await sql`update v2_responses set ${sql.join(sets)}`.execute(db);
      await db.schema
        .createIndex('v2_assignments_results_idx')
        .on('v2_assignments')
        .columns(['evaluation_id', 'evaluatee_id', 'relation', 'status'])
        .execute();
      if (engine === 'sqlite') await db.schema.dropIndex('v2_answers_item_idx').execute();
    },
    async down(db: Kysely<unknown>) {
      if (engine === 'sqlite') {
        await db.schema
          .createIndex('v2_answers_item_idx')
          .on('v2_answers')
          .columns(['item_id', 'response_id'])
          .execute();
      }
      await db.schema.dropIndex('v2_assignments_results_idx').execute();
      for (const [column] of SUM_COLUMNS) {
        await db.schema.alterTable('v2_responses').dropColumn(column).execute();
      }
    },
  };
}
