import type { V2MyAssignment } from '@evalua/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** The caller's 360 assignments as evaluator (GET /api/evaluations-v2/assignments/mine). */
export const myV2AssignmentsKey = ['v2-mine'] as const;

export const myV2AssignmentsQuery = queryOptions({
  queryKey: myV2AssignmentsKey,
  queryFn: async () =>
    (await api.get<{ rows: V2MyAssignment[] }>('/api/evaluations-v2/assignments/mine')).rows,
});

export function useMyV2Assignments() {
  return useQuery(myV2AssignmentsQuery);
}
