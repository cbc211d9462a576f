import { REPORT_MESSAGES, trainingSummary, v1Percentages, type FullReport } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import { findReportHeader, questionAverages, trainingAnswers } from './repository';

/**
 * The full report of one user in one evaluation (DESIGN §5): each question averaged across the
 * evaluators' submissions in SQL, and the percentages computed from those averages with the
 * evaluation's weights.
 */
export async function buildFullReport(
  db: Kysely<Database>,
  evaluationId: number,
  userId: number,
): Promise<FullReport> {
  const [header, questions, training] = await Promise.all([
    findReportHeader(db, evaluationId, userId),
    questionAverages(db, evaluationId, userId),
    trainingAnswers(db, evaluationId, userId),
  ]);
  if (!header || training.length === 0 || questions.length === 0) throw notFound(REPORT_MESSAGES.noData);
  const { evaluation, user } = header;
  const figures = v1Percentages(
    questions.map((q) => ({ question_type: q.question_type, score: q.average_score })),
    evaluation,
  );
  const requiredBy = training.filter((t) => t.requires_training === 1).length;
  return {
    user_name: user.name,
    department: user.department,
    position: user.position,
    evaluation_name: evaluation.name,
    period: evaluation.period,
    ...figures,
    questions,
    training: {
      requires_training: requiredBy > 0,
      comments: training.map((t) => t.training_comments),
      comments_summary: trainingSummary(requiredBy, training.length),
    },
    evaluators_count: training.length,
  };
}
