import { useQuery } from '@tanstack/react-query';
import { v2EvaluationQueries } from '../../../api/queries/v2-evaluations';

/** The evaluation's name, status and allow_self, shown on both screens. */
export function useV2Evaluation(evaluationId: number | null) {
  return useQuery({ ...v2EvaluationQueries.detail(evaluationId ?? 0), enabled: evaluationId !== null });
}
