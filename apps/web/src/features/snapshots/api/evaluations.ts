import type { Paged, V2Evaluation } from '@evalua/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { pagedPath } from '../../../api/paging';

/**
 * The evaluation picker's data: a page of 360 evaluations matching what is typed (the paged form of
 * GET /api/evaluations-v2), and the chosen one by id (its name even when it is not on that page).
 * Both live under ['evaluations-v2'], so the 360 screens' changes refresh them too.
 */
export const PICKER_PAGE_SIZE = 25;

export const pickerQuery = (q: string) =>
  queryOptions({
    queryKey: ['evaluations-v2', 'snapshot-picker', q],
    queryFn: () =>
      api.get<Paged<V2Evaluation>>(pagedPath('/api/evaluations-v2', { q, page: 1 }, PICKER_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });

export function usePickerEvaluations(q: string) {
  return useQuery(pickerQuery(q));
}

/** Same key and answer as the items screen's evaluation query. */
export const evaluationQuery = (id: number) =>
  queryOptions({
    queryKey: ['evaluations-v2', id],
    queryFn: () => api.get<V2Evaluation>(`/api/evaluations-v2/${id}`),
  });

export function useEvaluation(id: number | null) {
  return useQuery({ ...evaluationQuery(id ?? 0), enabled: id !== null });
}
