import type { Kysely, Migration } from 'kysely';

/**
 * Manual reminders have a cooldown (issue 27, decision 042): `manual_reminders` keeps, per
 * evaluation (V1 or 360) and person, when HR's 'Enviar recordatorio' last reached them. A press
 * reminds only the people whose row is older than the cooldown (or absent), claiming each row in the
 * same statement (INSERT … ON CONFLICT DO UPDATE … WHERE), so presses at once send one e-mail.
 * No foreign key to the evaluation: `kind` says which of the two tables `evaluation_id` is in.
 */
export function manualReminderCooldown(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('manual_reminders')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('evaluation_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('manual_reminders_pk', ['kind', 'evaluation_id', 'user_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('manual_reminders').execute();
    },
  };
}
