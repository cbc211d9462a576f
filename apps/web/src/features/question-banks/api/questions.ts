import type { Question, QuestionInput } from '@evalua/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { banksKey } from './banks';

/** One bank's questions. Mutations refresh that bank's questions and the list's question counts. */
export const questionsKey = (bankId: number) => [...banksKey, bankId, 'questions'] as const;

export const questionsQuery = (bankId: number) =>
  queryOptions({
    queryKey: questionsKey(bankId),
    queryFn: () => api.get<Question[]>(`/api/question-banks/${bankId}/questions`),
  });

export function useQuestions(bankId: number) {
  return useQuery(questionsQuery(bankId));
}

function useInvalidateQuestions(bankId: number) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: questionsKey(bankId) }),
      queryClient.invalidateQueries({ queryKey: banksKey, exact: true }),
    ]);
  };
}

export function useAddQuestion(bankId: number) {
  const invalidate = useInvalidateQuestions(bankId);
  return useMutation({
    mutationFn: (body: QuestionInput) => api.post<Question>(`/api/question-banks/${bankId}/questions`, body),
    onSuccess: invalidate,
  });
}

/** An edit changes neither the count nor other banks: only this bank's questions are refetched. */
export function useUpdateQuestion(bankId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: QuestionInput & { id: number }) =>
      api.put<Question>(`/api/question-banks/${bankId}/questions/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionsKey(bankId) }),
  });
}

export function useDeleteQuestion(bankId: number) {
  const invalidate = useInvalidateQuestions(bankId);
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/question-banks/${bankId}/questions/${id}`),
    onSuccess: invalidate,
  });
}
