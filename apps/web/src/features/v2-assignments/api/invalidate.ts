import { useQueryClient } from '@tanstack/react-query';
import { v2AssignmentKeys } from '../../../api/queries/v2-assignments';
import { v2EvaluationKeys } from '../../../api/queries/v2-evaluations';

/**
 * After any assignment change of an evaluation: its assignments (lists and evaluatees' evaluators,
 * v2AssignmentKeys.evaluation) and its counts (the evaluation's detail and the 360 lists,
 * v2EvaluationKeys.all). The user lookups are left alone.
 */
export function useInvalidateAssignments(evaluationId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [v2AssignmentKeys.evaluation(evaluationId), v2EvaluationKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}
