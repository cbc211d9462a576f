import { evaluationEndpoints } from '@evalua/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';

/** Evaluaciones (V1): every key starts with `evaluationKeys.all`. */
export const evaluationKeys = {
  all: ['evaluations'] as const,
  list: () => evaluationKeys.all,
  detail: (id: number) => [...evaluationKeys.all, id] as const,
  byCategory: (categoryId: number) => [...evaluationKeys.all, 'by-category', categoryId] as const,
  pending: (id: number) => [...evaluationKeys.all, id, 'pending'] as const,
};

export const evaluationQueries = {
  list: () =>
    queryOptions({
      queryKey: evaluationKeys.list(),
      queryFn: () => api.call(evaluationEndpoints.list),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: evaluationKeys.detail(id),
      queryFn: () => api.call(evaluationEndpoints.get, { params: { id } }),
    }),
  /** What closing would leave unanswered (issue 30 §3): the close dialog. */
  pending: (id: number) =>
    queryOptions({
      queryKey: evaluationKeys.pending(id),
      queryFn: () => api.call(evaluationEndpoints.pending, { params: { id } }),
      staleTime: 0,
    }),
  /** The evaluation a category is evaluated with (404 when none): the V1 evaluation form. */
  byCategory: (categoryId: number) =>
    queryOptions({
      queryKey: evaluationKeys.byCategory(categoryId),
      queryFn: () => api.call(evaluationEndpoints.byCategory, { params: { categoryId } }),
    }),
};
