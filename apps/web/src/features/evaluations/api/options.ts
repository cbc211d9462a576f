import type { Category, QuestionBank } from '@evalua/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/**
 * The choices of the evaluation form. They share the keys (and the bare list calls) of the
 * Categorías and Bancos de Preguntas screens, so a change made there refreshes these selects too.
 */
const categoryOptionsQuery = queryOptions({
  queryKey: ['categories'] as const,
  queryFn: () => api.get<Category[]>('/api/categories'),
});

const bankOptionsQuery = queryOptions({
  queryKey: ['question-banks'] as const,
  queryFn: () => api.get<QuestionBank[]>('/api/question-banks'),
});

export function useCategoryOptions() {
  return useQuery(categoryOptionsQuery);
}

export function useBankOptions() {
  return useQuery(bankOptionsQuery);
}
