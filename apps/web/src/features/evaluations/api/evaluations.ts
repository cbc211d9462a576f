import type { Evaluation, evaluationInputSchema } from '@evalua/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';

/**
 * Evaluaciones (V1): the list under ['evaluations'], one evaluation under ['evaluations', id].
 * Every mutation changes both the list and the evaluation itself, so it invalidates the
 * ['evaluations'] prefix (the list, the edited one, and any by-category lookup kept under it).
 */
export type EvaluationBody = z.output<typeof evaluationInputSchema>;

export const evaluationsKey = ['evaluations'] as const;

export const evaluationsQuery = queryOptions({
  queryKey: evaluationsKey,
  queryFn: () => api.get<Evaluation[]>('/api/evaluations'),
});

export function evaluationQuery(id: number) {
  return queryOptions({
    queryKey: [...evaluationsKey, id],
    queryFn: () => api.get<Evaluation>(`/api/evaluations/${id}`),
  });
}

export function useEvaluations() {
  return useQuery(evaluationsQuery);
}

/** One evaluation; `id` null (a malformed route parameter) fetches nothing. */
export function useEvaluation(id: number | null) {
  return useQuery({ ...evaluationQuery(id ?? 0), enabled: id !== null });
}

function useInvalidateEvaluations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: evaluationsKey });
}

export function useCreateEvaluation() {
  const invalidate = useInvalidateEvaluations();
  return useMutation({
    mutationFn: (body: EvaluationBody) => api.post<Evaluation>('/api/evaluations', body),
    onSuccess: invalidate,
  });
}

export function useUpdateEvaluation() {
  const invalidate = useInvalidateEvaluations();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EvaluationBody }) =>
      api.put<Evaluation>(`/api/evaluations/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteEvaluation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/evaluations/${id}`),
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: [...evaluationsKey, id] });
      await queryClient.invalidateQueries({ queryKey: evaluationsKey });
    },
  });
}
