import {
  ERROR_CODES,
  V1_RELEASE_MESSAGES as M,
  v1CanCorrect,
  v1EvaluationAllows,
  type V1PersonRound,
  type V1ReleaseResult,
  type V1SubmissionVersion,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import { releasedTo } from '../../db/v1-released';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { nowIso } from '../../time';
import { isAssignedTo } from '../assignments';
import { audit } from '../audit';
import { getEvaluation } from '../evaluations';
import { kickOutbox, type MailSettings } from '../mail';
import { notifyV1Released } from '../notifications';
import { findUserById } from '../users';
import {
  archiveSubmission,
  countPersonSubmissions,
  findSubmission,
  findVersion,
  insertPersonRelease,
  lockReleaseState,
  markRoundReleased,
  personRound,
} from './repository';

/**
 * Releasing classic (V1) results and correcting a submission before release (issue 30 §1, decision
 * 050). In a round released 'al_publicar' the person reads nothing until HR releases the round or
 * releases it to them; until then the evaluator (or HR) may reopen a submission, with a reason, and
 * submit it again. A released result never changes. Every change is audited in its transaction.
 */

const isManager = (actor: Actor) => actor.role === 'admin' || actor.role === 'gestionhumana';

/**
 * Whether the evaluator could submit this person's evaluation again (the submit's own checks): still
 * assigned to them, an active evaluator, the person active and of the round's category.
 */
async function canResubmit(
  trx: Kysely<Database>,
  categoryId: number,
  evaluatorId: number,
  collaboratorId: number,
): Promise<boolean> {
  const [evaluator, person, assigned] = await Promise.all([
    findUserById(trx, evaluatorId),
    findUserById(trx, collaboratorId),
    isAssignedTo(trx, evaluatorId, collaboratorId),
  ]);
  return (
    assigned &&
    evaluator?.role === 'evaluador' &&
    evaluator.active === 1 &&
    person?.active === 1 &&
    person.category_id === categoryId
  );
}

/** Releases the round, or one person's results (`collaborator_id`), and tells who can now read them. */
export async function releaseResults(
  db: Kysely<Database>,
  engine: Engine,
  mail: MailSettings,
  evaluationId: number,
  input: { collaborator_id?: number | undefined },
  actor: Actor,
): Promise<V1ReleaseResult> {
  const result = await db.transaction().execute(async (trx) => {
    const before = await lockReleaseState(trx, engine, evaluationId);
    if (!before) throw notFound(M.evaluationMissing);
    if (before.release_mode === 'al_enviar') throw conflict(M.nothingToRelease);
    if (!v1EvaluationAllows(before.status).release) throw conflict(M.draftNotReleased);
    const at = nowIso();
    const personId = input.collaborator_id;
    // Nobody releases a result to themself (HR evaluated in a round included).
    if (personId === actor.userId) throw forbidden();
    if (personId !== undefined) {
      const person = await findUserById(trx, personId);
      if (!person) throw badRequest(M.personInvalid, 'body.collaborator_id');
      if ((await countPersonSubmissions(trx, evaluationId, personId)) === 0)
        throw conflict(M.personHasNoResults);
      const wasReleased = await releasedTo(trx, evaluationId, personId);
      if (!wasReleased) await insertPersonRelease(trx, evaluationId, personId, at);
      await audit(trx, {
        userId: actor.userId,
        action: 'release',
        entity: 'evaluation',
        entityId: evaluationId,
        before: { collaborator_id: personId, released: wasReleased },
        after: { collaborator_id: personId, released: true },
        ip: actor.ip,
      });
    } else {
      if (before.released_at === null) await markRoundReleased(trx, evaluationId, at);
      await audit(trx, {
        userId: actor.userId,
        action: 'release',
        entity: 'evaluation',
        entityId: evaluationId,
        before: { released_at: before.released_at },
        after: { released_at: before.released_at ?? at },
        ip: actor.ip,
      });
    }
    const notified = await notifyV1Released(trx, mail, evaluationId, personId);
    return { evaluation: await getEvaluation(trx, evaluationId), notified };
  });
  kickOutbox(db);
  return result;
}

/**
 * Reopens one evaluator's submission for one person, to be corrected and submitted again: only its
 * evaluator (or admin and HR), only while the round is open and the result is not released to the
 * person. The submission is kept as a version with the reason; the audit entry holds it whole.
 */
export async function reopenSubmission(
  db: Kysely<Database>,
  engine: Engine,
  evaluationId: number,
  input: { collaborator_id: number; evaluator_id: number; reason: string },
  actor: Actor,
): Promise<V1SubmissionVersion> {
  if (!isManager(actor) && actor.userId !== input.evaluator_id) throw forbidden();
  // Nobody corrects a result about themself (HR evaluated in a round included).
  if (actor.userId === input.collaborator_id) throw forbidden();
  return db.transaction().execute(async (trx) => {
    const state = await lockReleaseState(trx, engine, evaluationId);
    if (!state) throw notFound(M.evaluationMissing);
    const found = await findSubmission(trx, {
      evaluation_id: evaluationId,
      collaborator_id: input.collaborator_id,
      evaluator_id: input.evaluator_id,
    });
    if (!found) throw notFound(M.submissionMissing);
    const released = await releasedTo(trx, evaluationId, input.collaborator_id);
    if (released) throw conflict(M.alreadyReleased);
    if (!v1CanCorrect(state.status, released)) throw conflict(M.notOpen, ERROR_CODES.evaluationNotOpen);
    // Reopened, it must be possible to send again (what the submit checks): never a result lost.
    if (!(await canResubmit(trx, state.category_id, input.evaluator_id, input.collaborator_id)))
      throw conflict(M.cannotResubmit);
    const versionId = await archiveSubmission(trx, found, {
      at: nowIso(),
      by: actor.userId,
      reason: input.reason,
    });
    await audit(trx, {
      userId: actor.userId,
      action: 'reopen',
      entity: 'v1_submission',
      entityId: found.submission.id,
      before: { ...found.submission, responses: found.answers },
      after: { version_id: versionId, reason: input.reason },
      ip: actor.ip,
    });
    const version = await findVersion(trx, versionId);
    if (!version) throw notFound(M.submissionMissing);
    return version;
  });
}

/** One person's round for HR: released or not, each evaluator's submission, the corrections made. */
export async function getPersonRound(
  db: Kysely<Database>,
  evaluationId: number,
  userId: number,
): Promise<V1PersonRound> {
  const evaluation = await getEvaluation(db, evaluationId);
  if (!(await findUserById(db, userId))) throw notFound(M.personInvalid);
  const [released, round] = await Promise.all([
    releasedTo(db, evaluationId, userId),
    personRound(db, evaluationId, userId),
  ]);
  return {
    evaluation_id: evaluationId,
    collaborator_id: userId,
    status: evaluation.status,
    release_mode: evaluation.release_mode,
    released,
    ...round,
  };
}
