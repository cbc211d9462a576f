import {
  ERROR_CODES,
  V2_ASSIGNMENT_MESSAGES as M,
  addAndRemoveMessage,
  completedRemovalMessage,
  multipleManagersMessage,
  userInvalidMessage,
  type PageQuery,
  type Paged,
  type V2AssignmentRow,
  type V2BatchEntry,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { listOrPage } from '../../http/paging';
import { audit } from '../audit/audit';
import {
  assertV2EvaluationExists,
  lockV2EvaluationShared,
  type LockedEvaluation,
} from '../v2-evaluations/service';
import {
  activeUserIds,
  deletePendingAssignments,
  evaluatorIdsOf,
  findUserActive,
  insertPairs,
  listByEvaluation,
  lockAssignmentsOf,
  managersOf,
  ratesInEvaluation,
  type NewPair,
} from './repository';

/** The evaluation, locked against a status change, that still accepts assignment changes. */
async function openForAssignments(
  trx: Kysely<Database>,
  engine: Engine,
  evaluationId: number,
): Promise<LockedEvaluation> {
  const evaluation = await lockV2EvaluationShared(trx, engine, evaluationId);
  if (!evaluation) throw notFound(M.evaluationMissing);
  if (evaluation.status === 'closed') throw conflict(M.closed, ERROR_CODES.evaluationClosed);
  return evaluation;
}

/** The first id (in the given order) that is not an active user, with where it was found. */
async function firstInvalidUser(
  trx: Kysely<Database>,
  candidates: ReadonlyArray<{ id: number; field: string }>,
): Promise<{ id: number; field: string } | undefined> {
  const active = await activeUserIds(trx, [...new Set(candidates.map((c) => c.id))]);
  return candidates.find((c) => !active.has(c.id));
}

/**
 * One manager per evaluatee unless HR confirmed more (decision 023). The first evaluatee that would
 * end up with several managers, counting those assigned already and the batch's new pairs. (Two
 * batches at once may each add one: the results treat several managers as an anonymous group
 * whatever the confirmation, so nothing is revealed by that race.)
 */
async function evaluateeWithSeveralManagers(
  trx: Kysely<Database>,
  evaluationId: number,
  pairs: readonly NewPair[],
): Promise<number | undefined> {
  const added = pairs.filter((p) => p.relation === 'manager');
  if (added.length === 0) return undefined;
  const managers = new Map<number, Set<number>>();
  const note = (evaluatee: number, evaluator: number) =>
    managers.set(evaluatee, (managers.get(evaluatee) ?? new Set()).add(evaluator));
  for (const m of await managersOf(trx, evaluationId, [...new Set(added.map((p) => p.evaluatee_id))])) {
    note(m.evaluatee_id, m.evaluator_id);
  }
  for (const p of added) note(p.evaluatee_id, p.evaluator_id);
  return added.find((p) => managers.get(p.evaluatee_id)!.size > 1)?.evaluatee_id;
}

/**
 * POST /api/assignments-v2/bulk: checks the whole batch, then inserts the new pairs in one
 * transaction; pairs that exist (or repeat within the batch) are skipped and not counted.
 */
export async function bulkAssign(
  db: Kysely<Database>,
  engine: Engine,
  evaluationId: number,
  entries: readonly V2BatchEntry[],
  actor: Actor,
  options: { allowMultipleManagers?: boolean } = {},
): Promise<{ inserted_count: number }> {
  return db.transaction().execute(async (trx) => {
    const evaluation = await openForAssignments(trx, engine, evaluationId);
    entries.forEach((e, i) => {
      const at = `body.assignments.${i}`;
      if (e.relation === 'self' && e.evaluator_id !== e.evaluatee_id)
        throw badRequest(M.selfMismatch, `${at}.evaluatee_id`);
      if (e.relation !== 'self' && e.evaluator_id === e.evaluatee_id)
        throw badRequest(M.sameNeedsSelf, `${at}.relation`);
      if (e.relation === 'self' && evaluation.allow_self !== 1)
        throw badRequest(M.selfNotAllowed, `${at}.relation`);
    });
    const invalid = await firstInvalidUser(
      trx,
      entries.flatMap((e, i) => [
        { id: e.evaluator_id, field: `body.assignments.${i}.evaluator_id` },
        { id: e.evaluatee_id, field: `body.assignments.${i}.evaluatee_id` },
      ]),
    );
    if (invalid) throw badRequest(userInvalidMessage(invalid.id), invalid.field);

    const unique = new Map<string, NewPair>();
    for (const e of entries) {
      const key = `${e.evaluator_id}:${e.evaluatee_id}`;
      if (!unique.has(key)) unique.set(key, e);
    }
    if (!options.allowMultipleManagers) {
      const several = await evaluateeWithSeveralManagers(trx, evaluationId, [...unique.values()]);
      if (several !== undefined) {
        throw new AppError(409, ERROR_CODES.multipleManagers, multipleManagersMessage(several));
      }
    }
    const ids = await insertPairs(trx, evaluationId, [...unique.values()]);
    if (ids.length > 0) {
      await audit(trx, {
        userId: actor.userId,
        action: 'assign_bulk',
        entity: 'v2_evaluation',
        entityId: evaluationId,
        after: { requested: entries.length, inserted_count: ids.length, assignment_ids: ids },
        ip: actor.ip,
      });
    }
    return { inserted_count: ids.length };
  });
}

async function assertEvaluateeExists(db: Kysely<Database>, userId: number) {
  const user = await findUserActive(db, userId);
  if (!user) throw notFound(M.userMissing);
  return user;
}

/** {rows} of the evaluation's assignments when called bare, the page asked for otherwise (?q=&page=&pageSize=). */
export async function assignmentsOfEvaluation(
  db: Kysely<Database>,
  evaluationId: number,
  query: PageQuery,
): Promise<{ rows: V2AssignmentRow[] } | Paged<V2AssignmentRow>> {
  await assertV2EvaluationExists(db, evaluationId);
  const answer = await listOrPage(query, (slice) => listByEvaluation(db, evaluationId, slice));
  return Array.isArray(answer) ? { rows: answer } : answer;
}

export async function evaluatorsOfEvaluatee(
  db: Kysely<Database>,
  evaluationId: number,
  userId: number,
): Promise<{ evaluator_ids: number[] }> {
  await assertV2EvaluationExists(db, evaluationId);
  await assertEvaluateeExists(db, userId);
  return { evaluator_ids: await evaluatorIdsOf(db, evaluationId, userId) };
}

/**
 * POST …/assignments/evaluatee/{userId}: adds evaluators (as peers; the evaluatee themself as self,
 * when the evaluation allows it) and removes pending assignments; a completed one is never removed.
 * One transaction; answers the evaluator ids after the change.
 */
export async function changeEvaluators(
  db: Kysely<Database>,
  engine: Engine,
  evaluationId: number,
  userId: number,
  change: { add: readonly number[]; remove: readonly number[] },
  actor: Actor,
): Promise<{ evaluator_ids: number[] }> {
  return db.transaction().execute(async (trx) => {
    const evaluation = await openForAssignments(trx, engine, evaluationId);
    const evaluatee = await assertEvaluateeExists(trx, userId);
    const add = [...new Set(change.add)];
    const remove = [...new Set(change.remove)];
    const removing = new Set(remove);
    const both = add.find((id) => removing.has(id));
    if (both !== undefined) throw badRequest(addAndRemoveMessage(both), 'body.add');

    if (add.length > 0) {
      if (evaluatee.active !== 1) throw badRequest(userInvalidMessage(userId), 'params.userId');
      if (add.includes(userId) && evaluation.allow_self !== 1) throw badRequest(M.selfNotAllowed, 'body.add');
      const invalid = await firstInvalidUser(
        trx,
        add.map((id) => ({ id, field: `body.add.${change.add.indexOf(id)}` })),
      );
      if (invalid) throw badRequest(userInvalidMessage(invalid.id), invalid.field);
    }

    const existing = await lockAssignmentsOf(trx, engine, evaluationId, userId, remove);
    const completed = existing.find((a) => a.status === 'completed');
    if (completed) {
      throw conflict(completedRemovalMessage(completed.evaluator_id), ERROR_CODES.completedAssignment);
    }
    await deletePendingAssignments(
      trx,
      existing.map((a) => a.id),
    );
    const inserted = await insertPairs(
      trx,
      evaluationId,
      add.map((id) => ({
        evaluator_id: id,
        evaluatee_id: userId,
        relation: id === userId ? 'self' : 'peer',
      })),
    );
    if (inserted.length > 0 || existing.length > 0) {
      await audit(trx, {
        userId: actor.userId,
        action: 'assign_evaluatee',
        entity: 'v2_evaluation',
        entityId: evaluationId,
        before: {
          evaluatee_id: userId,
          removed: existing.map((a) => ({ id: a.id, evaluator_id: a.evaluator_id })),
        },
        after: { evaluatee_id: userId, added_assignment_ids: inserted },
        ip: actor.ip,
      });
    }
    return { evaluator_ids: await evaluatorIdsOf(trx, evaluationId, userId) };
  });
}

/** Whether the user rates someone in the evaluation and it is shown to raters (not a draft). */
export function isRaterIn(db: Kysely<Database>, userId: number, evaluationId: number): Promise<boolean> {
  return ratesInEvaluation(db, userId, evaluationId);
}
