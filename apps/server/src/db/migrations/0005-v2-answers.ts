import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../connection';
import { withId } from './helpers';

/**
 * 360 evaluations (V2), part 2: one response per assignment with one answer per item, and the
 * snapshots that freeze an evaluation's results (decision 018).
 */
export function v2Answers(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('v2_responses'), engine)
        // A completed assignment keeps its answers: it cannot be deleted while they exist.
        .addColumn('assignment_id', 'integer', (c) =>
          c.notNull().unique().references('v2_assignments.id').onDelete('restrict'),
        )
        .addColumn('evaluator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('submitted_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('v2_responses_evaluator_idx')
        .on('v2_responses')
        .column('evaluator_id')
        .execute();

      await withId(db.schema.createTable('v2_answers'), engine)
        .addColumn('response_id', 'integer', (c) =>
          c.notNull().references('v2_responses.id').onDelete('cascade'),
        )
        .addColumn('item_id', 'integer', (c) => c.notNull().references('v2_items.id').onDelete('restrict'))
        // JSON of the value given: a number, true/false, a status_3 word, a text, or "na".
        .addColumn('value', 'text', (c) => c.notNull())
        // 0-1; null for text and N/A answers.
        .addColumn('score', 'double precision')
        .addColumn('skip', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('comment', 'text')
        // Also the index the aggregates use to reach a response's answers.
        .addUniqueConstraint('v2_answers_once_uq', ['response_id', 'item_id'])
        .addCheckConstraint('v2_answers_skip_ck', sql`skip in (0, 1)`)
        .addCheckConstraint('v2_answers_score_ck', sql`score is null or (score >= 0 and score <= 1)`)
        .execute();
      // Per item across responses (item averages), and the item's foreign key.
      await db.schema
        .createIndex('v2_answers_item_idx')
        .on('v2_answers')
        .columns(['item_id', 'response_id'])
        .execute();

      await withId(db.schema.createTable('v2_snapshots'), engine)
        .addColumn('evaluation_id', 'integer', (c) =>
          c.notNull().references('v2_evaluations.id').onDelete('cascade'),
        )
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('notes', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('restrict'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('anonymity_min_raters', 'integer', (c) => c.notNull())
        // JSON: {full, restricted} summaries and per-evaluatee results (decision 018).
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('v2_snapshots_evaluation_idx')
        .on('v2_snapshots')
        .columns(['evaluation_id', 'created_at'])
        .execute();
    },
  };
}
