import { sql, type Kysely, type Migration } from 'kysely';

/**
 * 360 confidentiality (decision 023):
 *
 * - `users.password_set_by_other`: 1 while the user's password is one somebody else chose (an
 *   administrator or HR created the account or set a new password); 0 once the user sets their own
 *   in 'Mi Perfil' (and for the first administrator, who chose theirs at setup). Existing accounts
 *   are taken as set by someone else: nobody can say who chose them.
 * - `users.password_known_to_hr`: 1 when the password was chosen by a gestionhumana user (who reads
 *   restricted results and so must not be able to answer as a rater): created, set or imported by HR.
 *   A change in 'Mi Perfil' does not clear it (HR, knowing the password, could make that change
 *   itself); only a password an administrator sets does. Existing accounts: 1 (nobody can say).
 * - `v2_responses.counts_for_anonymity`: stamped at submit — 0 when the rater could read results
 *   (admin, gestionhumana) or their password is known to HR, so that a results reader may know the
 *   answers; such a response never counts toward an anonymity threshold. It is stamped again when the
 *   evaluation closes (raters holding a reader role then), and results never show a group the
 *   close-time view did not (decision 023). Existing responses are stamped from their rater now.
 * - `v2_snapshots.results_released`: 1 for a snapshot of a closed evaluation. Snapshots of an open
 *   evaluation (and every snapshot taken before this migration) show non-admins completion only.
 */
export function v2Confidentiality(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('password_set_by_other', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('password_known_to_hr', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update users set password_set_by_other = 1, password_known_to_hr = 1`.execute(db);
      await db.schema
        .alterTable('v2_responses')
        .addColumn('counts_for_anonymity', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await sql`update v2_responses set counts_for_anonymity = 0 where evaluator_id in
        (select id from users where role in ('admin', 'gestionhumana') or password_known_to_hr = 1)`.execute(
        db,
      );
      await db.schema
        .alterTable('v2_snapshots')
        .addColumn('results_released', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('v2_snapshots').dropColumn('results_released').execute();
      await db.schema.alterTable('v2_responses').dropColumn('counts_for_anonymity').execute();
      await db.schema.alterTable('users').dropColumn('password_known_to_hr').execute();
      await db.schema.alterTable('users').dropColumn('password_set_by_other').execute();
    },
  };
}
