import { v2AssignmentEndpoints } from '@evalua/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { v2AssignmentKeys } from '../../../api/queries/v2-assignments';

/**
 * How many raters each person of the page has (and how many answered), under the evaluation's
 * assignment keys: any assignment change of it reads them again (useInvalidateAssignments).
 */
export function useRaterCounts(evaluationId: number, userIds: readonly number[]) {
  return useQuery({
    queryKey: [...v2AssignmentKeys.evaluation(evaluationId), 'rater-counts', userIds.join(',')],
    queryFn: async () => {
      const { rows } = await api.call(v2AssignmentEndpoints.raterCounts, {
        params: { evaluationId },
        query: { user_ids: userIds.join(',') },
      });
      return new Map(rows.map((r) => [r.user_id, r]));
    },
    enabled: userIds.length > 0,
    placeholderData: keepPreviousData,
  });
}
