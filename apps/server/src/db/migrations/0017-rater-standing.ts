import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Who counts toward 360 anonymity (decision 040):
 *
 * - `users.email_confirmed`: 1 when an administrator confirmed (or set) the address: access and reset
 *   links sent to it reach the person, not whoever typed it. Existing accounts: 0 (nobody confirmed
 *   anything yet).
 * - `users.password_via_link`: 1 when the current password was chosen through an access or reset
 *   link sent to the current address. Such a password counts only once the address is confirmed.
 *   Existing accounts: 1 for those whose password HR does not know already and that ever used a link
 *   (the audit log's `account_activation` and `password_reset`) — the accounts HR could have made
 *   and activated through a mailbox it reads.
 * - `v2_responses.counts_for_anonymity` gains 2 (COUNTS_STAMP.pendingEmail): counts once an
 *   administrator confirms the address, while the evaluation is not closed. Existing responses that
 *   count, of raters marked above: 2. In a closed evaluation that means they do not count any more
 *   (a view only shrinks, decision 023 rule 4); in an open one the confirmation brings them back.
 */
export function raterStanding(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('email_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('password_via_link', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update users set password_via_link = 1
        where password_known_to_hr = 0 and password_hash is not null and email is not null
          and id in (select entity_id from audit_log where entity = 'user'
                       and action in ('account_activation', 'password_reset') and entity_id is not null)`.execute(
        db,
      );
      await sql`update v2_responses set counts_for_anonymity = 2
        where counts_for_anonymity = 1
          and evaluator_id in (select id from users where password_via_link = 1)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`update v2_responses set counts_for_anonymity = 0 where counts_for_anonymity = 2`.execute(db);
      await db.schema.alterTable('users').dropColumn('password_via_link').execute();
      await db.schema.alterTable('users').dropColumn('email_confirmed').execute();
    },
  };
}
