import type { LatestResult } from '@evalua/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../api/client';

/** Resultados (V1): every key starts with ['results']; new results invalidate it. */
export const resultsKey = ['results'] as const;

/** The user's latest result, or null when they have none yet (the server's 404). */
export const latestResultQuery = (userId: number) =>
  queryOptions({
    queryKey: [...resultsKey, 'latest', userId],
    queryFn: async (): Promise<LatestResult | null> => {
      try {
        return await api.get<LatestResult>(`/api/evaluation-results/latest/${userId}`);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });

export function useLatestResult(userId: number | undefined) {
  return useQuery({ ...latestResultQuery(userId ?? 0), enabled: userId !== undefined });
}
