import { v2NominationEndpoints, type V2NominationSettingsInput } from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { v2NominationKeys, v2NominationQueries } from '../../../api/queries/v2-nominations';
import { useInvalidateAssignments } from './invalidate';

/** HR's view of an evaluation's nominations (decision 036). */
export function useNominationOverview(evaluationId: number) {
  return useQuery(v2NominationQueries.overview(evaluationId));
}

export function useNominationPeople(q: string) {
  return useQuery(v2NominationQueries.people(q));
}

function useInvalidateNominations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: v2NominationKeys.all });
}

export function useConfigureNominations(evaluationId: number) {
  const invalidate = useInvalidateNominations();
  return useMutation({
    mutationFn: (body: V2NominationSettingsInput) =>
      api.call(v2NominationEndpoints.configure, { params: { evaluationId }, body }),
    onSuccess: invalidate,
  });
}

export function useAddParticipants(evaluationId: number) {
  const invalidate = useInvalidateNominations();
  return useMutation({
    mutationFn: (body: { user_ids?: number[]; all_with_manager?: boolean }) =>
      api.call(v2NominationEndpoints.addParticipants, { params: { evaluationId }, body }),
    onSuccess: invalidate,
  });
}

export function useRemoveParticipant(evaluationId: number) {
  const invalidate = useInvalidateNominations();
  return useMutation({
    mutationFn: (userId: number) =>
      api.call(v2NominationEndpoints.removeParticipant, { params: { evaluationId, userId } }),
    onSuccess: invalidate,
  });
}

/** HR approves on behalf of the manager, as the list stands; the assignments change too. */
export function useApproveOnBehalf(evaluationId: number) {
  const invalidateNominations = useInvalidateNominations();
  const invalidateAssignments = useInvalidateAssignments(evaluationId);
  return useMutation({
    mutationFn: (id: number) => api.call(v2NominationEndpoints.approve, { params: { id }, body: {} }),
    onSuccess: () => Promise.all([invalidateNominations(), invalidateAssignments()]),
  });
}
