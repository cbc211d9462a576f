import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Throws when the database does not answer a trivial query. */
export async function databaseAnswers(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
