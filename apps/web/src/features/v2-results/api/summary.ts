import type { V2AssignmentRow, V2Evaluation, V2Summary } from '@evalua/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { v2ResultsKey } from './keys';

/** GET /api/evaluations-v2/{id}: name, period and status for the header. */
export const evaluationQuery = (id: number) =>
  queryOptions({
    queryKey: [...v2ResultsKey(id), 'evaluation'],
    queryFn: () => api.get<V2Evaluation>(`/api/evaluations-v2/${id}`),
  });

/** GET /api/evaluations-v2/{id}/summary: completion, averages and distribution as the viewer may see them. */
export const summaryQuery = (id: number) =>
  queryOptions({
    queryKey: [...v2ResultsKey(id), 'summary'],
    queryFn: () => api.get<V2Summary>(`/api/evaluations-v2/${id}/summary`),
  });

/** One person evaluated in the evaluation, with how many of their raters have answered. */
export interface Evaluatee {
  id: number;
  name: string;
  completed: number;
  total: number;
}

/** The distinct evaluatees of the evaluation's assignments, by name. */
export function evaluateesOf(rows: readonly V2AssignmentRow[]): Evaluatee[] {
  const byId = new Map<number, Evaluatee>();
  for (const r of rows) {
    const e = byId.get(r.evaluatee_id) ?? {
      id: r.evaluatee_id,
      name: r.evaluatee_name,
      completed: 0,
      total: 0,
    };
    e.total += 1;
    if (r.status === 'completed') e.completed += 1;
    byId.set(r.evaluatee_id, e);
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'es') || a.id - b.id);
}

/** GET /api/assignments-v2/by-evaluation/{id} (every row), reduced to the distinct evaluatees. */
export const evaluateesQuery = (id: number) =>
  queryOptions({
    queryKey: [...v2ResultsKey(id), 'evaluatees'],
    queryFn: async () =>
      evaluateesOf(
        (await api.get<{ rows: V2AssignmentRow[] }>(`/api/assignments-v2/by-evaluation/${id}`)).rows,
      ),
  });

export const useResultsEvaluation = (id: number) => useQuery(evaluationQuery(id));
export const useSummary = (id: number) => useQuery(summaryQuery(id));
export const useEvaluatees = (id: number) => useQuery(evaluateesQuery(id));
