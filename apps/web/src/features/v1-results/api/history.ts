import { useQuery } from '@tanstack/react-query';
import type { PageParams } from '../../../api/paging';
import { historyQueries, resultQueries } from '../../../api/queries/v1-results';
import { userQueries } from '../../../api/queries/users';

/** Historial (V1): thin hooks over the shared query layer (api/queries/v1-results, users). */
export function useCollaboratorsWithHistory(params: PageParams) {
  return useQuery(historyQueries.collaboratorPage(params));
}

/** One person's evaluations, newest first, each averaged over its evaluators. */
export function useEvaluationHistory(userId: number | null) {
  return useQuery({ ...historyQueries.ofUser(userId ?? 0), enabled: userId !== null && userId > 0 });
}

/** The user's latest result (null when they have none yet). */
export function useLatestResult(userId: number | undefined) {
  return useQuery({ ...resultQueries.latest(userId ?? 0), enabled: userId !== undefined });
}

/** The person whose history is shown (name, position and department above it). */
export function usePerson(id: number) {
  return useQuery({ ...userQueries.detail(id), enabled: Number.isInteger(id) && id > 0 });
}
