import { useQuery } from '@tanstack/react-query';
import { dashboardQueries } from '../../../api/queries/dashboard';

/** SPEC §9: auto-refresh every 60 seconds when switched on. */
export const AUTO_REFRESH_MS = 60_000;

export function useDashboardMetrics(autoRefresh: boolean) {
  return useQuery({
    ...dashboardQueries.metrics(),
    refetchInterval: autoRefresh ? AUTO_REFRESH_MS : false,
  });
}
