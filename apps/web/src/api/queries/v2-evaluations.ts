import { v2EvaluationEndpoints } from '@evalua/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../client';
import { asPage, pageQuery, type PageParams } from '../paging';

/**
 * Evaluaciones 360 (/api/evaluations-v2): every key of the resource starts with
 * `v2EvaluationKeys.all`, so a change to an evaluation (status, fields, assignments) refreshes its
 * lists and its detail by invalidating that root. Its items live under `v2ItemKeys`
 * (api/queries/v2-items.ts): a write that changes a draft's items must invalidate those too.
 */
export const v2EvaluationKeys = {
  all: ['evaluations-v2'] as const,
  lists: () => [...v2EvaluationKeys.all, 'list'] as const,
  page: (params: PageParams, pageSize: number) => [...v2EvaluationKeys.lists(), pageSize, params] as const,
  everyOne: () => [...v2EvaluationKeys.lists(), 'all'] as const,
  detail: (id: number) => [...v2EvaluationKeys.all, 'detail', id] as const,
};

/** The 360 evaluations screen's page size. */
export const V2_EVALUATIONS_PAGE_SIZE = 10;

export const v2EvaluationQueries = {
  /** A page of evaluations matching ?q= (the 360 screen, the snapshot picker). */
  page: (params: PageParams, pageSize = V2_EVALUATIONS_PAGE_SIZE) =>
    queryOptions({
      queryKey: v2EvaluationKeys.page(params, pageSize),
      queryFn: async () => {
        const answer = await api.call(v2EvaluationEndpoints.list, { query: pageQuery(params, pageSize) });
        return asPage('total' in answer ? answer : answer.rows);
      },
      placeholderData: keepPreviousData,
    }),
  /** Every 360 evaluation, newest first, with its counts (the start page's pending work). */
  all: () =>
    queryOptions({
      queryKey: v2EvaluationKeys.everyOne(),
      queryFn: async () => (await api.call(v2EvaluationEndpoints.list)).rows,
    }),
  /** One 360 evaluation by id: name, period, status, weights, allow_self and counts. */
  detail: (id: number) =>
    queryOptions({
      queryKey: v2EvaluationKeys.detail(id),
      queryFn: () => api.call(v2EvaluationEndpoints.get, { params: { id } }),
    }),
};
