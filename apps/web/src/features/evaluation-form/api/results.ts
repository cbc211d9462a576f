import type { EvaluatedResult, FullSubmitResult, fullSubmitSchema } from '@evalua/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, api } from '../../../api/client';

/**
 * What one evaluator has already submitted, and the V1 submission itself. A submission changes
 * that evaluator's evaluated list and every aggregate built on results.
 */
export const evaluatedKey = (evaluatorId: number) =>
  ['evaluation-results', 'evaluated', evaluatorId] as const;

export const evaluatedQuery = (evaluatorId: number) =>
  queryOptions({
    queryKey: evaluatedKey(evaluatorId),
    queryFn: () => api.get<EvaluatedResult[]>(`/api/evaluation-results/evaluated/${evaluatorId}`),
  });

export function useEvaluated(evaluatorId: number) {
  return useQuery(evaluatedQuery(evaluatorId));
}

/** The body of POST /api/full-evaluation/full-submit, as the client builds it. */
export type FullSubmitBody = z.output<typeof fullSubmitSchema>;

/** Aggregates over results: dashboard, reports, history, training report, latest results. */
const RESULT_KEYS = [['dashboard'], ['reports'], ['history'], ['training-report'], ['results']] as const;

export function useSubmitEvaluation() {
  const queryClient = useQueryClient();
  const invalidate = (evaluatorId: number) =>
    Promise.all(
      [evaluatedKey(evaluatorId), ...RESULT_KEYS].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  return useMutation({
    mutationFn: (body: FullSubmitBody) =>
      api.post<FullSubmitResult>('/api/full-evaluation/full-submit', body),
    onSuccess: (_result, body) => invalidate(body.evaluator_id),
    // 409: someone already submitted this one; show the list as the server has it.
    onError: (err, body) =>
      err instanceof ApiError && err.status === 409 ? invalidate(body.evaluator_id) : undefined,
  });
}
