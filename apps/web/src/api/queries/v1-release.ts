import { v1ReleaseEndpoints } from '@evalua/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';

/**
 * Publicación de resultados (V1, decision 050): one person's round as HR reads it (released or not,
 * each evaluator's submission, the corrections made). Every key starts with `releaseKeys.all`.
 */
export const releaseKeys = {
  all: ['v1-release'] as const,
  person: (evaluationId: number, userId: number) =>
    [...releaseKeys.all, 'person', evaluationId, userId] as const,
};

export const releaseQueries = {
  person: (evaluationId: number, userId: number) =>
    queryOptions({
      queryKey: releaseKeys.person(evaluationId, userId),
      queryFn: () => api.call(v1ReleaseEndpoints.person, { params: { id: evaluationId, userId } }),
    }),
};
