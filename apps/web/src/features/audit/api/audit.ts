import type { AuditPage, Paged, UserListRow } from '@evalua/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** Auditoría: the log, paged and filtered on the server, and the users the filter offers. Read-only. */
export const auditKey = ['audit'] as const;

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

export function auditPath(filters: AuditFilters, page: number): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(AUDIT_PAGE_SIZE) });
  if (filters.userId) query.set('user_id', filters.userId);
  if (filters.entity) query.set('entity', filters.entity);
  if (filters.action) query.set('action', filters.action);
  const from = filters.from ? dayBound(filters.from, false) : null;
  const to = filters.to ? dayBound(filters.to, true) : null;
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  return `/api/audit?${query.toString()}`;
}

export function auditPageQuery(filters: AuditFilters, page: number) {
  return queryOptions({
    queryKey: [...auditKey, 'page', { ...filters, page }],
    queryFn: () => api.get<AuditPage>(auditPath(filters, page)),
    // While the next page or filter loads, the table keeps showing the last one.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useAuditPage(filters: AuditFilters, page: number, enabled = true) {
  return useQuery({ ...auditPageQuery(filters, page), enabled });
}

/** Up to 20 users whose name or e-mail matches `q` (the user filter searches on the server). */
export function useAuditUserOptions(q: string) {
  const query = new URLSearchParams({ page: '1', pageSize: '20' });
  if (q) query.set('q', q);
  return useQuery({
    queryKey: [...auditKey, 'users', q],
    queryFn: () => api.get<Paged<UserListRow>>(`/api/users?${query.toString()}`),
    placeholderData: keepPreviousData,
  });
}
