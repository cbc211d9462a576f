import { v2ItemEndpoints, type V2ItemInput } from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { v2EvaluationKeys, v2EvaluationQueries } from '../../../api/queries/v2-evaluations';
import { v2ItemKeys, v2ItemQueries } from '../../../api/queries/v2-items';
import { v2TemplateKeys, v2TemplateQueries } from '../../../api/queries/v2-templates';

/** Ítems de la evaluación 360: the evaluation (name, status), its items and the rating scales. */
export function useEvaluationV2(id: number | null) {
  return useQuery({ ...v2EvaluationQueries.detail(id ?? 0), enabled: id !== null });
}

export function useItems(id: number | null) {
  return useQuery({ ...v2ItemQueries.list(id ?? 0), enabled: id !== null });
}

export function useScales() {
  return useQuery(v2TemplateQueries.scales());
}

/**
 * Saves the whole list, in order; answers the items as stored, which become the cached list.
 * Saving changes the evaluation's item count (v2EvaluationKeys.all) and, when a template follows
 * the draft, that template (v2TemplateKeys.all).
 */
export function useSaveItems(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (items: V2ItemInput[]) =>
      (await api.call(v2ItemEndpoints.replace, { params: { id }, body: { items } })).items,
    onSuccess: async (items) => {
      queryClient.setQueryData(v2ItemKeys.list(id), items);
      await Promise.all(
        [v2EvaluationKeys.all, v2TemplateKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
