import { v2ResultEndpoints } from '@evalua/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';

/**
 * 360 results: every key starts with `v2ResultKeys.all`; those of one evaluation with
 * `v2ResultKeys.evaluation(id)`. Answers are what the viewer may see now (decision 023).
 */
export const v2ResultKeys = {
  all: ['v2-results'] as const,
  evaluation: (evaluationId: number) => [...v2ResultKeys.all, evaluationId] as const,
  summary: (evaluationId: number) => [...v2ResultKeys.evaluation(evaluationId), 'summary'] as const,
  person: (evaluationId: number, userId: number) =>
    [...v2ResultKeys.evaluation(evaluationId), 'person', userId] as const,
  /** Mis resultados 360. */
  mine: () => [...v2ResultKeys.all, 'mine'] as const,
};

export const v2ResultQueries = {
  /** Completion, averages and distribution of an evaluation (admin and HR). */
  summary: (evaluationId: number) =>
    queryOptions({
      queryKey: v2ResultKeys.summary(evaluationId),
      queryFn: () => api.call(v2ResultEndpoints.summary, { params: { id: evaluationId } }),
    }),
  /** One person's results (the app does not retry a 4xx). */
  person: (evaluationId: number, userId: number) =>
    queryOptions({
      queryKey: v2ResultKeys.person(evaluationId, userId),
      queryFn: () => api.call(v2ResultEndpoints.person, { params: { id: evaluationId, userId } }),
    }),
  /** The closed 360s in which the caller was rated. */
  mine: () =>
    queryOptions({
      queryKey: v2ResultKeys.mine(),
      queryFn: async () => (await api.call(v2ResultEndpoints.mine)).rows,
    }),
};
