import { reportEndpoints, type SheetFormat } from '@evalua/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { PageParams } from '../../../api/paging';
import { reportQueries } from '../../../api/queries/v1-results';

/** Reportes (V1): the list, paged and searched on the server, one person's full report, the files. */
export function useReportsPage(params: PageParams) {
  return useQuery(reportQueries.page(params));
}

export function useFullReport(evaluationId: number, userId: number) {
  return useQuery(reportQueries.full(evaluationId, userId));
}

/** The list (with the screen's search) as a spreadsheet. */
export function downloadReportsSheet(format: SheetFormat, q: string) {
  return api.file(reportEndpoints.export, { query: { format, q: q.trim() } });
}

export function downloadReportPdf(evaluationId: number, userId: number) {
  return api.file(reportEndpoints.pdf, { params: { evaluationId, userId } });
}
