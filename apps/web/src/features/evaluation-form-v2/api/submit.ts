import type { V2MyAssignment, V2SubmitResult } from '@evalua/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../api/client';
import type { V2AnswerPayload } from '../answers';
import { myV2AssignmentsKey } from './mine';

export interface V2SubmitBody {
  evaluation_id: number;
  assignment_id: number;
  answers: V2AnswerPayload[];
}

/**
 * POST /api/responses-v2/submit. It changes the caller's assignment list only (['v2-mine']): the row
 * is marked completed at once, then the list is fetched again. A 409 (already answered, closed)
 * also means the list is out of date. The menu does not change: `has_v2_assignments` in ['me']
 * counts assignments whatever their status.
 */
export function useSubmitV2Answers() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: myV2AssignmentsKey });
  return useMutation({
    mutationFn: (body: V2SubmitBody) => api.post<V2SubmitResult>('/api/responses-v2/submit', body),
    onSuccess: (_result, body) => {
      queryClient.setQueryData<V2MyAssignment[]>(myV2AssignmentsKey, (rows) =>
        rows?.map((r) =>
          r.assignment_id === body.assignment_id ? { ...r, assignment_status: 'completed' } : r,
        ),
      );
      return refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) void refresh();
    },
  });
}
