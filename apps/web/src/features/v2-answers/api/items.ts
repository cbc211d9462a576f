import { useQuery } from '@tanstack/react-query';
import { v2ItemQueries } from '../../../api/queries/v2-items';

/**
 * The questions of one 360 evaluation (raters may read them once it is open), from the shared
 * items query. Items are locked while an evaluation is open: no need to fetch them again as the
 * form opens right after 'Evaluar' loaded them.
 */
export const formItemsQuery = (evaluationId: number) => ({
  ...v2ItemQueries.list(evaluationId),
  staleTime: 60_000,
});

export function useV2Items(evaluationId: number) {
  return useQuery(formItemsQuery(evaluationId));
}
