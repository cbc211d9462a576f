import type {
  Paged,
  V2Evaluation,
  V2EvaluationCreateInput,
  V2EvaluationFromTemplateInput,
  V2Status,
} from '@evalua/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { pagedPath, type PageParams } from '../../../api/paging';
import { templatesKey } from './templates';

/**
 * Evaluaciones 360 (/api/evaluations-v2): the paged list, create (blank or from a template), status
 * changes and delete. Every change refreshes ['evaluations-v2']; a blank one saved as a template
 * also refreshes ['templates'].
 */
export const evaluationsV2Key = ['evaluations-v2'] as const;
export const EVALUATIONS_V2_PAGE_SIZE = 10;

export const evaluationsV2PageQuery = (params: PageParams) =>
  queryOptions({
    queryKey: [...evaluationsV2Key, 'page', params],
    queryFn: () =>
      api.get<Paged<V2Evaluation>>(pagedPath('/api/evaluations-v2', params, EVALUATIONS_V2_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });

export function useEvaluationsV2Page(params: PageParams) {
  return useQuery(evaluationsV2PageQuery(params));
}

/** What the create modal sends: a blank draft, or a draft with a copy of a template's items. */
export type CreateV2Body =
  | { kind: 'blank'; body: V2EvaluationCreateInput }
  | { kind: 'template'; body: V2EvaluationFromTemplateInput };

export function useCreateEvaluationV2() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: CreateV2Body) =>
      kind === 'blank'
        ? api.post<V2Evaluation>('/api/evaluations-v2', body)
        : api.post<V2Evaluation>('/api/evaluations-v2/from-template', body),
    onSuccess: (_created, input) => {
      const keys: ReadonlyArray<readonly string[]> =
        input.kind === 'blank' && input.body.save_as_template
          ? [evaluationsV2Key, templatesKey]
          : [evaluationsV2Key];
      return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

export function useSetEvaluationV2Status() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: V2Status }) =>
      api.patch<V2Evaluation>(`/api/evaluations-v2/${id}`, { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluationsV2Key }),
  });
}

export function useDeleteEvaluationV2() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/evaluations-v2/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluationsV2Key }),
  });
}
