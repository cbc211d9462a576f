import type { QuestionBank, QuestionBankInput } from '@evalua/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/**
 * Bancos de preguntas: the list and its mutations. The list key is ['question-banks']; a bank's
 * questions live under ['question-banks', id, 'questions'] (see ./questions.ts).
 */
export const banksKey = ['question-banks'] as const;

export const banksQuery = queryOptions({
  queryKey: banksKey,
  queryFn: () => api.get<QuestionBank[]>('/api/question-banks'),
});

export function useBanks() {
  return useQuery(banksQuery);
}

/** Create and update change only the list (name, description); nothing else is refetched. */
function useInvalidateBankList() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: banksKey, exact: true });
}

export function useCreateBank() {
  const invalidate = useInvalidateBankList();
  return useMutation({
    mutationFn: (body: QuestionBankInput) => api.post<QuestionBank>('/api/question-banks', body),
    onSuccess: invalidate,
  });
}

export function useUpdateBank() {
  const invalidate = useInvalidateBankList();
  return useMutation({
    mutationFn: ({ id, ...body }: QuestionBankInput & { id: number }) =>
      api.put<QuestionBank>(`/api/question-banks/${id}`, body),
    onSuccess: invalidate,
  });
}

/** Delete refreshes the list and forgets the deleted bank's questions. */
export function useDeleteBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/question-banks/${id}`),
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: [...banksKey, id] });
      await queryClient.invalidateQueries({ queryKey: banksKey, exact: true });
    },
  });
}
