import { v2NominationEndpoints } from '@evalua/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../client';

/** 360 nominations (decision 036): every key starts with `v2NominationKeys.all`. */
export const v2NominationKeys = {
  all: ['v2-nominations'] as const,
  mine: () => [...v2NominationKeys.all, 'mine'] as const,
  overview: (evaluationId: number) => [...v2NominationKeys.all, 'overview', evaluationId] as const,
  people: (q: string) => [...v2NominationKeys.all, 'people', q] as const,
};

export const v2NominationQueries = {
  /** The caller's own nominations and those waiting for their approval. */
  mine: () =>
    queryOptions({
      queryKey: v2NominationKeys.mine(),
      queryFn: () => api.call(v2NominationEndpoints.mine, {}),
    }),
  /** HR: an evaluation's settings and participants. */
  overview: (evaluationId: number) =>
    queryOptions({
      queryKey: v2NominationKeys.overview(evaluationId),
      queryFn: () => api.call(v2NominationEndpoints.overview, { params: { evaluationId } }),
    }),
  /** Active people by name, department or position (no e-mail), up to 20. */
  people: (q: string) =>
    queryOptions({
      queryKey: v2NominationKeys.people(q),
      queryFn: async () => (await api.call(v2NominationEndpoints.people, { query: { q } })).rows,
      enabled: q.length > 0,
      placeholderData: keepPreviousData,
    }),
};
