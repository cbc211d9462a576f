import { trainingEndpoints, type SheetFormat } from '@evalua/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { trainingQueries } from '../../../api/queries/training';

/** Reporte de Capacitación: who needs training, grouped by the evaluator who said so. */
export type { TrainingGroup } from '../../../api/queries/training';

export function useTrainingReport() {
  return useQuery(trainingQueries.report());
}

/** The whole report as a spreadsheet (the screen's search is not applied, as before). */
export function downloadTrainingSheet(format: SheetFormat) {
  return api.file(trainingEndpoints.export, { query: { format } });
}
