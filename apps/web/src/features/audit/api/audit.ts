import { useQuery } from '@tanstack/react-query';
import { auditQueries } from '../../../api/queries/audit';
import { userQueries } from '../../../api/queries/users';
import { auditQuery, type AuditFilters } from '../filters';

/** Auditoría's hooks (read-only): the log and the users the filter offers, from the shared layer. */
export function useAuditPage(filters: AuditFilters, page: number, enabled = true) {
  return useQuery({ ...auditQueries.page(auditQuery(filters, page)), enabled });
}

/** Up to 20 users whose name or e-mail matches `q` (the user filter searches on the server). */
export function useAuditUserOptions(q: string) {
  return useQuery(userQueries.page({ q, page: 1 }, 20));
}
