import { auditEndpoints, type QueryInput } from '@evalua/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../client';

/** What GET /api/audit takes: page, pageSize, user_id, entity, action, from, to. */
export type AuditListQuery = QueryInput<typeof auditEndpoints.list>;

/** Auditoría (read-only): every key of the log starts with `auditKeys.all`. */
export const auditKeys = {
  all: ['audit'] as const,
  page: (query: AuditListQuery) => [...auditKeys.all, 'page', query] as const,
};

export const auditQueries = {
  /** One page of the log, filtered on the server, newest first. */
  page: (query: AuditListQuery) =>
    queryOptions({
      queryKey: auditKeys.page(query),
      queryFn: () => api.call(auditEndpoints.list, { query }),
      // While the next page or filter loads, the table keeps showing the last one.
      placeholderData: keepPreviousData,
      retry: false,
    }),
};
