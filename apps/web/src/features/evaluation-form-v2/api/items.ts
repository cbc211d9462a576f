import type { V2Item } from '@evalua/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/**
 * The questions of one 360 evaluation (raters may read them once it is open). Same key and shape
 * (the items array) as the items screen, so both share one cache entry.
 */
export const v2ItemsKey = (evaluationId: number) => ['evaluations-v2', evaluationId, 'items'] as const;

export const v2ItemsQuery = (evaluationId: number) =>
  queryOptions({
    queryKey: v2ItemsKey(evaluationId),
    queryFn: async () =>
      (await api.get<{ items: V2Item[] }>(`/api/evaluations-v2/${evaluationId}/items`)).items,
    // Items are locked while an evaluation is open: no need to fetch them again as the form opens.
    staleTime: 60_000,
  });

export function useV2Items(evaluationId: number) {
  return useQuery(v2ItemsQuery(evaluationId));
}
