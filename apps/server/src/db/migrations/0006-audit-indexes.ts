import type { Kysely, Migration } from 'kysely';

/**
 * Indexes for GET /api/audit's filters, each ending in created_at so that a filtered page comes
 * out newest first straight from the index: who (user_id), what kind of record (entity) and what
 * was done (action). 0001 already has created_at alone (no filter) and (entity, entity_id).
 */
export function auditIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('audit_log_user_created_idx')
        .on('audit_log')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('audit_log_entity_created_idx')
        .on('audit_log')
        .columns(['entity', 'created_at'])
        .execute();
      await db.schema
        .createIndex('audit_log_action_created_idx')
        .on('audit_log')
        .columns(['action', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('audit_log_action_created_idx').execute();
      await db.schema.dropIndex('audit_log_entity_created_idx').execute();
      await db.schema.dropIndex('audit_log_user_created_idx').execute();
    },
  };
}
