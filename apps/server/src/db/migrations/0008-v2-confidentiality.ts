import { sql, type Kysely, type Migration } from 'kysely';

/**
 * 360 confidentiality (decision 023):
 *
 * - `users.password_set_by_other`: 1 while the user's password is one somebody else chose (an
 *   administrator or HR created the account or set a new password); 0 once the user sets their own
 *   in 'Mi Perfil' (and for the first administrator, who chose theirs at setup). Existing accounts
 *   are taken as set by someone else: nobody can say who chose them.
 * - `v2_responses.counts_for_anonymity`: stamped at submit — 0 when the rater could read results
 *   (admin, gestionhumana) or their password was set by someone else, so that a results reader may
 *   know the answers; such a response never counts toward an anonymity threshold. Existing responses
 *   are stamped from their rater as they are now.
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
      await sql`update users set password_set_by_other = 1`.execute(db);
      await db.schema
        .alterTable('v2_responses')
        .addColumn('counts_for_anonymity', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await sql`update v2_responses set counts_for_anonymity = 0 where evaluator_id in
        (select id from users where role in ('admin', 'gestionhumana') or password_set_by_other = 1)`.execute(
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
      await db.schema.alterTable('users').dropColumn('password_set_by_other').execute();
    },
  };
}
