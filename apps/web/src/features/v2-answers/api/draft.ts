import { v2AnswerEndpoints, type BodyInput, type V2MyAssignment } from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { failedWith } from '../../../api/errors';
import { v2AnswerKeys } from '../../../api/queries/v2-answers';

/** The caller's draft of one assignment (decision 034): read each time the form opens. */
export const draftKey = (assignmentId: number) => [...v2AnswerKeys.all, 'draft', assignmentId] as const;

export function useV2Draft(assignmentId: number) {
  return useQuery({
    queryKey: draftKey(assignmentId),
    queryFn: () => api.call(v2AnswerEndpoints.draft, { params: { assignmentId } }),
    // The form takes it once as it opens; a later fetch must not be served from an old visit.
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** PUT the draft. A 409 (answered, declined, closed) means the list is out of date too. */
export function useSaveV2Draft(assignmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInput<typeof v2AnswerEndpoints.saveDraft>) =>
      api.call(v2AnswerEndpoints.saveDraft, { params: { assignmentId }, body }),
    onError: (err) => {
      if (failedWith(err, 409)) void queryClient.invalidateQueries({ queryKey: v2AnswerKeys.mine() });
    },
  });
}

/** POST /api/responses-v2/decline: the row turns 'Rechazada' at once, then the list is fetched again. */
export function useDeclineV2Assignment() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: v2AnswerKeys.mine() });
  return useMutation({
    mutationFn: (body: BodyInput<typeof v2AnswerEndpoints.decline>) =>
      api.call(v2AnswerEndpoints.decline, { body }),
    onSuccess: (_result, body) => {
      queryClient.setQueryData<V2MyAssignment[]>(v2AnswerKeys.mine(), (rows) =>
        rows?.map((r) =>
          r.assignment_id === body.assignment_id ? { ...r, assignment_status: 'declined' } : r,
        ),
      );
      return refresh();
    },
    onError: (err) => {
      if (failedWith(err, 409)) void refresh();
    },
  });
}
