import type { Paged, V2AssignmentRow, V2BatchEntry, V2BulkResult } from '@evalua/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { pagedPath, type PageParams } from '../../../api/paging';
import { useInvalidateAssignments } from './invalidate';
import { assignmentListKey } from './keys';

export const ASSIGNMENTS_PAGE_SIZE = 20;

/** GET /api/assignments-v2/by-evaluation/{id}, paged and searched (evaluator or evaluatee name). */
export const assignmentListQuery = (evaluationId: number, params: PageParams) =>
  queryOptions({
    queryKey: [...assignmentListKey(evaluationId), params],
    queryFn: () =>
      api.get<Paged<V2AssignmentRow>>(
        pagedPath(`/api/assignments-v2/by-evaluation/${evaluationId}`, params, ASSIGNMENTS_PAGE_SIZE),
      ),
    placeholderData: keepPreviousData,
  });

export function useAssignmentList(evaluationId: number, params: PageParams) {
  return useQuery(assignmentListQuery(evaluationId, params));
}

export interface BulkAssignCall {
  assignments: readonly V2BatchEntry[];
  /** HR confirmed giving someone more than one manager (decision 023). */
  allowMultipleManagers?: boolean;
}

/**
 * POST /api/assignments-v2/bulk {evaluation_id, assignments, allow_multiple_managers?} →
 * {inserted_count}. Without the confirmation a second manager is refused (409 MULTIPLE_MANAGERS).
 */
export function useBulkAssign(evaluationId: number) {
  const invalidate = useInvalidateAssignments(evaluationId);
  return useMutation({
    mutationFn: ({ assignments, allowMultipleManagers }: BulkAssignCall) =>
      api.post<V2BulkResult>('/api/assignments-v2/bulk', {
        evaluation_id: evaluationId,
        assignments,
        ...(allowMultipleManagers ? { allow_multiple_managers: true } : {}),
      }),
    onSuccess: invalidate,
  });
}
