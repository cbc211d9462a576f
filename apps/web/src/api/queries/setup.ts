import { setupEndpoints } from '@evalua/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';

/** The first-run setup's state (whether an administrator exists yet). */
export const setupKeys = { all: ['setup-status'] as const };

export const setupQueries = {
  status: () => queryOptions({ queryKey: setupKeys.all, queryFn: () => api.call(setupEndpoints.status) }),
};
