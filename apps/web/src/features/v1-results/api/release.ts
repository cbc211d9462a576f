import { v1ReleaseEndpoints } from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { dashboardKeys } from '../../../api/queries/dashboard';
import { outboxKeys } from '../../../api/queries/outbox';
import { trainingKeys } from '../../../api/queries/training';
import { releaseKeys, releaseQueries } from '../../../api/queries/v1-release';
import { historyKeys, reportKeys, resultKeys } from '../../../api/queries/v1-results';

/**
 * 'Publicación y correcciones' of one person in one V1 evaluation (decision 050): HR reads the round,
 * releases it to the person, or reopens one evaluator's submission to be corrected.
 */
export function usePersonRound(evaluationId: number, userId: number, enabled: boolean) {
  return useQuery({ ...releaseQueries.person(evaluationId, userId), enabled });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return (keys: QueryKey[]) =>
    Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * Releases the person's results: their round, whether evaluators may still correct (the results),
 * their own latest result and history, and the outbox (the e-mail) change.
 */
export function useReleasePerson(evaluationId: number, userId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () =>
      api.call(v1ReleaseEndpoints.release, {
        params: { id: evaluationId },
        body: { collaborator_id: userId },
      }),
    onSuccess: () =>
      invalidate([
        releaseKeys.person(evaluationId, userId),
        resultKeys.all,
        historyKeys.ofUser(userId),
        outboxKeys.all,
      ]),
  });
}

/**
 * Reopens one evaluator's submission for the person: it leaves every figure built from it (their
 * round and report, the evaluator's submitted list, the person's history and latest result, the
 * reports and history lists, the training report, the dashboard) until it is sent again.
 */
export function useReopenForPerson(evaluationId: number, userId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ evaluatorId, reason }: { evaluatorId: number; reason: string }) =>
      api.call(v1ReleaseEndpoints.reopen, {
        params: { id: evaluationId },
        body: { collaborator_id: userId, evaluator_id: evaluatorId, reason },
      }),
    onSuccess: (_version, { evaluatorId }) =>
      invalidate([
        releaseKeys.person(evaluationId, userId),
        reportKeys.all,
        resultKeys.evaluated(evaluatorId),
        resultKeys.latest(userId),
        historyKeys.all,
        trainingKeys.all,
        dashboardKeys.all,
      ]),
  });
}
