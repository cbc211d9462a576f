import { sql, type Kysely, type Migration } from 'kysely';

/**
 * V1 evaluation states and question versions (decision 026):
 *
 * - `evaluations.status`: 'borrador', 'abierta' or 'cerrada'. At most one evaluation of a category is
 *   open (a partial unique index). Existing data: each category's current evaluation under the old
 *   rule (latest period, then newest id) is open when its bank has a question, else a draft; every
 *   other evaluation was superseded by it and is closed.
 * - `questions.retired_at`: set when an answered question is edited (a new version replaces it in the
 *   bank) or removed; a retired question is never asked again, and the results that used it keep
 *   pointing at it unchanged. `questions.root_id`: the first version's id, so that a new version keeps
 *   its place in the bank's order.
 */
export function v1StatesAndVersions(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('evaluations')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('borrador'))
        .execute();
      await sql`update evaluations set status = 'cerrada'`.execute(db);
      await sql`update evaluations set status = case
          when exists (select 1 from questions q where q.bank_id = evaluations.question_bank_id)
          then 'abierta' else 'borrador' end
        where not exists (
          select 1 from evaluations newer
          where newer.category_id = evaluations.category_id
            and (newer.period > evaluations.period
              or (newer.period = evaluations.period and newer.id > evaluations.id)))`.execute(db);
      await db.schema
        .createIndex('evaluations_one_open_uq')
        .unique()
        .on('evaluations')
        .column('category_id')
        .where(sql.ref('status'), '=', 'abierta')
        .execute();
      await db.schema.alterTable('questions').addColumn('retired_at', 'text').execute();
      await db.schema.alterTable('questions').addColumn('root_id', 'integer').execute();
      await sql`update questions set root_id = id`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('questions').dropColumn('root_id').execute();
      await db.schema.alterTable('questions').dropColumn('retired_at').execute();
      await db.schema.dropIndex('evaluations_one_open_uq').execute();
      await db.schema.alterTable('evaluations').dropColumn('status').execute();
    },
  };
}
