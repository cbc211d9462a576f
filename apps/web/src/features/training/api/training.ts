import type { TrainingReport, TrainingReportEntry } from '@evalua/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { SheetFormat } from '../../reports/api/reports';

/** Reporte de Capacitación: who needs training, grouped by the evaluator who said so. */
export const trainingReportKey = ['training-report'] as const;

export interface TrainingGroup {
  evaluator: string;
  entries: TrainingReportEntry[];
}

export const trainingReportQuery = queryOptions({
  queryKey: trainingReportKey,
  queryFn: () => api.get<TrainingReport>('/api/training-report'),
  // The object keeps the server's order (evaluator name); a list is easier to page.
  select: (report): TrainingGroup[] =>
    Object.entries(report).map(([evaluator, entries]) => ({ evaluator, entries })),
});

export function useTrainingReport() {
  return useQuery(trainingReportQuery);
}

export function trainingExportPath(format: SheetFormat): string {
  return `/api/training-report/export?format=${format}`;
}
