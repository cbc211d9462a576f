import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../connection';

/**
 * PostgreSQL: the lower-case name and e-mail the users search compares, stored with each row
 * (generated columns) instead of computed for every row of every search — lower() under a
 * collation was most of a search's time on 10,000 users (decision 031). SQLite needs nothing: its
 * LIKE ignores ASCII case by itself, and its lower() folds only ASCII.
 */
export function userSearchKeys(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await sql`alter table users
        add column name_key text generated always as (lower(name)) stored,
        add column email_key text generated always as (lower(email)) stored`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await sql`alter table users drop column name_key, drop column email_key`.execute(db);
    },
  };
}
