import type { AuditQuery, AuditRow } from '@evalua/contracts';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { preparedInsert } from '../../db/prepared';
import type { Database } from '../../db/schema';

type Filters = Pick<AuditQuery, 'user_id' | 'entity' | 'action' | 'from' | 'to'>;

/** Stored JSON back to a value; text that is not JSON (never written by audit()) is shown as is. */
function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

type Base = SelectQueryBuilder<Database, 'audit_log' | 'users', object>;

/** The log joined with its authors (a left join: a deleted or absent author keeps the row). */
function filtered(db: Kysely<Database>, f: Filters): Base {
  let q: Base = db.selectFrom('audit_log').leftJoin('users', 'users.id', 'audit_log.user_id');
  if (f.user_id !== undefined) q = q.where('audit_log.user_id', '=', f.user_id);
  if (f.entity !== undefined) q = q.where('audit_log.entity', '=', f.entity);
  if (f.action !== undefined) q = q.where('audit_log.action', '=', f.action);
  // Timestamps are ISO-8601 UTC text of one width: comparing the text compares the instants.
  if (f.from !== undefined) q = q.where('audit_log.created_at', '>=', f.from.at);
  if (f.to !== undefined) q = q.where('audit_log.created_at', f.to.inclusive ? '<=' : '<', f.to.at);
  return q;
}

/** One page of the log, newest first (id breaks ties within one millisecond), and the total. */
export async function listAudit(
  db: Kysely<Database>,
  filters: Filters,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const count = await filtered(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, filters)
    .select([
      'audit_log.id',
      'audit_log.created_at',
      'audit_log.user_id',
      'users.name as user_name',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.before_json',
      'audit_log.after_json',
      'audit_log.ip',
    ])
    .orderBy('audit_log.created_at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return {
    total: Number(count.n),
    rows: rows.map(({ before_json, after_json, ...r }) => ({
      ...r,
      user_name: r.user_name ?? null,
      before: parsed(before_json),
      after: parsed(after_json),
    })),
  };
}

export interface AuditLogRow {
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
export const insertAuditEntry = preparedInsert<Database, AuditLogRow>(
  ['user_id', 'action', 'entity', 'entity_id', 'before_json', 'after_json', 'ip', 'created_at'],
  (db: Kysely<Database>, rows: AuditLogRow[]) => db.insertInto('audit_log').values(rows),
);
