import type { V2EvaluateeChangeInput, V2EvaluatorIds } from '@evalua/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useInvalidateAssignments } from './invalidate';
import { evaluateeKey } from './keys';

const path = (evaluationId: number, userId: number) =>
  `/api/evaluations-v2/${evaluationId}/assignments/evaluatee/${userId}`;

/**
 * GET …/assignments/evaluatee/{userId} → {evaluator_ids}: the modal's initial selection. Never kept
 * once the modal closes (gcTime 0), so each opening starts from what the server has now.
 */
export const evaluatorIdsQuery = (evaluationId: number, userId: number) =>
  queryOptions({
    queryKey: [...evaluateeKey(evaluationId), userId],
    queryFn: () => api.get<V2EvaluatorIds>(path(evaluationId, userId)),
    gcTime: 0,
  });

export function useEvaluatorIds(evaluationId: number, userId: number) {
  return useQuery(evaluatorIdsQuery(evaluationId, userId));
}

/** POST the same path {add, remove} → {evaluator_ids}. */
export function useChangeEvaluators(evaluationId: number, userId: number) {
  const invalidate = useInvalidateAssignments(evaluationId);
  return useMutation({
    mutationFn: (change: V2EvaluateeChangeInput) =>
      api.post<V2EvaluatorIds>(path(evaluationId, userId), change),
    onSuccess: invalidate,
  });
}
