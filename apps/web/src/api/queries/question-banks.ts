import { questionBankEndpoints } from '@evalua/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';

/**
 * Bancos de preguntas: the list is `questionBankKeys.list()` (= `all`, so an exact invalidation
 * refreshes only it); a bank's keys start with `bank(id)`, its questions are `questions(id)`.
 */
export const questionBankKeys = {
  all: ['question-banks'] as const,
  list: () => questionBankKeys.all,
  bank: (bankId: number) => [...questionBankKeys.all, bankId] as const,
  questions: (bankId: number) => [...questionBankKeys.bank(bankId), 'questions'] as const,
};

export const questionBankQueries = {
  /** Every bank with its question count (the screen and the evaluation form's picker). */
  list: () =>
    queryOptions({
      queryKey: questionBankKeys.list(),
      queryFn: () => api.call(questionBankEndpoints.list),
    }),
  /** One bank's questions (managers, and the evaluators whose collaborators it evaluates). */
  questions: (bankId: number) =>
    queryOptions({
      queryKey: questionBankKeys.questions(bankId),
      queryFn: () => api.call(questionBankEndpoints.questions, { params: { id: bankId } }),
    }),
};
