import { trainingEndpoints, type TrainingReportEntry } from '@evalua/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';

/** Reporte de Capacitación: every key starts with `trainingKeys.all`. */
export const trainingKeys = {
  all: ['training-report'] as const,
  report: () => trainingKeys.all,
};

/** One evaluator's entries, as the screen lists them. */
export interface TrainingGroup {
  evaluator: string;
  entries: TrainingReportEntry[];
}

export const trainingQueries = {
  /** Who needs training, grouped by the evaluator who said so (the server's order: evaluator name). */
  report: () =>
    queryOptions({
      queryKey: trainingKeys.report(),
      queryFn: () => api.call(trainingEndpoints.report),
      // The object keeps the server's order; a list is easier to page.
      select: (report): TrainingGroup[] =>
        Object.entries(report).map(([evaluator, entries]) => ({ evaluator, entries })),
    }),
};
