import { v1ReleaseEndpoints } from '@evalua/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { evaluationKeys } from '../../../api/queries/evaluations';
import { outboxKeys } from '../../../api/queries/outbox';
import { releaseKeys } from '../../../api/queries/v1-release';
import { historyKeys, resultKeys } from '../../../api/queries/v1-results';

/**
 * 'Publicar resultados' of a V1 evaluation released by HR (decision 050): the whole round. It changes
 * the evaluation (released_at), who reads each result (each person's round, their latest result and
 * history, whether an evaluator may still correct: the results), and the outbox (the e-mails).
 */
export function useReleaseEvaluation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(v1ReleaseEndpoints.release, { params: { id }, body: {} }),
    onSuccess: () =>
      Promise.all(
        [evaluationKeys.all, releaseKeys.all, resultKeys.all, historyKeys.all, outboxKeys.all].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
