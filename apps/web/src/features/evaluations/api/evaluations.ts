import { evaluationEndpoints, type BodyInput } from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { evaluationKeys, evaluationQueries } from '../../../api/queries/evaluations';

/**
 * Evaluaciones (V1): the list and one evaluation from the shared query layer. Every mutation
 * changes both the list and the evaluation itself, so it invalidates `evaluationKeys.all` (the
 * list, the edited one, and the by-category lookups of the evaluation form).
 */
export function useEvaluations() {
  return useQuery(evaluationQueries.list());
}

/** One evaluation; `id` null (a malformed route parameter) fetches nothing. */
export function useEvaluation(id: number | null) {
  return useQuery({ ...evaluationQueries.detail(id ?? 0), enabled: id !== null });
}

type EvaluationBody = BodyInput<typeof evaluationEndpoints.create>;

function useInvalidateEvaluations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: evaluationKeys.all });
}

export function useCreateEvaluation() {
  const invalidate = useInvalidateEvaluations();
  return useMutation({
    mutationFn: (body: EvaluationBody) => api.call(evaluationEndpoints.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateEvaluation() {
  const invalidate = useInvalidateEvaluations();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EvaluationBody }) =>
      api.call(evaluationEndpoints.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteEvaluation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(evaluationEndpoints.remove, { params: { id } }),
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: evaluationKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: evaluationKeys.all });
    },
  });
}
