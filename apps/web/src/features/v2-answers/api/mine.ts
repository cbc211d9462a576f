import { useQuery } from '@tanstack/react-query';
import { v2AnswerQueries } from '../../../api/queries/v2-answers';

/** The caller's 360 assignments as evaluator. */
export function useMyV2Assignments() {
  return useQuery(v2AnswerQueries.mine());
}
