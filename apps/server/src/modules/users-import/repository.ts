import type { Kysely } from 'kysely';
import type { Engine } from '../../db/connection';
import type { Database, NewUser, UserRow } from '../../db/schema';
import { nowIso } from '../../time';
import type { AuditEntry } from '../audit';

/**
 * Batched reads and writes for an import: one query for the e-mails, one for the categories,
 * multi-row inserts. Chunks keep every statement under SQLite's and PostgreSQL's parameter limits.
 */

const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Users whose (lower-cased, stored) e-mail is among `emails`, by e-mail. */
export async function usersByEmail(
  db: Kysely<Database>,
  emails: readonly string[],
): Promise<Map<string, UserRow>> {
  const found = new Map<string, UserRow>();
  // At most USERS_IMPORT_MAX_ROWS (5,000) e-mails: one statement on both engines.
  for (const part of chunks(emails, 5000)) {
    const rows = await db.selectFrom('users').selectAll().where('email', 'in', part).execute();
    for (const row of rows) if (row.email !== null) found.set(row.email, row);
  }
  return found;
}

/** Every 'Reporta a' link (user id → manager id), for the import's cycle check (decision 036). */
export async function managerLinks(db: Kysely<Database>): Promise<Array<{ id: number; manager_id: number }>> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'manager_id'])
    .where('manager_id', 'is not', null)
    .execute();
  return rows.map((r) => ({ id: r.id, manager_id: r.manager_id! }));
}

export interface CategoryRef {
  id: number;
  name: string;
  name_key: string;
}

export async function allCategories(db: Kysely<Database>): Promise<CategoryRef[]> {
  return db.selectFrom('categories').select(['id', 'name', 'name_key']).orderBy('id').execute();
}

/**
 * The ids of the active admins. On PostgreSQL their rows stay locked for the rest of the
 * transaction, so two imports (or an import and an edit) cannot leave no active admin.
 */
export async function activeAdminIds(db: Kysely<Database>, engine: Engine): Promise<Set<number>> {
  let q = db.selectFrom('users').select('id').where('role', '=', 'admin').where('active', '=', 1);
  if (engine === 'postgres') q = q.forUpdate();
  return new Set((await q.execute()).map((r) => r.id));
}

export type ImportedUser = Omit<NewUser, 'created_at' | 'updated_at' | 'active'> & { email: string };

/** Inserts users in multi-row statements; answers the new rows (in no particular order). */
export async function insertUsers(db: Kysely<Database>, users: readonly ImportedUser[]): Promise<UserRow[]> {
  const now = nowIso();
  const created: UserRow[] = [];
  for (const part of chunks(users)) {
    const rows = await db
      .insertInto('users')
      .values(part.map((u) => ({ ...u, active: 1, created_at: now, updated_at: now })))
      .returningAll()
      .execute();
    created.push(...rows);
  }
  return created;
}

/** Writes audit entries in multi-row statements (in the caller's transaction). */
export async function auditMany(db: Kysely<Database>, entries: readonly AuditEntry[]): Promise<void> {
  const now = nowIso();
  for (const part of chunks(entries)) {
    await db
      .insertInto('audit_log')
      .values(
        part.map((e) => ({
          user_id: e.userId,
          action: e.action,
          entity: e.entity,
          entity_id: e.entityId,
          before_json: e.before === undefined ? null : JSON.stringify(e.before),
          after_json: e.after === undefined ? null : JSON.stringify(e.after),
          ip: e.ip ?? null,
          created_at: now,
        })),
      )
      .execute();
  }
}
