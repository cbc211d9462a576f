import { v2AnswerEndpoints } from '@evalua/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';

/** Answering 360 evaluations: every key starts with `v2AnswerKeys.all`. */
export const v2AnswerKeys = {
  all: ['v2-answers'] as const,
  /** The caller's assignments as evaluator (Realizar Evaluación V2). */
  mine: () => [...v2AnswerKeys.all, 'mine'] as const,
};

export const v2AnswerQueries = {
  /** The caller's 360 assignments as evaluator, open evaluations first. */
  mine: () =>
    queryOptions({
      queryKey: v2AnswerKeys.mine(),
      queryFn: async () => (await api.call(v2AnswerEndpoints.mine)).rows,
    }),
};
