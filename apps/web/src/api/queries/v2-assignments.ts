import { v2AssignmentEndpoints } from '@evalua/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../client';
import { asPage, pageQuery, type PageParams } from '../paging';

/**
 * Rater assignments of 360 evaluations: `v2AssignmentKeys.evaluation(id)` is the root of every key
 * of one evaluation's assignments (its lists and its evaluatees' evaluators).
 */
export const v2AssignmentKeys = {
  all: ['v2-assignments'] as const,
  evaluation: (evaluationId: number) => [...v2AssignmentKeys.all, evaluationId] as const,
  list: (evaluationId: number) => [...v2AssignmentKeys.evaluation(evaluationId), 'list'] as const,
  page: (evaluationId: number, params: PageParams) =>
    [...v2AssignmentKeys.list(evaluationId), params] as const,
  evaluatee: (evaluationId: number, userId: number) =>
    [...v2AssignmentKeys.evaluation(evaluationId), 'evaluatee', userId] as const,
};

/** The batch screen's page size. */
export const V2_ASSIGNMENTS_PAGE_SIZE = 20;

export const v2AssignmentQueries = {
  /** Every assignment of an evaluation (the results screens reduce them to evaluatees). */
  list: (evaluationId: number) =>
    queryOptions({
      queryKey: v2AssignmentKeys.list(evaluationId),
      queryFn: async () =>
        (await api.call(v2AssignmentEndpoints.listByEvaluation, { params: { evaluationId } })).rows,
    }),
  /** A page of them, searched by evaluator or evaluatee name (the batch screen's table). */
  page: (evaluationId: number, params: PageParams) =>
    queryOptions({
      queryKey: v2AssignmentKeys.page(evaluationId, params),
      queryFn: async () => {
        const answer = await api.call(v2AssignmentEndpoints.listByEvaluation, {
          params: { evaluationId },
          query: pageQuery(params, V2_ASSIGNMENTS_PAGE_SIZE),
        });
        return asPage('total' in answer ? answer : answer.rows);
      },
      placeholderData: keepPreviousData,
    }),
  /**
   * The evaluators of one evaluatee (the modal's initial selection). Never kept once the modal
   * closes (gcTime 0), so each opening starts from what the server has now.
   */
  evaluators: (evaluationId: number, userId: number) =>
    queryOptions({
      queryKey: v2AssignmentKeys.evaluatee(evaluationId, userId),
      queryFn: () => api.call(v2AssignmentEndpoints.evaluatorsOf, { params: { evaluationId, userId } }),
      gcTime: 0,
    }),
};
