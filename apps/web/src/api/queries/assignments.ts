import { AVAILABLE_PAGE_SIZE, assignmentEndpoints } from '@evalua/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../client';
import { pageQuery, type PageParams } from '../paging';

/** A page of the available list with its filters (decision 057): category and department. */
export interface AvailableParams extends PageParams {
  category_id?: number | undefined;
  department?: string | undefined;
}

/** The filters as the call's query: only those set. */
export function availableFilter({ q, category_id, department }: AvailableParams) {
  return {
    ...(q.trim() ? { q: q.trim() } : {}),
    ...(category_id ? { category_id } : {}),
    ...(department ? { department } : {}),
  };
}

/** V1 assignments: every key starts with `assignmentKeys.all`; one evaluator's lists with `evaluator(id)`. */
export const assignmentKeys = {
  all: ['assignments'] as const,
  evaluator: (evaluatorId: number) => [...assignmentKeys.all, evaluatorId] as const,
  assigned: (evaluatorId: number) => [...assignmentKeys.evaluator(evaluatorId), 'assigned'] as const,
  available: (evaluatorId: number, params: AvailableParams) =>
    [...assignmentKeys.evaluator(evaluatorId), 'available', params] as const,
  departments: () => [...assignmentKeys.all, 'departments'] as const,
};

export const assignmentQueries = {
  /** One evaluator's collaborators (an evaluator reads only their own). */
  assigned: (evaluatorId: number) =>
    queryOptions({
      queryKey: assignmentKeys.assigned(evaluatorId),
      queryFn: () => api.call(assignmentEndpoints.assigned, { params: { evaluatorId } }),
    }),
  /** A page of the people still available to an evaluator (AVAILABLE_PAGE_SIZE a page, decision 014). */
  available: (evaluatorId: number, params: AvailableParams) =>
    queryOptions({
      queryKey: assignmentKeys.available(evaluatorId, params),
      queryFn: () =>
        api.call(assignmentEndpoints.available, {
          params: { evaluatorId },
          query: { ...pageQuery(params, AVAILABLE_PAGE_SIZE), ...availableFilter(params) },
        }),
      placeholderData: keepPreviousData,
    }),
  /** The departments people belong to (the available list's filter). */
  departments: () =>
    queryOptions({
      queryKey: assignmentKeys.departments(),
      queryFn: () => api.call(assignmentEndpoints.departments),
      staleTime: 60_000,
    }),
};
