import { AUDIT_DEFAULT_PAGE_SIZE, type AuditPage, type AuditQuery } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { pageBounds, paged } from '../../http/paging';
import { nowIso } from '../../time';
import { insertAuditEntry, listAudit } from './repository';

/** One page of the log (20 rows by default), filtered, newest first. */
export async function auditPage(db: Kysely<Database>, query: AuditQuery): Promise<AuditPage> {
  const { page, pageSize, offset } = pageBounds(query, AUDIT_DEFAULT_PAGE_SIZE);
  const { rows, total } = await listAudit(db, query, { limit: pageSize, offset });
  return paged(rows, total, page, pageSize);
}

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
  await insertAuditEntry(db, [
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
