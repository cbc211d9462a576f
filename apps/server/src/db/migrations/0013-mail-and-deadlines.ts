import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../connection';
import { withId } from './helpers';

/**
 * Reaching people (decision 033):
 *
 * - `outbox`: every e-mail, written in the transaction of the change that causes it and delivered
 *   by the sender. A row is claimed by one instance (`status` 'enviando' until `claimed_until`); a
 *   claim that outlives its instance is taken again once that time has passed. `link` is the
 *   message's single-use link, if any, so that the Correos screen can hide it.
 * - `user_tokens`: access and password-reset links, stored as SHA-256 only; one live token per
 *   person and purpose (a new one voids the old by deleting it).
 * - `job_runs`: a scheduled job's run, claimed by inserting its key (one instance wins).
 * - `auto_reminders`: at most one automatic reminder per person per day.
 * - `due_date` on both evaluation kinds (YYYY-MM-DD or null).
 */
export function mailAndDeadlines(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('outbox'), engine)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('to_email', 'text', (c) => c.notNull())
        .addColumn('to_name', 'text')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('html', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('link', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pendiente'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('claimed_until', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      // The sender's claim: due rows in order.
      await db.schema
        .createIndex('outbox_due_idx')
        .on('outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema.createIndex('outbox_user_idx').on('outbox').column('user_id').execute();

      await withId(db.schema.createTable('user_tokens'), engine)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('user_tokens_user_idx')
        .on('user_tokens')
        .columns(['user_id', 'purpose'])
        .execute();

      await db.schema
        .createTable('job_runs')
        .addColumn('job', 'text', (c) => c.notNull())
        .addColumn('run_key', 'text', (c) => c.notNull())
        .addColumn('claimed_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('job_runs_pk', ['job', 'run_key'])
        .execute();

      await db.schema
        .createTable('auto_reminders')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('auto_reminders_pk', ['user_id', 'day'])
        .execute();

      await db.schema.alterTable('evaluations').addColumn('due_date', 'text').execute();
      await db.schema.alterTable('v2_evaluations').addColumn('due_date', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('v2_evaluations').dropColumn('due_date').execute();
      await db.schema.alterTable('evaluations').dropColumn('due_date').execute();
      for (const table of ['auto_reminders', 'job_runs', 'user_tokens', 'outbox']) {
        await sql`drop table ${sql.table(table)}`.execute(db);
      }
    },
  };
}
