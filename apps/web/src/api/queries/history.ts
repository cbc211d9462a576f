import { historyEndpoints } from '@evalua/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../client';
import { asPage, pageQuery, type PageParams } from '../paging';

/** SPEC §9: history pages by 10. */
export const HISTORY_PAGE_SIZE = 10;

/** Historial (V1): every key starts with `historyKeys.all`. */
export const historyKeys = {
  all: ['history'] as const,
  collaborators: () => [...historyKeys.all, 'collaborators'] as const,
  collaboratorPage: (params: PageParams) => [...historyKeys.collaborators(), params] as const,
  ofUser: (userId: number) => [...historyKeys.all, 'user', userId] as const,
};

export const historyQueries = {
  /** A page of the people with results (searched on the server). */
  collaboratorPage: (params: PageParams) =>
    queryOptions({
      queryKey: historyKeys.collaboratorPage(params),
      queryFn: async () =>
        asPage(
          await api.call(historyEndpoints.collaborators, { query: pageQuery(params, HISTORY_PAGE_SIZE) }),
        ),
      placeholderData: keepPreviousData,
    }),
  /** One person's evaluations, newest first, each averaged over its evaluators. */
  ofUser: (userId: number) =>
    queryOptions({
      queryKey: historyKeys.ofUser(userId),
      queryFn: () => api.call(historyEndpoints.ofUser, { params: { userId } }),
    }),
};
