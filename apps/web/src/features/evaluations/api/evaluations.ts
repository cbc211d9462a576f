import { evaluationEndpoints, type BodyInput } from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { assignmentKeys } from '../../../api/queries/assignments';
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

/** Creating may close the category's open evaluation: the dashboard changes too. */
export function useCreateEvaluation() {
  const invalidate = useInvalidateStates();
  return useMutation({
    mutationFn: (body: EvaluationBody) => api.call(evaluationEndpoints.create, { body }),
    onSuccess: invalidate,
  });
}

/** Moving an open evaluation to another category changes the dashboard too. */
export function useUpdateEvaluation() {
  const invalidate = useInvalidateStates();
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
    // Deleting an open evaluation changes the dashboard too.
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: evaluationKeys.detail(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: evaluationKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]);
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

/**
 * Opening or closing also changes which round the dashboard counts, and the due date the evaluators'
 * lists show (theirs is the open evaluation's): the three keys are invalidated.
 */
function useInvalidateStates() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: evaluationKeys.all }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
    ]);
}

export function useCloseEvaluation() {
  const invalidate = useInvalidateStates();
  return useMutation({
    mutationFn: (id: number) => api.call(evaluationEndpoints.close, { params: { id } }),
    onSuccess: invalidate,
  });
}
