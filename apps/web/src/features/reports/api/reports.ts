import type { FullReport, Paged, ReportRow } from '@evalua/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { pagedPath, type PageParams } from '../../../api/paging';

/** Reportes (V1): the list, paged and searched on the server, and one person's full report. */
export const reportsKey = ['reports'] as const;

export const REPORTS_PAGE_SIZE = 10;

export function reportsPageQuery(params: PageParams) {
  return queryOptions({
    queryKey: [...reportsKey, 'list', params],
    queryFn: () => api.get<Paged<ReportRow>>(pagedPath('/api/reports', params, REPORTS_PAGE_SIZE)),
    // While the next page or search loads, the table keeps showing the last one.
    placeholderData: keepPreviousData,
  });
}

export function useReportsPage(params: PageParams) {
  return useQuery(reportsPageQuery(params));
}

export function fullReportQuery(evaluationId: string, userId: string) {
  return queryOptions({
    queryKey: [...reportsKey, 'full', evaluationId, userId],
    queryFn: () => api.get<FullReport>(`/api/reports/full/${evaluationId}/${userId}`),
    // A 404 (no data) or 403 will not change by asking again.
    retry: false,
  });
}

export function useFullReport(evaluationId: string, userId: string) {
  return useQuery(fullReportQuery(evaluationId, userId));
}

export type SheetFormat = 'xlsx' | 'csv';

export function reportsExportPath(format: SheetFormat, q: string): string {
  const query = new URLSearchParams({ format });
  if (q.trim()) query.set('q', q.trim());
  return `/api/reports/export?${query.toString()}`;
}

export function reportPdfPath(evaluationId: string, userId: string): string {
  return `/api/reports/full/${encodeURIComponent(evaluationId)}/${encodeURIComponent(userId)}/pdf`;
}
