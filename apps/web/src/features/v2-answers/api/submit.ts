import { v2AnswerEndpoints, type BodyInput, type V2MyAssignment } from '@evalua/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { failedWith } from '../../../api/errors';
import { v2AnswerKeys } from '../../../api/queries/v2-answers';

/**
 * POST /api/responses-v2/submit. It changes the caller's assignment list only (v2AnswerKeys.mine):
 * the row is marked completed at once, then the list is fetched again. A 409 (already answered,
 * closed) also means the list is out of date. The menu does not change: `has_v2_assignments` in
 * ['me'] counts assignments whatever their status.
 */
export function useSubmitV2Answers() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: v2AnswerKeys.mine() });
  return useMutation({
    mutationFn: (body: BodyInput<typeof v2AnswerEndpoints.submit>) =>
      api.call(v2AnswerEndpoints.submit, { body }),
    onSuccess: (_result, body) => {
      queryClient.setQueryData<V2MyAssignment[]>(v2AnswerKeys.mine(), (rows) =>
        rows?.map((r) =>
          r.assignment_id === body.assignment_id ? { ...r, assignment_status: 'completed' } : r,
        ),
      );
      return refresh();
    },
    onError: (err) => {
      if (failedWith(err, 409)) void refresh();
    },
  });
}
