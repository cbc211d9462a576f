import { useQuery } from '@tanstack/react-query';
import { v2EvaluationQueries } from '../../../api/queries/v2-evaluations';

/**
 * The evaluation picker's data: a page of 360 evaluations matching what is typed, and the chosen one
 * by id (its name even when it is not on that page), from the shared 360 evaluation queries.
 */
export const PICKER_PAGE_SIZE = 25;

export function usePickerEvaluations(q: string) {
  return useQuery(v2EvaluationQueries.page({ q, page: 1 }, PICKER_PAGE_SIZE));
}

export function useEvaluation(id: number | null) {
  return useQuery({ ...v2EvaluationQueries.detail(id ?? 0), enabled: id !== null });
}
