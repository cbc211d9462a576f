import {
  ERROR_CODES,
  V2_ANSWER_MESSAGES as M,
  checkV2Answer,
  v2AnswerRefusal,
  v2AnswerScore,
  v2MissingAnswersMessage,
  type V2AnswerInput,
  type V2Item,
  type V2MyAssignment,
  type V2SubmitResult,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import type { Engine } from '../../db/connection';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { badRequest, conflict, forbidden } from '../../http/errors';
import { nowIso } from '../../time';
import { audit } from '../audit';
import { lockV2EvaluationShared } from '../v2-evaluations';
import { frozenItemsOf } from '../v2-items';
import {
  completeAssignment,
  deleteDraft,
  findAssignment,
  insertResponse,
  listMyAssignments,
  type NewAnswer,
} from './repository';

/** GET /api/evaluations-v2/assignments/mine: what the caller has to evaluate. */
export async function myAssignments(
  db: Kysely<Database>,
  userId: number,
): Promise<{ rows: V2MyAssignment[] }> {
  return { rows: await listMyAssignments(db, userId) };
}

/**
 * One answer checked against its item (the n-th of the evaluation, 1-based, as the form lists them)
 * by the rule both sides share (checkV2Answer), and turned into what is stored: the value as JSON,
 * its score, the N/A flag and the comment. A refused answer is a 400 on its field of the body.
 */
export function checkAnswer(item: V2Item, n: number, answer: V2AnswerInput, index: number): NewAnswer {
  const checked = checkV2Answer(item, n, answer);
  if (!checked.ok) throw badRequest(checked.message, `body.answers.${index}.${checked.field}`);
  return {
    item_id: item.id,
    comment: answer.comment,
    section: item.section,
    weight: item.weight,
    value: JSON.stringify(checked.value),
    score: v2AnswerScore(item, checked),
    skip: checked.skip,
  };
}

/** Every item of the evaluation answered exactly once (duplicates are refused by the schema). */
export function checkAnswers(answers: readonly V2AnswerInput[], items: readonly V2Item[]): NewAnswer[] {
  const place = new Map(items.map((item, i) => [item.id, { item, n: i + 1 }]));
  const extra = answers.findIndex((a) => !place.has(a.item_id));
  if (extra >= 0) throw badRequest(M.extra, `body.answers.${extra}.item_id`);
  const missing = items.length - new Set(answers.map((a) => a.item_id)).size;
  if (missing > 0) throw badRequest(v2MissingAnswersMessage(missing), 'body.answers');
  return answers.map((a, i) => {
    const { item, n } = place.get(a.item_id)!;
    return checkAnswer(item, n, a, i);
  });
}

/**
 * POST /api/responses-v2/submit: the caller answers one of their own assignments while the
 * evaluation is open. One transaction: the response, its answers, the assignment marked completed
 * (only if still pending) and an audit entry. A second submit — also one that loses a race at the
 * status update or at the response's unique assignment — answers 409.
 */
export async function submitV2Response(
  db: Kysely<Database>,
  engine: Engine,
  input: { evaluation_id: number; assignment_id: number; answers: V2AnswerInput[] },
  actor: Actor,
): Promise<V2SubmitResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const assignment = await findAssignment(trx, input.assignment_id);
      // Only the assignment's evaluator answers it (an unknown id says nothing either).
      if (!assignment || assignment.evaluator_id !== actor.userId) throw forbidden();
      if (assignment.evaluation_id !== input.evaluation_id) {
        throw badRequest(M.wrongEvaluation, 'body.evaluation_id');
      }
      // A status change waits for this transaction (PostgreSQL); SQLite serialises writes anyway.
      const evaluation = await lockV2EvaluationShared(trx, engine, assignment.evaluation_id);
      const refusal = v2AnswerRefusal(assignment.status, evaluation?.status);
      if (refusal) throw conflict(refusal.message, refusal.code);
      const answers = checkAnswers(input.answers, await frozenItemsOf(db, assignment.evaluation_id, trx));

      const now = nowIso();
      if (!(await completeAssignment(trx, assignment.id, now))) {
        throw conflict(M.alreadyAnswered, ERROR_CODES.alreadyAnswered);
      }
      const responseId = await insertResponse(trx, {
        assignment_id: assignment.id,
        evaluator_id: actor.userId,
        submitted_at: now,
        answers,
      });
      // The rater's draft is sent: it goes with the same transaction (decision 034).
      await deleteDraft(trx, assignment.id);
      // The answers themselves stay out of the audit log: they are anonymous for peers and reports.
      await audit(trx, {
        userId: actor.userId,
        action: 'create',
        entity: 'v2_response',
        entityId: responseId,
        after: {
          assignment_id: assignment.id,
          evaluation_id: assignment.evaluation_id,
          answers: answers.length,
        },
        ip: actor.ip,
      });
      return { assignment_id: assignment.id, status: 'completed' as const };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.alreadyAnswered, ERROR_CODES.alreadyAnswered);
    throw err;
  }
}
