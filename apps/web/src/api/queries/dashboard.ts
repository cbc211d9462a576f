import { dashboardEndpoints } from '@evalua/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';

/** Dashboard: every key starts with `dashboardKeys.all`; results, staff and assignments change it. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  metrics: () => [...dashboardKeys.all, 'metrics'] as const,
};

export const dashboardQueries = {
  metrics: () =>
    queryOptions({
      queryKey: dashboardKeys.metrics(),
      queryFn: () => api.call(dashboardEndpoints.metrics),
    }),
};
