import { homeEndpoints } from '@evalua/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** The first run's steps, each done or not (GET /api/home/first-steps; decision 054). */
export function useFirstSteps(enabled: boolean) {
  return useQuery({
    queryKey: ['home', 'first-steps'],
    queryFn: () => api.call(homeEndpoints.firstSteps),
    enabled,
  });
}
