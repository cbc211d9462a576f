import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Releasing 360 results (issue 19, decision 038):
 *
 * - `v2_evaluations.release_evaluatee` / `release_manager`: whether each person's results are shared
 *   with the person and with their manager, once the evaluation is closed. New evaluations share with
 *   nobody until HR decides; evaluations closed before this migration keep what their evaluatees
 *   already read (they were shared with each evaluatee at close — decision 023).
 * - `v2_result_releases`: one person's own choice where it differs (null: as the evaluation).
 * - `v2_release_notices`: the "your results are ready" e-mail written once per person and evaluation
 *   (turning a release off and on again does not write it twice). Filled for the evaluations already
 *   closed, whose evaluatees were told at close.
 */
export function v2Release(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('v2_evaluations')
        .addColumn('release_evaluatee', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('v2_evaluations')
        .addColumn('release_manager', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update v2_evaluations set release_evaluatee = 1 where status = 'closed'`.execute(db);

      await db.schema
        .createTable('v2_result_releases')
        .addColumn('evaluation_id', 'integer', (c) =>
          c.notNull().references('v2_evaluations.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('release_evaluatee', 'integer')
        .addColumn('release_manager', 'integer')
        .addPrimaryKeyConstraint('v2_result_releases_pk', ['evaluation_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('v2_release_notices')
        .addColumn('evaluation_id', 'integer', (c) =>
          c.notNull().references('v2_evaluations.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('v2_release_notices_pk', ['evaluation_id', 'user_id'])
        .execute();
      await sql`
        insert into v2_release_notices (evaluation_id, user_id)
        select distinct a.evaluation_id, a.evaluatee_id
        from v2_assignments a join v2_evaluations e on e.id = a.evaluation_id
        where e.status = 'closed' and a.status = 'completed'`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('v2_release_notices').execute();
      await db.schema.dropTable('v2_result_releases').execute();
      await db.schema.alterTable('v2_evaluations').dropColumn('release_manager').execute();
      await db.schema.alterTable('v2_evaluations').dropColumn('release_evaluatee').execute();
    },
  };
}
