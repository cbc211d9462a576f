import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../connection';
import { withId } from './helpers';

/**
 * 'Reporta a' and 360 nominations (issue 19, decision 036):
 *
 * - `users.manager_id`: whom the person reports to (null: nobody). Fills the 'manager' relation of a
 *   360 and decides who approves a person's nominations.
 * - `v2_evaluations.nominations_*`: whether evaluatees propose their own raters, and how many.
 * - `v2_nominations`: one per (evaluation, evaluatee) taking part, with its state
 *   ('borrador' → 'enviada' → 'aprobada').
 * - `v2_nominees`: the proposed (or approved) raters of a nomination, each with its relation.
 */
export function reportsToAndNominations(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('manager_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('users_manager_idx').on('users').column('manager_id').execute();

      await db.schema
        .alterTable('v2_evaluations')
        .addColumn('nominations_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('v2_evaluations').addColumn('nominations_min', 'integer').execute();
      await db.schema.alterTable('v2_evaluations').addColumn('nominations_max', 'integer').execute();

      await withId(db.schema.createTable('v2_nominations'), engine)
        .addColumn('evaluation_id', 'integer', (c) =>
          c.notNull().references('v2_evaluations.id').onDelete('cascade'),
        )
        .addColumn('evaluatee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('borrador'))
        .addColumn('submitted_at', 'text')
        .addColumn('approved_at', 'text')
        .addColumn('approved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('v2_nominations_pair_uq', ['evaluation_id', 'evaluatee_id'])
        .addCheckConstraint('v2_nominations_status_ck', sql`status in ('borrador', 'enviada', 'aprobada')`)
        .execute();
      await db.schema
        .createIndex('v2_nominations_evaluatee_idx')
        .on('v2_nominations')
        .column('evaluatee_id')
        .execute();

      await withId(db.schema.createTable('v2_nominees'), engine)
        .addColumn('nomination_id', 'integer', (c) =>
          c.notNull().references('v2_nominations.id').onDelete('cascade'),
        )
        .addColumn('nominee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('relation', 'text', (c) => c.notNull())
        .addUniqueConstraint('v2_nominees_pair_uq', ['nomination_id', 'nominee_id'])
        .addCheckConstraint('v2_nominees_relation_ck', sql`relation in ('peer', 'report')`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table v2_nominees`.execute(db);
      await sql`drop table v2_nominations`.execute(db);
      await db.schema.alterTable('v2_evaluations').dropColumn('nominations_max').execute();
      await db.schema.alterTable('v2_evaluations').dropColumn('nominations_min').execute();
      await db.schema.alterTable('v2_evaluations').dropColumn('nominations_enabled').execute();
      await db.schema.dropIndex('users_manager_idx').execute();
      await db.schema.alterTable('users').dropColumn('manager_id').execute();
    },
  };
}
