import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';

/**
 * The evaluation with its state, weights and bank, and the questions the bank asks now (two
 * statements). On PostgreSQL the evaluation row is share-locked: a close waits for the submission
 * reading it, so nothing is added to an evaluation after it was closed.
 */
export async function findEvaluationWithQuestions(
  db: Kysely<Database>,
  engine: Engine,
  evaluationId: number,
) {
  let q = db
    .selectFrom('evaluations')
    .select([
      'id',
      'name',
      'status',
      'category_id',
      'question_bank_id',
      'weight_competencies',
      'weight_objectives',
    ])
    .where('id', '=', evaluationId);
  if (engine === 'postgres') q = q.forShare();
  const evaluation = await q.executeTakeFirst();
  if (!evaluation) return undefined;
  if (evaluation.question_bank_id === null) return { evaluation, questions: [] };
  // Share-locked on PostgreSQL: an edit of one of them waits, and then makes a new version.
  let questions = db
    .selectFrom('questions')
    .select(['id', 'question_type'])
    .where('bank_id', '=', evaluation.question_bank_id)
    .where('retired_at', 'is', null)
    .orderBy(sql`coalesce(root_id, id)`)
    .orderBy('id');
  if (engine === 'postgres') questions = questions.forShare();
  return { evaluation, questions: await questions.execute() };
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
