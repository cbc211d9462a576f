import {
  ERROR_CODES,
  FULL_SUBMIT_MESSAGES as M,
  missingAnswersMessage,
  v1EvaluationAllows,
  v1Percentages,
  type FullSubmitResult,
  type QuestionType,
  type V1Response,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import type { Engine } from '../../db/connection';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { nowIso } from '../../time';
import { isAssignedTo } from '../assignments';
import { audit } from '../audit';
import { kickOutbox, type MailSettings } from '../mail';
import { notifyV1ReportReady } from '../notifications';
import { findUserById } from '../users';
import { findEvaluationWithQuestions, insertSubmission, submissionExists } from './repository';

export interface FullSubmitFields {
  evaluation_id: number;
  user_id: number;
  evaluator_id: number;
  responses: V1Response[];
  training: { requires_training: boolean; comments: string };
}

/** Every question of the bank answered exactly once (duplicates are refused by the schema). */
function checkResponses(
  responses: readonly V1Response[],
  questions: ReadonlyArray<{ id: number; question_type: QuestionType }>,
): Array<{ question_type: QuestionType; score: number }> {
  const typeOf = new Map(questions.map((q) => [q.id, q.question_type]));
  const extra = responses.findIndex((r) => !typeOf.has(r.question_id));
  if (extra >= 0) throw badRequest(M.extra, `body.responses.${extra}.question_id`);
  const missing = questions.length - new Set(responses.map((r) => r.question_id)).size;
  if (missing > 0) throw badRequest(missingAnswersMessage(missing), 'body.responses');
  return responses.map((r) => ({ question_type: typeOf.get(r.question_id) as QuestionType, score: r.score }));
}

/**
 * One evaluator's ratings and training form for one collaborator, checked against the database and
 * stored with its percentages (unrounded) and an audit entry in one transaction. A second submission
 * for the same (evaluation, collaborator, evaluator) answers 409, also under a race (unique index).
 */
export async function submitFullEvaluation(
  db: Kysely<Database>,
  engine: Engine,
  input: FullSubmitFields,
  actor: Actor,
  mail: MailSettings,
): Promise<FullSubmitResult> {
  // An evaluator submits only as themself; an admin may submit on behalf of an evaluator.
  if (actor.role !== 'admin' && actor.userId !== input.evaluator_id) throw forbidden();
  const key = {
    evaluation_id: input.evaluation_id,
    collaborator_id: input.user_id,
    evaluator_id: input.evaluator_id,
  };
  try {
    const submitted = await db.transaction().execute(async (trx) => {
      const assigned = await isAssignedTo(trx, input.evaluator_id, input.user_id);
      // Never tell an evaluator anything about people who are not theirs.
      if (!assigned && actor.role !== 'admin') throw forbidden();
      const evaluator = await findUserById(trx, input.evaluator_id);
      if (!evaluator || evaluator.role !== 'evaluador' || evaluator.active !== 1) {
        throw badRequest(M.evaluatorInvalid, 'body.evaluator_id');
      }
      const collaborator = await findUserById(trx, input.user_id);
      if (!collaborator || collaborator.role === 'admin' || collaborator.active !== 1) {
        throw badRequest(M.collaboratorMissing, 'body.user_id');
      }
      if (!assigned) throw badRequest(M.notAssigned, 'body.user_id');

      const found = await findEvaluationWithQuestions(trx, engine, input.evaluation_id);
      if (!found) throw notFound(M.evaluationMissing);
      const { evaluation, questions } = found;
      if (!v1EvaluationAllows(evaluation.status).answer)
        throw conflict(M.notOpen, ERROR_CODES.evaluationNotOpen);
      if (collaborator.category_id !== evaluation.category_id) {
        throw badRequest(M.wrongCategory, 'body.evaluation_id');
      }
      if (questions.length === 0) throw badRequest(M.emptyBank, 'body.evaluation_id');
      const scored = checkResponses(input.responses, questions);

      if (await submissionExists(trx, key)) throw conflict(M.alreadyEvaluated, ERROR_CODES.alreadyAnswered);
      const figures = v1Percentages(scored, evaluation);
      const id = await insertSubmission(trx, {
        ...key,
        ...figures,
        requires_training: input.training.requires_training,
        training_comments: input.training.comments,
        created_at: nowIso(),
        answers: input.responses,
      });
      const result: FullSubmitResult = { id, ...key, ...figures };
      await audit(trx, {
        userId: actor.userId,
        action: 'create',
        entity: 'v1_submission',
        entityId: id,
        after: { ...result, training: input.training, responses: input.responses },
        ip: actor.ip,
      });
      // Decision 033: the person is told when their report becomes readable (the first submission).
      await notifyV1ReportReady(trx, mail, input.evaluation_id, input.user_id);
      return result;
    });
    kickOutbox(db);
    return submitted;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.alreadyEvaluated, ERROR_CODES.alreadyAnswered);
    throw err;
  }
}
