import type { Kysely } from 'kysely';
import { preparedInsert } from '../../db/prepared';
import type { Database } from '../../db/schema';
import { nowIso } from '../../time';

export interface AuditEntry {
  userId: number | null;
  action: 'create' | 'update' | 'delete' | 'login' | 'logout' | 'password_change' | 'setup' | string;
  entity: string;
  entityId: number | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

interface AuditRow {
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: number | null;
  before_json: string | null;
  after_json: string | null;
  ip: string | null;
  created_at: string;
}

/** The entry's INSERT, compiled once (every change writes one). */
const insertEntry = preparedInsert<Database, AuditRow>(
  ['user_id', 'action', 'entity', 'entity_id', 'before_json', 'after_json', 'ip', 'created_at'],
  (db: Kysely<Database>, rows: AuditRow[]) => db.insertInto('audit_log').values(rows),
);

/** Records one change; pass the transaction so the entry lives or dies with the change. */
export async function audit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await insertEntry(db, [
    {
      user_id: entry.userId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      ip: entry.ip ?? null,
      created_at: nowIso(),
    },
  ]);
}
