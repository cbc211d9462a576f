import { v2ReleaseEndpoints, v2ResultEndpoints } from '@evalua/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
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
  /** The results of the people who report to the caller. */
  team: () => [...v2ResultKeys.all, 'team'] as const,
  /** Who reads an evaluation's results (decision 038), and its people's own choices. */
  release: (evaluationId: number) => [...v2ResultKeys.evaluation(evaluationId), 'release'] as const,
  releasePeople: (evaluationId: number, q: string, page: number) =>
    [...v2ResultKeys.release(evaluationId), 'people', q, page] as const,
};

/** People per page in the release list. */
export const RELEASE_PAGE_SIZE = 10;

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
  /** The closed 360s of the people who report to the caller. */
  team: () =>
    queryOptions({
      queryKey: v2ResultKeys.team(),
      queryFn: async () => (await api.call(v2ReleaseEndpoints.team)).rows,
    }),
  /** The evaluation's release (admin and HR). */
  release: (evaluationId: number) =>
    queryOptions({
      queryKey: v2ResultKeys.release(evaluationId),
      queryFn: () => api.call(v2ReleaseEndpoints.get, { params: { id: evaluationId } }),
    }),
  /** A page of the evaluation's people and their release (admin and HR). */
  releasePeople: (evaluationId: number, q: string, page: number) =>
    queryOptions({
      queryKey: v2ResultKeys.releasePeople(evaluationId, q, page),
      queryFn: () =>
        api.call(v2ReleaseEndpoints.people, {
          params: { id: evaluationId },
          query: { ...(q ? { q } : {}), page, pageSize: RELEASE_PAGE_SIZE },
        }),
      placeholderData: keepPreviousData,
    }),
};
