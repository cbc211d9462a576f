import { categoryEndpoints } from '@evalua/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';

/** Categorías: every key of the resource starts with `categoryKeys.all`. */
export const categoryKeys = {
  all: ['categories'] as const,
  list: () => [...categoryKeys.all, 'list'] as const,
  detail: (id: number) => [...categoryKeys.all, 'detail', id] as const,
};

export const categoryQueries = {
  /** The whole list (forms' pickers and the Categorías screen). */
  list: () =>
    queryOptions({
      queryKey: categoryKeys.list(),
      queryFn: async () => {
        const answer = await api.call(categoryEndpoints.list);
        return Array.isArray(answer) ? answer : answer.rows;
      },
    }),
};
