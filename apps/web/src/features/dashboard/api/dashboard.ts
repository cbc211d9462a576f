import type { DashboardMetrics } from '@evalua/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** Dashboard (/api/dashboard/metrics). Anything that changes results or staff invalidates ['dashboard']. */
export const dashboardKey = ['dashboard'] as const;

/** SPEC §9: auto-refresh every 60 seconds when switched on. */
export const AUTO_REFRESH_MS = 60_000;

export const dashboardMetricsQuery = queryOptions({
  queryKey: [...dashboardKey, 'metrics'],
  queryFn: () => api.get<DashboardMetrics>('/api/dashboard/metrics'),
});

export function useDashboardMetrics(autoRefresh: boolean) {
  return useQuery({
    ...dashboardMetricsQuery,
    refetchInterval: autoRefresh ? AUTO_REFRESH_MS : false,
  });
}
