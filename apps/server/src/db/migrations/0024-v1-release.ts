import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../connection';
import { withId } from './helpers';

/**
 * Releasing classic (V1) results and correcting a submission before release (issue 30 §1, decision
 * 050):
 * - `evaluations.release_mode`: 'al_enviar' (the person reads each result once submitted: SPEC.md's
 *   behaviour, kept by every existing evaluation and by a create without the field) or 'al_publicar'
 *   (nobody but admin, HR and the evaluator reads it until HR releases it); `released_at` is when HR
 *   released the whole round.
 * - `v1_person_releases`: a release to one person before the round's.
 * - `v1_release_notices`: who was told that their report is ready (once per person and evaluation);
 *   everyone already holding a result was told at submit.
 * - `v1_submission_versions`: a reopened submission, kept as it was with who reopened it and why.
 */
export function v1Release(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('evaluations')
        .addColumn('release_mode', 'text', (c) => c.notNull().defaultTo('al_enviar'))
        .execute();
      await db.schema.alterTable('evaluations').addColumn('released_at', 'text').execute();

      await db.schema
        .createTable('v1_person_releases')
        .addColumn('evaluation_id', 'integer', (c) =>
          c.notNull().references('evaluations.id').onDelete('cascade'),
        )
        .addColumn('collaborator_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('released_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('v1_person_releases_pk', ['evaluation_id', 'collaborator_id'])
        .execute();

      await db.schema
        .createTable('v1_release_notices')
        .addColumn('evaluation_id', 'integer', (c) =>
          c.notNull().references('evaluations.id').onDelete('cascade'),
        )
        .addColumn('collaborator_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('v1_release_notices_pk', ['evaluation_id', 'collaborator_id'])
        .execute();
      await sql`
        insert into v1_release_notices (evaluation_id, collaborator_id)
        select distinct evaluation_id, collaborator_id from v1_submissions`.execute(db);

      await withId(db.schema.createTable('v1_submission_versions'), engine)
        .addColumn('submission_id', 'integer', (c) => c.notNull())
        .addColumn('evaluation_id', 'integer', (c) =>
          c.notNull().references('evaluations.id').onDelete('cascade'),
        )
        .addColumn('collaborator_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('evaluator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('competencies_percentage', 'double precision')
        .addColumn('objectives_percentage', 'double precision')
        .addColumn('overall_percentage', 'double precision', (c) => c.notNull())
        .addColumn('requires_training', 'integer', (c) => c.notNull())
        .addColumn('training_comments', 'text', (c) => c.notNull())
        /** JSON: [{ question_id, score }] as answered. */
        .addColumn('answers', 'text', (c) => c.notNull())
        .addColumn('submitted_at', 'text', (c) => c.notNull())
        .addColumn('reopened_at', 'text', (c) => c.notNull())
        .addColumn('reopened_by', 'integer')
        .addColumn('reason', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('v1_submission_versions_person_idx')
        .on('v1_submission_versions')
        .columns(['evaluation_id', 'collaborator_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('v1_submission_versions').execute();
      await db.schema.dropTable('v1_release_notices').execute();
      await db.schema.dropTable('v1_person_releases').execute();
      await db.schema.alterTable('evaluations').dropColumn('released_at').execute();
      await db.schema.alterTable('evaluations').dropColumn('release_mode').execute();
    },
  };
}
