import { useQuery } from '@tanstack/react-query';
import { assignmentQueries } from '../../../api/queries/assignments';
import { staffQueries } from '../../../api/queries/staff';

/** The active evaluators an admin may evaluate for (the shared staff query). */
export function useEvaluatorOptions() {
  return useQuery(staffQueries.evaluatorOptions());
}

/** One evaluator's assigned collaborators (the shared assignments query). */
export function useAssigned(evaluatorId: number) {
  return useQuery(assignmentQueries.assigned(evaluatorId));
}
