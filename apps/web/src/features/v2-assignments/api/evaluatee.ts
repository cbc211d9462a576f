import { v2AssignmentEndpoints, type BodyInput } from '@evalua/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { v2AssignmentQueries } from '../../../api/queries/v2-assignments';
import { useInvalidateAssignments } from './invalidate';

/** The evaluatee's evaluators: the modal's initial selection. */
export function useEvaluatorIds(evaluationId: number, userId: number) {
  return useQuery(v2AssignmentQueries.evaluators(evaluationId, userId));
}

/** {add, remove} → {evaluator_ids}. */
export function useChangeEvaluators(evaluationId: number, userId: number) {
  const invalidate = useInvalidateAssignments(evaluationId);
  return useMutation({
    mutationFn: (change: BodyInput<typeof v2AssignmentEndpoints.changeEvaluators>) =>
      api.call(v2AssignmentEndpoints.changeEvaluators, { params: { evaluationId, userId }, body: change }),
    onSuccess: invalidate,
  });
}
