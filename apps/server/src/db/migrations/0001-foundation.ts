import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../connection';
import { withId } from './helpers';

/** Users, sessions, login throttling, audit log, settings and categories. */
export function foundation(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('app_meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('categories'), engine)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull().unique())
        .execute();

      await withId(db.schema.createTable('users'), engine)
        .addColumn('name', 'text', (c) => c.notNull())
        // Nullable: a collaborator may have no e-mail (and then cannot log in); unique when present.
        .addColumn('email', 'text', (c) => c.unique())
        .addColumn('password_hash', 'text')
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('position', 'text')
        .addColumn('department', 'text')
        .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('restrict'))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_category_idx').on('users').column('category_id').execute();
      await db.schema.createIndex('users_role_idx').on('users').columns(['role', 'active']).execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

      await withId(db.schema.createTable('login_failures'), engine)
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_failures_email_idx')
        .on('login_failures')
        .columns(['email', 'created_at'])
        .execute();
      await db.schema
        .createIndex('login_failures_ip_idx')
        .on('login_failures')
        .columns(['ip', 'created_at'])
        .execute();

      await withId(db.schema.createTable('audit_log'), engine)
        .addColumn('user_id', 'integer')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'integer')
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .addColumn('ip', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('audit_log_entity_idx')
        .on('audit_log')
        .columns(['entity', 'entity_id'])
        .execute();
      await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
    },
  };
}
