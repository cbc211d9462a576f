import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../connection';

/**
 * The organisation's own logo on its papers (issue 30 §6, decision 058): one row (id 1) holding the
 * image an administrator uploaded — PNG or JPEG bytes, checked by content —, or no row (the shipped
 * logo). In the database, so every instance prints the same one.
 */
export function organizationLogo(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('organization_logo')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('image', engine === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('media_type', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('organization_logo').execute();
    },
  };
}
