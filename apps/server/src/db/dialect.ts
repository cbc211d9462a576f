import { PostgresAdapter, type Kysely } from 'kysely';

/** Whether this database (or transaction) is PostgreSQL; SQLite otherwise. */
export function onPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
