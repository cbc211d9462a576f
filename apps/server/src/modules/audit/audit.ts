import type { Kysely } from 'kysely';
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

/** Records one change; pass the transaction so the entry lives or dies with the change. */
export async function audit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: entry.userId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      ip: entry.ip ?? null,
      created_at: nowIso(),
    })
    .execute();
}
