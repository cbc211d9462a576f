import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../connection';

/**
 * Rater drafts and declined requests (decision 034):
 *
 * - `v2_drafts`: a rater's unsent answers for one of their assignments (one per assignment, JSON
 *   text), deleted with the assignment and by the submit that sends them.
 * - `v2_assignments.status` may be 'declined' (the check constraint gains the value), with
 *   `decline_reason` and `declined_at`.
 *
 * SQLite cannot change a check constraint in place: the table is rebuilt from its own definition
 * (whatever columns earlier migrations gave it), with foreign keys off while its old copy is
 * dropped so that the responses pointing at it are kept, and checked again afterwards; its indexes
 * and triggers are made again from their own definitions.
 */
const OLD_CHECK = "status in ('pending', 'completed')";
const NEW_CHECK = "status in ('pending', 'completed', 'declined')";

async function setStatusCheck(db: Kysely<unknown>, engine: Engine, from: string, to: string): Promise<void> {
  if (engine === 'postgres') {
    await sql`alter table v2_assignments drop constraint v2_assignments_status_ck`.execute(db);
    await sql`alter table v2_assignments add constraint v2_assignments_status_ck check (${sql.raw(to)})`.execute(
      db,
    );
    return;
  }
  const table = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'v2_assignments'`.execute(db);
  const definition = table.rows[0]?.sql;
  if (!definition || !definition.includes(from)) {
    throw new Error('v2_assignments: no se encontró la restricción de estado esperada.');
  }
  // Its indexes and triggers (the data stamps' of migration 0011) go with the old table: made again.
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master
    where type in ('index', 'trigger') and tbl_name = 'v2_assignments' and sql is not null
    order by case type when 'index' then 0 else 1 end, name`.execute(db);
  const rebuilt = definition
    .replace(from, to)
    .replace(/^create table\s+("v2_assignments"|v2_assignments)/i, 'create table "v2_assignments_rebuild"');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql.raw(rebuilt).execute(db);
    await sql`insert into v2_assignments_rebuild select * from v2_assignments`.execute(db);
    await sql`drop table v2_assignments`.execute(db);
    await sql`alter table v2_assignments_rebuild rename to v2_assignments`.execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    const left = await sql<{ n: number }>`
      select count(*) as n from sqlite_master where tbl_name = 'v2_assignments' and sql is not null
        and type in ('index', 'trigger')`.execute(db);
    if (Number(left.rows[0]?.n) !== indexes.rows.length) {
      throw new Error('v2_assignments: faltan índices o disparadores tras reconstruir la tabla.');
    }
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0)
      throw new Error('v2_assignments: claves foráneas rotas tras reconstruir la tabla.');
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export function v2DraftsAndDeclines(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await setStatusCheck(db, engine, OLD_CHECK, NEW_CHECK);
      await db.schema.alterTable('v2_assignments').addColumn('decline_reason', 'text').execute();
      await db.schema.alterTable('v2_assignments').addColumn('declined_at', 'text').execute();

      await db.schema
        .createTable('v2_drafts')
        .addColumn('assignment_id', 'integer', (c) =>
          c.primaryKey().references('v2_assignments.id').onDelete('cascade'),
        )
        .addColumn('answers', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('v2_drafts').execute();
      await sql`update v2_assignments set status = 'pending' where status = 'declined'`.execute(db);
      await db.schema.alterTable('v2_assignments').dropColumn('declined_at').execute();
      await db.schema.alterTable('v2_assignments').dropColumn('decline_reason').execute();
      await setStatusCheck(db, engine, NEW_CHECK, OLD_CHECK);
    },
  };
}
