import type { V2Evaluation } from '@evalua/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { v2AssignmentsKey } from './keys';

/** GET /api/evaluations-v2/{id}: the name, status and allow_self shown on both screens. */
export const evaluationQuery = (evaluationId: number) =>
  queryOptions({
    queryKey: [...v2AssignmentsKey(evaluationId), 'evaluation'],
    queryFn: () => api.get<V2Evaluation>(`/api/evaluations-v2/${evaluationId}`),
  });

export function useV2Evaluation(evaluationId: number | null) {
  return useQuery({ ...evaluationQuery(evaluationId ?? 0), enabled: evaluationId !== null });
}
