import type { QuestionType } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The evaluation with its weights and bank, and the bank's questions (two statements). */
export async function findEvaluationWithQuestions(db: Kysely<Database>, evaluationId: number) {
  const evaluation = await db
    .selectFrom('evaluations')
    .select(['id', 'name', 'category_id', 'question_bank_id', 'weight_competencies', 'weight_objectives'])
    .where('id', '=', evaluationId)
    .executeTakeFirst();
  if (!evaluation) return undefined;
  const questions: Array<{ id: number; question_type: QuestionType }> =
    evaluation.question_bank_id === null
      ? []
      : await db
          .selectFrom('questions')
          .select(['id', 'question_type'])
          .where('bank_id', '=', evaluation.question_bank_id)
          .orderBy('id')
          .execute();
  return { evaluation, questions };
}

export async function submissionExists(
  db: Kysely<Database>,
  key: { evaluation_id: number; collaborator_id: number; evaluator_id: number },
): Promise<boolean> {
  const row = await db
    .selectFrom('v1_submissions')
    .select('id')
    .where('evaluation_id', '=', key.evaluation_id)
    .where('collaborator_id', '=', key.collaborator_id)
    .where('evaluator_id', '=', key.evaluator_id)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewSubmission {
  evaluation_id: number;
  collaborator_id: number;
  evaluator_id: number;
  competencies_percentage: number | null;
  objectives_percentage: number | null;
  overall_percentage: number;
  requires_training: boolean;
  training_comments: string;
  created_at: string;
  answers: Array<{ question_id: number; score: number }>;
}

/** Inserts the submission and all its answers (one multi-row insert). Run inside a transaction. */
export async function insertSubmission(db: Kysely<Database>, s: NewSubmission): Promise<number> {
  const { id } = await db
    .insertInto('v1_submissions')
    .values({
      evaluation_id: s.evaluation_id,
      collaborator_id: s.collaborator_id,
      evaluator_id: s.evaluator_id,
      competencies_percentage: s.competencies_percentage,
      objectives_percentage: s.objectives_percentage,
      overall_percentage: s.overall_percentage,
      requires_training: s.requires_training ? 1 : 0,
      training_comments: s.training_comments,
      created_at: s.created_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('v1_answers')
    .values(s.answers.map((a) => ({ submission_id: id, question_id: a.question_id, score: a.score })))
    .execute();
  return id;
}
