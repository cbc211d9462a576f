import { v2AssignmentEndpoints, type Relation, type V2BatchEntry } from '@evalua/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { PageParams } from '../../../api/paging';
import { v2AssignmentQueries } from '../../../api/queries/v2-assignments';
import { useInvalidateAssignments } from './invalidate';

/** The evaluation's current assignments, paged and searched (evaluator or evaluatee name). */
export function useAssignmentList(evaluationId: number, params: PageParams) {
  return useQuery(v2AssignmentQueries.page(evaluationId, params));
}

export interface BulkAssignCall {
  assignments: readonly V2BatchEntry[];
  /** HR confirmed giving someone more than one manager (decision 023). */
  allowMultipleManagers?: boolean;
}

/**
 * Sends the batch → {inserted_count}. Without the confirmation a second manager is refused
 * (409 MULTIPLE_MANAGERS).
 */
export function useBulkAssign(evaluationId: number) {
  const invalidate = useInvalidateAssignments(evaluationId);
  return useMutation({
    mutationFn: ({ assignments, allowMultipleManagers }: BulkAssignCall) =>
      api.call(v2AssignmentEndpoints.bulk, {
        body: {
          evaluation_id: evaluationId,
          assignments: [...assignments],
          ...(allowMultipleManagers ? { allow_multiple_managers: true } : {}),
        },
      }),
    onSuccess: invalidate,
  });
}

export interface RelationCall {
  id: number;
  relation: Relation;
  /** HR confirmed giving someone more than one manager (decision 023). */
  allowMultipleManagers?: boolean;
}

/** A pending assignment's new relation (PATCH /api/assignments-v2/{id}, decision 035). */
export function useChangeRelation(evaluationId: number) {
  const invalidate = useInvalidateAssignments(evaluationId);
  return useMutation({
    mutationFn: ({ id, relation, allowMultipleManagers }: RelationCall) =>
      api.call(v2AssignmentEndpoints.changeRelation, {
        params: { id },
        body: { relation, ...(allowMultipleManagers ? { allow_multiple_managers: true } : {}) },
      }),
    onSuccess: invalidate,
  });
}
