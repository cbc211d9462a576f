import type { EvaluationHistoryRow, HistoryCollaborator, Paged } from '@evalua/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { pagedPath, type PageParams } from '../../../api/paging';

/** Historial (V1): every key starts with ['history']; new results invalidate it. */
export const historyKey = ['history'] as const;

/** SPEC §9: history pages by 10. */
export const HISTORY_PAGE_SIZE = 10;

export const collaboratorsWithHistoryQuery = (params: PageParams) =>
  queryOptions({
    queryKey: [...historyKey, 'collaborators', params],
    queryFn: () =>
      api.get<Paged<HistoryCollaborator>>(
        pagedPath('/api/users/collaborators/history', params, HISTORY_PAGE_SIZE),
      ),
    placeholderData: keepPreviousData,
  });

export function useCollaboratorsWithHistory(params: PageParams) {
  return useQuery(collaboratorsWithHistoryQuery(params));
}

/** One person's evaluations, newest first, each averaged over its evaluators. */
export const evaluationHistoryQuery = (userId: number) =>
  queryOptions({
    queryKey: [...historyKey, 'user', userId],
    queryFn: () => api.get<EvaluationHistoryRow[]>(`/api/users/evaluation-history/${userId}`),
  });

export function useEvaluationHistory(userId: number | null) {
  return useQuery({ ...evaluationHistoryQuery(userId ?? 0), enabled: userId !== null && userId > 0 });
}
