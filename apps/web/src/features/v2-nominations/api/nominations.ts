import { v2NominationEndpoints, type V2NomineeInput } from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { v2AssignmentKeys } from '../../../api/queries/v2-assignments';
import { v2EvaluationKeys } from '../../../api/queries/v2-evaluations';
import { v2NominationKeys, v2NominationQueries } from '../../../api/queries/v2-nominations';

export function useMyNominations() {
  return useQuery(v2NominationQueries.mine());
}

export function usePeople(q: string) {
  return useQuery(v2NominationQueries.people(q));
}

/** The evaluatee saves their list (and sends it with `submit`). */
export function useSaveNomination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, nominees, submit }: { id: number; nominees: V2NomineeInput[]; submit: boolean }) =>
      api.call(v2NominationEndpoints.save, { params: { id }, body: { nominees, submit } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: v2NominationKeys.all }),
  });
}

/** The manager approves (with a changed list, or as sent): the evaluation's assignments change too. */
export function useApproveNomination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, nominees }: { id: number; nominees?: V2NomineeInput[] }) =>
      api.call(v2NominationEndpoints.approve, { params: { id }, body: nominees ? { nominees } : {} }),
    onSuccess: (answer) =>
      Promise.all(
        [
          v2NominationKeys.all,
          v2AssignmentKeys.evaluation(answer.nomination.evaluation_id),
          v2EvaluationKeys.all,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
