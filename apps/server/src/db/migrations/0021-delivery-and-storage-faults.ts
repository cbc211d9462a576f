import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../connection';

/**
 * Faults seen from outside (issue 27, decision 044):
 *
 * - `outbox.message_id`: the message's Message-ID, chosen once when it is written and sent with every
 *   attempt, so that a message delivered twice shows once in mail clients. Messages not yet sent get
 *   one here; those already sent keep none (they went out with an ID nodemailer made up).
 * - `outbox.attempt_started_at`: set just before a message is handed to the SMTP server, cleared when
 *   the attempt's end is recorded. A claim that lapsed with it set had an attempt that may have been
 *   accepted: the next claim sets `possible_duplicate` (shown in Correos).
 * - `store_probe`: one row the health check writes to learn whether the store takes writes again.
 */
export function deliveryAndStorageFaults(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('outbox').addColumn('message_id', 'text').execute();
      await db.schema.alterTable('outbox').addColumn('attempt_started_at', 'text').execute();
      await db.schema
        .alterTable('outbox')
        .addColumn('possible_duplicate', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      const random =
        engine === 'postgres' ? sql`md5(random()::text || id::text)` : sql`lower(hex(randomblob(16)))`;
      await sql`update outbox set message_id = '<outbox-' || id || '.' || ${random} || '@evalua.invalid>'
        where status <> 'enviado'`.execute(db);

      await db.schema
        .createTable('store_probe')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('checked_at', 'text', (c) => c.notNull())
        .addColumn('filler', engine === 'postgres' ? 'bytea' : 'blob')
        .execute();
      await sql`insert into store_probe (id, checked_at) values (1, '')`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('store_probe').execute();
      await db.schema.alterTable('outbox').dropColumn('possible_duplicate').execute();
      await db.schema.alterTable('outbox').dropColumn('attempt_started_at').execute();
      await db.schema.alterTable('outbox').dropColumn('message_id').execute();
    },
  };
}
