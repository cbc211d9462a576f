import { useQueryClient } from '@tanstack/react-query';
import { evaluationQuery } from './evaluation';
import { assignmentListKey, evaluateeKey, evaluationsV2Key } from './keys';

/**
 * After any assignment change of an evaluation: its list, its evaluatees' evaluators and its counts
 * (the evaluation itself and the 360 list). The user lookups are left alone.
 */
export function useInvalidateAssignments(evaluationId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        assignmentListKey(evaluationId),
        evaluateeKey(evaluationId),
        evaluationQuery(evaluationId).queryKey,
        evaluationsV2Key,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}
