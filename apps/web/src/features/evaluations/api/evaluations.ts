import { evaluationEndpoints, type BodyInput } from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { dashboardKeys } from '../../../api/queries/dashboard';
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

/** Creating may close the category's open evaluation: the dashboard changes too. */
export function useCreateEvaluation() {
  const invalidate = useInvalidateStates();
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

/** Opens an evaluation; `replace_open` closes the category's open one (asked first on the screen). */
export function useOpenEvaluation() {
  const invalidate = useInvalidateStates();
  return useMutation({
    mutationFn: ({ id, replaceOpen }: { id: number; replaceOpen: boolean }) =>
      api.call(evaluationEndpoints.open, { params: { id }, body: { replace_open: replaceOpen } }),
    onSuccess: invalidate,
  });
}

/** Opening or closing also changes which round the dashboard counts: both keys are invalidated. */
function useInvalidateStates() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: evaluationKeys.all }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    ]);
}

export function useCloseEvaluation() {
  const invalidate = useInvalidateStates();
  return useMutation({
    mutationFn: (id: number) => api.call(evaluationEndpoints.close, { params: { id } }),
    onSuccess: invalidate,
  });
}
