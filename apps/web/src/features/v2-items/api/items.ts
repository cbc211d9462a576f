import type { V2Evaluation, V2Item, V2ItemInput, V2Scale } from '@evalua/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/**
 * Ítems de la evaluación 360: the evaluation (name, status), its items and the rating scales.
 * Saving the items changes the items and the evaluation's item count (['evaluations-v2'] and
 * everything under it) and, when a template follows the draft, that template (['templates']).
 */
export const evaluationV2Key = (id: number) => ['evaluations-v2', id] as const;
export const itemsKey = (id: number) => ['evaluations-v2', id, 'items'] as const;
export const scalesKey = ['scales'] as const;

export const evaluationV2Query = (id: number) =>
  queryOptions({
    queryKey: evaluationV2Key(id),
    queryFn: () => api.get<V2Evaluation>(`/api/evaluations-v2/${id}`),
  });

export const itemsQuery = (id: number) =>
  queryOptions({
    queryKey: itemsKey(id),
    queryFn: async () => (await api.get<{ items: V2Item[] }>(`/api/evaluations-v2/${id}/items`)).items,
  });

export const scalesQuery = queryOptions({
  queryKey: scalesKey,
  queryFn: () => api.get<V2Scale[]>('/api/scales'),
  staleTime: 5 * 60_000,
});

export function useEvaluationV2(id: number | null) {
  return useQuery({ ...evaluationV2Query(id ?? 0), enabled: id !== null });
}

export function useItems(id: number | null) {
  return useQuery({ ...itemsQuery(id ?? 0), enabled: id !== null });
}

export function useScales() {
  return useQuery(scalesQuery);
}

/** PUT /api/evaluations-v2/{id}/items: the whole list, in order; answers the items as stored. */
export function useSaveItems(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (items: V2ItemInput[]) =>
      (await api.put<{ items: V2Item[] }>(`/api/evaluations-v2/${id}/items`, { items })).items,
    onSuccess: async (items) => {
      queryClient.setQueryData(itemsKey(id), items);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['evaluations-v2'] }),
        queryClient.invalidateQueries({ queryKey: ['templates'] }),
      ]);
    },
  });
}
