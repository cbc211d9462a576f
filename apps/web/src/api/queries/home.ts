import { homeEndpoints } from '@evalua/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';

/** The caller's own pending work for the start page (issue 30 §2). */
export const homeKeys = {
  all: ['home'] as const,
  pending: () => [...homeKeys.all, 'pending'] as const,
};

export const homeQueries = {
  pending: () =>
    queryOptions({
      queryKey: homeKeys.pending(),
      queryFn: () => api.call(homeEndpoints.pending),
    }),
};
