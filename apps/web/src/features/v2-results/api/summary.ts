import { useQuery } from '@tanstack/react-query';
import { v2AssignmentQueries } from '../../../api/queries/v2-assignments';
import { v2EvaluationQueries } from '../../../api/queries/v2-evaluations';
import { v2ResultQueries } from '../../../api/queries/v2-results';
import { evaluateesOf } from '../evaluatees';

/** The evaluation's name, period and status for the header. */
export const useResultsEvaluation = (id: number) => useQuery(v2EvaluationQueries.detail(id));
/** Completion, averages and distribution as the viewer may see them. */
export const useSummary = (id: number) => useQuery(v2ResultQueries.summary(id));
/** Every assignment of the evaluation, reduced to the distinct evaluatees. */
export const useEvaluatees = (id: number) =>
  useQuery({ ...v2AssignmentQueries.list(id), select: evaluateesOf });
