import type { AuditListQuery } from '../../api/queries/audit';

export const AUDIT_PAGE_SIZE = 20;

/** The filters as the screen holds them: ids and codes, and local calendar days (YYYY-MM-DD). */
export interface AuditFilters {
  userId: string | null;
  entity: string | null;
  action: string | null;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { userId: null, entity: null, action: null, from: '', to: '' };

/** A local calendar day as the instants it spans: its first millisecond, or its last. */
export function dayBound(day: string, end: boolean): string | null {
  const start = new Date(`${day}T00:00:00`);
  if (Number.isNaN(start.getTime())) return null;
  if (!end) return start.toISOString();
  const next = new Date(start);
  next.setDate(next.getDate() + 1);
  return new Date(next.getTime() - 1).toISOString();
}

/** The call's query for a page of the log under these filters (unset filters are left out). */
export function auditQuery(filters: AuditFilters, page: number): AuditListQuery {
  const query: AuditListQuery = { page, pageSize: AUDIT_PAGE_SIZE };
  if (filters.userId) query.user_id = filters.userId;
  if (filters.entity) query.entity = filters.entity;
  if (filters.action) query.action = filters.action;
  const from = filters.from ? dayBound(filters.from, false) : null;
  const to = filters.to ? dayBound(filters.to, true) : null;
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}
