import { ERROR_CODES, fullEvaluationEndpoints, v1ReleaseEndpoints, type BodyInput } from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { hasErrorCode } from '../../../api/errors';
import { dashboardKeys } from '../../../api/queries/dashboard';
import { releaseKeys } from '../../../api/queries/v1-release';
import { historyKeys, reportKeys, resultKeys, resultQueries } from '../../../api/queries/v1-results';
import { trainingKeys } from '../../../api/queries/training';

/** What one evaluator has already submitted (the «Evaluado» marks). */
export function useEvaluated(evaluatorId: number) {
  return useQuery(resultQueries.evaluated(evaluatorId));
}

/** The body of POST /api/full-evaluation/full-submit, as the client builds it. */
export type FullSubmitBody = BodyInput<typeof fullEvaluationEndpoints.submit>;

/** One evaluator's submission for one collaborator in one evaluation. */
interface Submission {
  evaluation_id: number;
  user_id: number;
  evaluator_id: number;
}

/**
 * What one submission changes, sent or reopened: the evaluator's submitted list, the collaborator's
 * latest result, history, full report and round (HR's 'Publicación y correcciones') in that
 * evaluation, and the aggregates over every result (the history and reports lists, the training
 * report, the dashboard). The evaluator's assignments do not change.
 */
function changedBy(s: Submission) {
  return [
    resultKeys.evaluated(s.evaluator_id),
    resultKeys.latest(s.user_id),
    historyKeys.collaborators(),
    historyKeys.ofUser(s.user_id),
    reportKeys.lists(),
    reportKeys.full(s.evaluation_id, s.user_id),
    releaseKeys.person(s.evaluation_id, s.user_id),
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

/** What reopening a submission to correct it takes (decision 050). */
export interface ReopenInput {
  evaluationId: number;
  collaboratorId: number;
  evaluatorId: number;
  reason: string;
}

/**
 * 'Corregir': reopens one of the evaluator's submissions, before its result is released, so they
 * evaluate that collaborator again; it changes what a submission changes.
 */
export function useReopenSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReopenInput) =>
      api.call(v1ReleaseEndpoints.reopen, {
        params: { id: input.evaluationId },
        body: {
          collaborator_id: input.collaboratorId,
          evaluator_id: input.evaluatorId,
          reason: input.reason,
        },
      }),
    onSuccess: (_version, input) =>
      Promise.all(
        changedBy({
          evaluation_id: input.evaluationId,
          user_id: input.collaboratorId,
          evaluator_id: input.evaluatorId,
        }).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
