import { FULL_SUBMIT_MESSAGES, type Assignment, type Evaluation, type Question } from '@evalua/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { evaluationQueries } from '../../../api/queries/evaluations';
import { questionBankQueries } from '../../../api/queries/question-banks';
import { userQueries } from '../../../api/queries/users';
import { messages } from '../../../i18n/messages';

const t = messages.evaluationForm;

/*
 * The chain behind 'Evaluar': the collaborator (→ category), the category's evaluation (→ bank),
 * the bank's questions. The queries are the shared ones (api/queries/users, evaluations,
 * question-banks), so the screens that change those records refresh them here too.
 */

export type CollaboratorEvaluation =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; evaluation: Evaluation; questions: Question[] };

export function useCollaboratorEvaluation(collaboratorId: number): CollaboratorEvaluation {
  const user = useQuery(userQueries.detail(collaboratorId));
  const categoryId = user.data?.category_id ?? null;
  const evaluation = useQuery({
    ...evaluationQueries.byCategory(categoryId ?? 0),
    enabled: categoryId !== null,
  });
  const bankId = evaluation.data?.question_bank_id ?? null;
  const questions = useQuery({ ...questionBankQueries.questions(bankId ?? 0), enabled: bankId !== null });

  if (user.isError) return { status: 'error', message: t.userError };
  if (!user.data) return { status: 'loading' };
  if (categoryId === null) return { status: 'error', message: t.categoryError };
  // None for the category (404) or not readable: nothing this person can be evaluated with.
  if (evaluation.isError) return { status: 'error', message: t.noEvaluation };
  if (!evaluation.data) return { status: 'loading' };
  if (bankId === null) return { status: 'error', message: FULL_SUBMIT_MESSAGES.emptyBank };
  if (questions.isError) return { status: 'error', message: t.questionsError };
  if (!questions.data) return { status: 'loading' };
  if (questions.data.length === 0) return { status: 'error', message: FULL_SUBMIT_MESSAGES.emptyBank };
  return { status: 'ready', evaluation: evaluation.data, questions: questions.data };
}

/**
 * For each assigned collaborator, the id of the evaluation the form would use for them: a number,
 * null when there is none (no category, none for the category, or an error), undefined while
 * loading. The assignment rows carry the category, so this asks once per category, not per person.
 */
export function useEvaluationIdOfEach(
  assigned: ReadonlyArray<Pick<Assignment, 'collaborator_id' | 'category_id'>>,
): Map<number, number | null | undefined> {
  const categoryIds = [...new Set(assigned.flatMap((a) => (a.category_id != null ? [a.category_id] : [])))];
  const evaluations = useQueries({ queries: categoryIds.map((id) => evaluationQueries.byCategory(id)) });
  const byCategory = new Map(categoryIds.map((id, i) => [id, evaluations[i]!]));

  const evaluationIdOf = (categoryId: number | null): number | null | undefined => {
    if (categoryId == null) return null;
    const evaluation = byCategory.get(categoryId);
    if (!evaluation) return undefined;
    if (evaluation.isError) return null;
    return evaluation.data?.id;
  };
  return new Map(assigned.map((a) => [a.collaborator_id, evaluationIdOf(a.category_id)]));
}
