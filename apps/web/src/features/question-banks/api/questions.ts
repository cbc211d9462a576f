import { questionBankEndpoints, type BodyInput } from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { questionBankKeys, questionBankQueries } from '../../../api/queries/question-banks';

/**
 * One bank's questions. Add and delete refresh that bank's questions and the list's question counts
 * without waiting for them: the mutation settles when the server acknowledges, so the form is cleared
 * then, and never later over a question HR has begun typing while the lists reload.
 */
export function useQuestions(bankId: number) {
  return useQuery(questionBankQueries.questions(bankId));
}

type QuestionBody = BodyInput<typeof questionBankEndpoints.addQuestion>;

function useInvalidateQuestions(bankId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: questionBankKeys.questions(bankId) });
    void queryClient.invalidateQueries({ queryKey: questionBankKeys.list(), exact: true });
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
