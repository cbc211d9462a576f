import type { Assignment, AvailableCollaborator, Paged } from '@evalua/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../api/client';

/**
 * V1 assignments of one evaluator: their collaborators, and the people still available to them
 * (paged by 5 on the server, decision 014). Adding or removing one changes both lists of that
 * evaluator (['assignments', evaluatorId]) and the dashboard's assigned counts (['dashboard']).
 */
export const AVAILABLE_PAGE_SIZE = 5;

export const evaluatorAssignmentsKey = (evaluatorId: number) => ['assignments', evaluatorId] as const;

export const assignedQuery = (evaluatorId: number) =>
  queryOptions({
    queryKey: [...evaluatorAssignmentsKey(evaluatorId), 'assigned'],
    queryFn: () => api.get<Assignment[]>(`/api/assignments/${evaluatorId}`),
  });

export interface AvailableParams {
  q: string;
  page: number;
}

export const availableQuery = (evaluatorId: number, { q, page }: AvailableParams) =>
  queryOptions({
    queryKey: [...evaluatorAssignmentsKey(evaluatorId), 'available', { q, page }],
    queryFn: () => {
      const query = new URLSearchParams({ q, page: String(page), pageSize: String(AVAILABLE_PAGE_SIZE) });
      return api.get<Paged<AvailableCollaborator>>(
        `/api/assignments/${evaluatorId}/available?${query.toString()}`,
      );
    },
    placeholderData: keepPreviousData,
  });

export function useAssigned(evaluatorId: number) {
  return useQuery(assignedQuery(evaluatorId));
}

export function useAvailable(evaluatorId: number, params: AvailableParams) {
  return useQuery(availableQuery(evaluatorId, params));
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return (evaluatorId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: evaluatorAssignmentsKey(evaluatorId) }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
}

export function useAddAssignment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { evaluator_id: number; collaborator_id: number }) =>
      api.post<Assignment>('/api/assignments', body),
    onSuccess: (_created, body) => invalidate(body.evaluator_id),
    // A 409 means the pair already exists (someone else added it): show the lists as they are now.
    onError: (err, body) =>
      err instanceof ApiError && err.status === 409 ? invalidate(body.evaluator_id) : undefined,
  });
}

export function useRemoveAssignment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (assignment: Assignment) => api.delete<void>(`/api/assignments/${assignment.id}`),
    onSuccess: (_none, assignment) => invalidate(assignment.evaluator_id),
    // A 404 means it was already removed: show the lists as they are now.
    onError: (err, assignment) =>
      err instanceof ApiError && err.status === 404 ? invalidate(assignment.evaluator_id) : undefined,
  });
}
