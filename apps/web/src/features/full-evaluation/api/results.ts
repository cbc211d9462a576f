import { ERROR_CODES, fullEvaluationEndpoints, type BodyInput } from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { hasErrorCode } from '../../../api/errors';
import { dashboardKeys } from '../../../api/queries/dashboard';
import { historyKeys, reportKeys, resultKeys, resultQueries } from '../../../api/queries/v1-results';
import { trainingKeys } from '../../../api/queries/training';

/** What one evaluator has already submitted (the «Evaluado» marks). */
export function useEvaluated(evaluatorId: number) {
  return useQuery(resultQueries.evaluated(evaluatorId));
}

/** The body of POST /api/full-evaluation/full-submit, as the client builds it. */
export type FullSubmitBody = BodyInput<typeof fullEvaluationEndpoints.submit>;

/**
 * What one submission changes: the evaluator's submitted list, the collaborator's latest result,
 * history and full report in that evaluation, and the aggregates over every result (the history
 * and reports lists, the training report, the dashboard). The evaluator's assignments do not change.
 */
function changedBy(body: FullSubmitBody) {
  return [
    resultKeys.evaluated(body.evaluator_id),
    resultKeys.latest(body.user_id),
    historyKeys.collaborators(),
    historyKeys.ofUser(body.user_id),
    reportKeys.lists(),
    reportKeys.full(body.evaluation_id, body.user_id),
    trainingKeys.all,
    dashboardKeys.all,
  ];
}

export function useSubmitEvaluation() {
  const queryClient = useQueryClient();
  const invalidate = (body: FullSubmitBody) =>
    Promise.all(changedBy(body).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn: (body: FullSubmitBody) => api.call(fullEvaluationEndpoints.submit, { body }),
    onSuccess: (_result, body) => invalidate(body),
    // Someone already submitted this one: show the list as the server has it.
    onError: (err, body) => (hasErrorCode(err, ERROR_CODES.alreadyAnswered) ? invalidate(body) : undefined),
  });
}
