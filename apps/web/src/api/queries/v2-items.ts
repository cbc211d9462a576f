import { v2ItemEndpoints } from '@evalua/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';

/** The items (questions) of a 360 evaluation: `v2ItemKeys.all` is the root of every key. */
export const v2ItemKeys = {
  all: ['v2-items'] as const,
  list: (evaluationId: number) => [...v2ItemKeys.all, 'list', evaluationId] as const,
};

export const v2ItemQueries = {
  /** The items of an evaluation, in order (managers; raters once it is open). */
  list: (evaluationId: number) =>
    queryOptions({
      queryKey: v2ItemKeys.list(evaluationId),
      queryFn: async () => (await api.call(v2ItemEndpoints.list, { params: { id: evaluationId } })).items,
    }),
};
