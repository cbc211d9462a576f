import {
  ERROR_CODES,
  V2_RELEASE_MESSAGES as M,
  type PageQuery,
  type Paged,
  type V2PersonRelease,
  type V2PersonReleaseInput,
  type V2Release,
  type V2ReleaseState,
  type V2TeamResult,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { pageBounds, paged } from '../../http/paging';
import { audit } from '../audit';
import { kickOutbox, type MailSettings } from '../mail';
import { notifyV2ResultsReady } from '../notifications';
import { lockV2EvaluationForUpdate } from '../v2-evaluations';
import {
  countOverrides,
  findEvaluationRelease,
  isEvaluatee,
  listPersonReleases,
  listTeamResults,
  releaseFor,
  updateEvaluationRelease,
  writePersonRelease,
} from './repository';

/**
 * Releasing 360 results (issue 19, decision 038): who reads each person's results once the evaluation
 * is closed — the person, their manager, both or nobody yet — set for the evaluation and, where it
 * differs, per person. HR and admin read every result as before (decision 023); this decides the rest.
 */

/** 403 with the sentence the evaluatee or their manager reads until the results are released. */
export const notReleased = (message: string = M.notAvailable) =>
  new AppError(403, ERROR_CODES.resultsNotReleased, message);

async function state(db: Kysely<Database>, evaluationId: number): Promise<V2ReleaseState> {
  const release = await findEvaluationRelease(db, evaluationId);
  if (!release) throw notFound(M.evaluationMissing);
  return {
    evaluation_id: evaluationId,
    closed: release.status === 'closed',
    evaluatee: release.evaluatee,
    manager: release.manager,
    overrides: await countOverrides(db, evaluationId),
  };
}

/** GET /api/evaluations-v2/{id}/release. */
export function getRelease(db: Kysely<Database>, evaluationId: number): Promise<V2ReleaseState> {
  return state(db, evaluationId);
}

/**
 * A change of who reads: written with its audit entry, and — when the evaluation is closed — the
 * "your results are ready" e-mail to each person it newly releases to (once per person: the
 * evaluation's row is locked as at close, so a close and a release never both write it).
 */
async function changeRelease<T>(
  db: Kysely<Database>,
  engine: Engine,
  mail: MailSettings,
  evaluationId: number,
  change: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const result = await db.transaction().execute(async (trx) => {
    const locked = await lockV2EvaluationForUpdate(trx, engine, evaluationId);
    if (!locked) throw notFound(M.evaluationMissing);
    const out = await change(trx);
    if (locked.status === 'closed') await notifyV2ResultsReady(trx, mail, evaluationId);
    return out;
  });
  kickOutbox(db);
  return result;
}

/** PUT /api/evaluations-v2/{id}/release. */
export function setRelease(
  db: Kysely<Database>,
  engine: Engine,
  mail: MailSettings,
  evaluationId: number,
  input: V2Release,
  actor: Actor,
): Promise<V2ReleaseState> {
  return changeRelease(db, engine, mail, evaluationId, async (trx) => {
    const before = await state(trx, evaluationId);
    await updateEvaluationRelease(trx, evaluationId, input);
    const after = await state(trx, evaluationId);
    await audit(trx, {
      userId: actor.userId,
      action: 'release',
      entity: 'v2_evaluation',
      entityId: evaluationId,
      before: { evaluatee: before.evaluatee, manager: before.manager },
      after: { evaluatee: after.evaluatee, manager: after.manager },
      ip: actor.ip,
    });
    return after;
  });
}

/** GET /api/evaluations-v2/{id}/release/people: paged (20 by default) and searchable by name. */
export async function listReleasePeople(
  db: Kysely<Database>,
  evaluationId: number,
  query: PageQuery,
): Promise<Paged<V2PersonRelease>> {
  if (!(await findEvaluationRelease(db, evaluationId))) throw notFound(M.evaluationMissing);
  const { page, pageSize, offset } = pageBounds(query, 20);
  const { rows, total } = await listPersonReleases(
    db,
    evaluationId,
    { q: query.q },
    { limit: pageSize, offset },
  );
  return paged(rows, total, page, pageSize);
}

async function personRelease(db: Kysely<Database>, evaluationId: number, userId: number) {
  const { rows } = await listPersonReleases(db, evaluationId, { userId }, { limit: 1, offset: 0 });
  const row = rows[0];
  if (!row) throw notFound(M.userMissing);
  return row;
}

/** PUT /api/evaluations-v2/{id}/release/{userId}: one person's own choice (null: as the evaluation). */
export function setPersonRelease(
  db: Kysely<Database>,
  engine: Engine,
  mail: MailSettings,
  evaluationId: number,
  userId: number,
  input: V2PersonReleaseInput,
  actor: Actor,
): Promise<V2PersonRelease> {
  return changeRelease(db, engine, mail, evaluationId, async (trx) => {
    if (!(await isEvaluatee(trx, evaluationId, userId))) throw notFound(M.userMissing);
    const before = await personRelease(trx, evaluationId, userId);
    await writePersonRelease(trx, evaluationId, userId, input);
    const after = await personRelease(trx, evaluationId, userId);
    await audit(trx, {
      userId: actor.userId,
      action: 'release',
      entity: 'v2_evaluation',
      entityId: evaluationId,
      before: { user_id: userId, ...before.own },
      after: { user_id: userId, ...after.own },
      ip: actor.ip,
    });
    return after;
  });
}

/**
 * Whether a reader who is not admin or HR may read one person's results, and how: the person
 * themself once closed and released to them; their manager once closed and released to the manager
 * (their own answers, if they rated the person, never count toward a threshold in what they read).
 * Anyone else: null (403). A closed evaluation not released to the reader: the sentence they read.
 */
export async function releasedReader(
  db: Kysely<Database>,
  evaluationId: number,
  userId: number,
  readerId: number,
): Promise<{ knownRater: number } | null> {
  const release = await releaseFor(db, evaluationId, userId, readerId);
  if (!release || !release.closed) return null;
  if (readerId === userId) {
    if (!release.evaluatee) throw notReleased(M.notAvailable);
    return { knownRater: 0 };
  }
  if (!release.readerIsManager) return null;
  if (!release.manager) throw notReleased(M.notAvailableTeam);
  return { knownRater: readerId };
}

/** GET /api/evaluations-v2/results/team. */
export async function teamResults(db: Kysely<Database>, readerId: number): Promise<{ rows: V2TeamResult[] }> {
  return { rows: await listTeamResults(db, readerId) };
}
