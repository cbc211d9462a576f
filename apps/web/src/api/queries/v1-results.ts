import { reportEndpoints } from '@evalua/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../client';
import { asPage, pageQuery, type PageParams } from '../paging';

export const REPORTS_PAGE_SIZE = 10;

/** Reportes (V1): every key starts with `reportKeys.all`; the list's pages with `lists()`. */
export const reportKeys = {
  all: ['reports'] as const,
  lists: () => [...reportKeys.all, 'list'] as const,
  page: (params: PageParams) => [...reportKeys.lists(), params] as const,
  full: (evaluationId: number, userId: number) => [...reportKeys.all, 'full', evaluationId, userId] as const,
};

export const reportQueries = {
  /** A page of the list, searched on the server. */
  page: (params: PageParams) =>
    queryOptions({
      queryKey: reportKeys.page(params),
      queryFn: async () =>
        asPage(await api.call(reportEndpoints.list, { query: pageQuery(params, REPORTS_PAGE_SIZE) })),
      // While the next page or search loads, the table keeps showing the last one.
      placeholderData: keepPreviousData,
    }),
  /** One person's full report in one evaluation. */
  full: (evaluationId: number, userId: number) =>
    queryOptions({
      queryKey: reportKeys.full(evaluationId, userId),
      queryFn: () => api.call(reportEndpoints.full, { params: { evaluationId, userId } }),
      // A 404 (no data) or 403 will not change by asking again.
      retry: false,
    }),
};
