import type { Evaluator, Paged } from '@evalua/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { pagedPath, type PageParams } from '../../../api/paging';
import { STAFF_PAGE_SIZE, staffChangedKeys } from './paging';

/**
 * Evaluadores (/api/evaluators): the paged list of the screen, the whole list for pickers, and
 * the mutations. An evaluator is also a user and a possible collaborator of another evaluator, so
 * a change refreshes ['evaluators'], ['users'] and ['assignments'].
 */
export const evaluatorsKey = ['evaluators'] as const;

export interface EvaluatorBody {
  name: string;
  email: string;
  password?: string;
}

export const evaluatorsPageQuery = (params: PageParams) =>
  queryOptions({
    queryKey: [...evaluatorsKey, 'page', params],
    queryFn: () => api.get<Paged<Evaluator>>(pagedPath('/api/evaluators', params, STAFF_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });

/** Every active evaluator (the bare list), for a picker. */
export const evaluatorOptionsQuery = queryOptions({
  queryKey: [...evaluatorsKey, 'all'],
  queryFn: () => api.get<Evaluator[]>('/api/evaluators'),
});

export function useEvaluatorsPage(params: PageParams) {
  return useQuery(evaluatorsPageQuery(params));
}

export function useEvaluatorOptions() {
  return useQuery(evaluatorOptionsQuery);
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [evaluatorsKey, ...staffChangedKeys].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useCreateEvaluator() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: EvaluatorBody) => api.post<Evaluator>('/api/evaluators', body),
    onSuccess: invalidate,
  });
}

export function useUpdateEvaluator() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: EvaluatorBody & { id: number }) =>
      api.put<Evaluator>(`/api/evaluators/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteEvaluator() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/evaluators/${id}`),
    onSuccess: invalidate,
  });
}
