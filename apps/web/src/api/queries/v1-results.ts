import { historyEndpoints, reportEndpoints, resultEndpoints } from '@evalua/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../client';
import { failedWith } from '../errors';
import { asPage, pageQuery, type PageParams } from '../paging';

/*
 * A person's V1 results (features/v1-results, and the V1 form's «Evaluado» marks): the reports,
 * each person's history and their latest result. Three key roots, one per resource.
 */

export const REPORTS_PAGE_SIZE = 10;

/** Reportes (V1): every key starts with `reportKeys.all`; the list's pages with `lists()`. */
export const reportKeys = {
  all: ['reports'] as const,
  lists: () => [...reportKeys.all, 'list'] as const,
  page: (params: PageParams) => [...reportKeys.lists(), params] as const,
  full: (evaluationId: number, userId: number) => [...reportKeys.all, 'full', evaluationId, userId] as const,
};

export const reportQueries = {
  /** A page of the list, searched on the server. */
  page: (params: PageParams) =>
    queryOptions({
      queryKey: reportKeys.page(params),
      queryFn: async () =>
        asPage(await api.call(reportEndpoints.list, { query: pageQuery(params, REPORTS_PAGE_SIZE) })),
      // While the next page or search loads, the table keeps showing the last one.
      placeholderData: keepPreviousData,
    }),
  /** One person's full report in one evaluation. */
  full: (evaluationId: number, userId: number) =>
    queryOptions({
      queryKey: reportKeys.full(evaluationId, userId),
      queryFn: () => api.call(reportEndpoints.full, { params: { evaluationId, userId } }),
      // A 404 (no data) or 403 will not change by asking again.
      retry: false,
    }),
};

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

/** Resultados (V1): every key starts with `resultKeys.all`. */
export const resultKeys = {
  all: ['results'] as const,
  /** What one evaluator has submitted (the evaluation form's «Evaluado» marks). */
  evaluated: (evaluatorId: number) => [...resultKeys.all, 'evaluated', evaluatorId] as const,
  /** One person's latest result (Mis resultados). */
  latest: (userId: number) => [...resultKeys.all, 'latest', userId] as const,
};

export const resultQueries = {
  evaluated: (evaluatorId: number) =>
    queryOptions({
      queryKey: resultKeys.evaluated(evaluatorId),
      queryFn: () => api.call(resultEndpoints.evaluated, { params: { evaluatorId } }),
    }),
  /** The user's latest result, or null when they have none yet (the server's 404). */
  latest: (userId: number) =>
    queryOptions({
      queryKey: resultKeys.latest(userId),
      queryFn: async () => {
        try {
          return await api.call(resultEndpoints.latest, { params: { userId } });
        } catch (err) {
          if (failedWith(err, 404)) return null;
          throw err;
        }
      },
    }),
};
