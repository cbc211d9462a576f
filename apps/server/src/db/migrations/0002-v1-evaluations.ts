import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../connection';
import { withId } from './helpers';

/** Question banks and V1 evaluations (the administration screens build on these). */
export function v1Evaluations(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('question_banks'), engine)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .execute();

      await withId(db.schema.createTable('evaluations'), engine)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('weight_objectives', 'double precision', (c) => c.notNull())
        .addColumn('weight_competencies', 'double precision', (c) => c.notNull())
        .addColumn('category_id', 'integer', (c) =>
          c.notNull().references('categories.id').onDelete('restrict'),
        )
        .addColumn('question_bank_id', 'integer', (c) =>
          c.references('question_banks.id').onDelete('restrict'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('evaluations_category_idx')
        .on('evaluations')
        .column('category_id')
        .execute();
    },
  };
}
