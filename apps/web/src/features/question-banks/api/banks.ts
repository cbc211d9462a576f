import { questionBankEndpoints, type BodyInput, type StarterBank } from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { questionBankKeys, questionBankQueries } from '../../../api/queries/question-banks';

/** Bancos de preguntas: the list and its mutations (a bank's questions: ./questions.ts). */
export function useBanks() {
  return useQuery(questionBankQueries.list());
}

type BankBody = BodyInput<typeof questionBankEndpoints.create>;

/** Create and update change only the list (name, description): exactly `questionBankKeys.list()`. */
function useInvalidateBankList() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: questionBankKeys.list(), exact: true });
}

export function useCreateBank() {
  const invalidate = useInvalidateBankList();
  return useMutation({
    mutationFn: (body: BankBody) => api.call(questionBankEndpoints.create, { body }),
    onSuccess: invalidate,
  });
}

/** A copy of a starter bank with its questions (decision 054): the list changes, and the new bank. */
export function useCreateStarterBank() {
  const invalidate = useInvalidateBankList();
  return useMutation({
    mutationFn: (starter: StarterBank) =>
      api.call(questionBankEndpoints.createFromStarter, { body: { starter } }),
    onSuccess: invalidate,
  });
}

export function useUpdateBank() {
  const invalidate = useInvalidateBankList();
  return useMutation({
    mutationFn: ({ id, ...body }: BankBody & { id: number }) =>
      api.call(questionBankEndpoints.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

/** Delete refreshes the list and forgets the deleted bank's questions (`questionBankKeys.bank(id)`). */
export function useDeleteBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(questionBankEndpoints.remove, { params: { id } }),
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: questionBankKeys.bank(id) });
      await queryClient.invalidateQueries({ queryKey: questionBankKeys.list(), exact: true });
    },
  });
}
