import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../connection';
import { withId } from './helpers';

/**
 * Attempts limited outside the login (decision 021): wrong tokens at POST /api/setup per address and
 * wrong current passwords at POST /api/profile/change-password per user. One row is an attempt that
 * reserved its place before any password work (a failure unless the attempt succeeds or is refused).
 * `scope` names the rule ('setup', 'password'), `subject` what it counts (the address, the user id).
 */
export function attemptThrottles(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('attempt_throttles'), engine)
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('attempt_throttles_subject_idx')
        .on('attempt_throttles')
        .columns(['scope', 'subject', 'created_at'])
        .execute();
      // The purge deletes by age alone.
      await db.schema
        .createIndex('attempt_throttles_created_idx')
        .on('attempt_throttles')
        .column('created_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('attempt_throttles').execute();
    },
  };
}
