import { assignmentEndpoints, type Assignment, type BodyInput } from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { failedWith } from '../../../api/errors';
import { assignmentKeys, assignmentQueries, type AvailableParams } from '../../../api/queries/assignments';
import { dashboardKeys } from '../../../api/queries/dashboard';

/**
 * V1 assignments of one evaluator: their collaborators, and the people still available to them.
 * Adding or removing one changes both lists of that evaluator (`assignmentKeys.evaluator(id)`) and
 * the dashboard's assigned counts (`dashboardKeys.all`).
 */
export function useAssigned(evaluatorId: number) {
  return useQuery(assignmentQueries.assigned(evaluatorId));
}

export function useAvailable(evaluatorId: number, params: AvailableParams) {
  return useQuery(assignmentQueries.available(evaluatorId, params));
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return (evaluatorId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: assignmentKeys.evaluator(evaluatorId) }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    ]);
}

export function useAddAssignment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: BodyInput<typeof assignmentEndpoints.create>) =>
      api.call(assignmentEndpoints.create, { body }),
    onSuccess: (_created, body) => invalidate(body.evaluator_id),
    // A 409 means the pair already exists (someone else added it): show the lists as they are now.
    onError: (err, body) => (failedWith(err, 409) ? invalidate(body.evaluator_id) : undefined),
  });
}

export function useRemoveAssignment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (assignment: Assignment) =>
      api.call(assignmentEndpoints.remove, { params: { id: assignment.id } }),
    onSuccess: (_none, assignment) => invalidate(assignment.evaluator_id),
    // A 404 means it was already removed: show the lists as they are now.
    onError: (err, assignment) => (failedWith(err, 404) ? invalidate(assignment.evaluator_id) : undefined),
  });
}

/** Many people to one evaluator: the ones ticked, or every available person a filter matches. */
export function useBulkAssign() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: BodyInput<typeof assignmentEndpoints.bulk>) =>
      api.call(assignmentEndpoints.bulk, { body }),
    onSettled: (_answer, _err, body) => invalidate(body.evaluator_id),
  });
}

/** 'Asignar según «Reporta a»': every evaluador's lists may change. */
export function useAssignByReportsTo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(assignmentEndpoints.byReportsTo, { body: {} }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}
