import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../connection';
import { withId } from './helpers';

/** Questions, evaluator→collaborator assignments, and V1 submissions with their answers. */
export function v1Rounds(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('questions'), engine)
        .addColumn('bank_id', 'integer', (c) =>
          c.notNull().references('question_banks.id').onDelete('cascade'),
        )
        .addColumn('question_text', 'text', (c) => c.notNull())
        .addColumn('question_type', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('questions_bank_idx').on('questions').column('bank_id').execute();

      await withId(db.schema.createTable('assignments'), engine)
        .addColumn('evaluator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('collaborator_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('restrict'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('assignments_pair_uq', ['evaluator_id', 'collaborator_id'])
        .execute();
      await db.schema
        .createIndex('assignments_collaborator_idx')
        .on('assignments')
        .column('collaborator_id')
        .execute();

      await withId(db.schema.createTable('v1_submissions'), engine)
        .addColumn('evaluation_id', 'integer', (c) =>
          c.notNull().references('evaluations.id').onDelete('restrict'),
        )
        .addColumn('collaborator_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('restrict'),
        )
        .addColumn('evaluator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('competencies_percentage', 'double precision')
        .addColumn('objectives_percentage', 'double precision')
        .addColumn('overall_percentage', 'double precision', (c) => c.notNull())
        .addColumn('requires_training', 'integer', (c) => c.notNull())
        .addColumn('training_comments', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('v1_submissions_once_uq', ['evaluation_id', 'collaborator_id', 'evaluator_id'])
        .execute();
      await db.schema
        .createIndex('v1_submissions_collaborator_idx')
        .on('v1_submissions')
        .columns(['collaborator_id', 'evaluation_id'])
        .execute();
      await db.schema
        .createIndex('v1_submissions_evaluator_idx')
        .on('v1_submissions')
        .column('evaluator_id')
        .execute();

      await withId(db.schema.createTable('v1_answers'), engine)
        .addColumn('submission_id', 'integer', (c) =>
          c.notNull().references('v1_submissions.id').onDelete('cascade'),
        )
        .addColumn('question_id', 'integer', (c) =>
          c.notNull().references('questions.id').onDelete('restrict'),
        )
        .addColumn('score', 'integer', (c) => c.notNull())
        .addUniqueConstraint('v1_answers_once_uq', ['submission_id', 'question_id'])
        .execute();
      await db.schema.createIndex('v1_answers_question_idx').on('v1_answers').column('question_id').execute();
    },
  };
}
