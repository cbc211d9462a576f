import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';

/** Throws when the database does not answer a trivial query. */
export async function databaseAnswers(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * A small real write that needs room (decision 044): throws while the store cannot take writes.
 * On SQLite a row of 16 kB is written and removed in one transaction, so the database must be able
 * to grow by a few pages (a full disk or `max_page_count` refuses it; rewriting a page in place
 * would not tell); on PostgreSQL one row of `store_probe` is updated (a server in recovery or set
 * read-only refuses any write; a full disk refuses the WAL record).
 */
export async function probeWrite(db: Kysely<Database>, engine: Engine, now: string): Promise<void> {
  if (engine === 'sqlite') {
    await db.transaction().execute(async (trx) => {
      await sql`insert into store_probe (id, checked_at, filler) values (2, ${now}, zeroblob(16384))`.execute(
        trx,
      );
      await sql`delete from store_probe where id = 2`.execute(trx);
      await sql`update store_probe set checked_at = ${now} where id = 1`.execute(trx);
    });
    return;
  }
  await sql`update store_probe set checked_at = ${now} where id = 1`.execute(db);
}
