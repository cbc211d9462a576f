import { questionBankEndpoints, type BodyInput } from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { questionBankKeys, questionBankQueries } from '../../../api/queries/question-banks';

/** One bank's questions. Add and delete refresh that bank's questions and the list's question counts. */
export function useQuestions(bankId: number) {
  return useQuery(questionBankQueries.questions(bankId));
}

type QuestionBody = BodyInput<typeof questionBankEndpoints.addQuestion>;

function useInvalidateQuestions(bankId: number) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: questionBankKeys.questions(bankId) }),
      queryClient.invalidateQueries({ queryKey: questionBankKeys.list(), exact: true }),
    ]);
  };
}

export function useAddQuestion(bankId: number) {
  const invalidate = useInvalidateQuestions(bankId);
  return useMutation({
    mutationFn: (body: QuestionBody) =>
      api.call(questionBankEndpoints.addQuestion, { params: { id: bankId }, body }),
    onSuccess: invalidate,
  });
}

/** An edit changes neither the count nor other banks: only `questionBankKeys.questions(bankId)`. */
export function useUpdateQuestion(bankId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: QuestionBody & { id: number }) =>
      api.call(questionBankEndpoints.updateQuestion, { params: { id: bankId, qid: id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionBankKeys.questions(bankId) }),
  });
}

export function useDeleteQuestion(bankId: number) {
  const invalidate = useInvalidateQuestions(bankId);
  return useMutation({
    mutationFn: (id: number) =>
      api.call(questionBankEndpoints.removeQuestion, { params: { id: bankId, qid: id } }),
    onSuccess: invalidate,
  });
}
