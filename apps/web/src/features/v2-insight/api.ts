import { v2InsightEndpoints } from '@evalua/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { v2ResultKeys } from '../../api/queries/v2-results';

/** Under the evaluation's 360 result keys: whatever refreshes its results refreshes the analysis. */
export const insightKey = (evaluationId: number) =>
  [...v2ResultKeys.evaluation(evaluationId), 'insight'] as const;

export const insightQuery = (evaluationId: number) =>
  queryOptions({
    queryKey: insightKey(evaluationId),
    queryFn: () => api.call(v2InsightEndpoints.insight, { params: { id: evaluationId } }),
  });

/** Análisis 360 of an evaluation as the viewer may see it. */
export const useInsight = (evaluationId: number) => useQuery(insightQuery(evaluationId));
