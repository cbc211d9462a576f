import {
  ERROR_CODES,
  V2_ASSIGNMENT_MESSAGES as M,
  addAndRemoveMessage,
  completedRelationMessage,
  completedRemovalMessage,
  managerGroupAnsweredMessage,
  multipleManagersMessage,
  relationForRemovedMessage,
  relationNotAssignedMessage,
  userInvalidMessage,
  v2AssignmentAllows,
  v2EvaluationAllows,
  type PageQuery,
  type Paged,
  type RaterCounts,
  type Relation,
  type V2AssignmentRelation,
  type V2EvaluatorIds,
  type V2AssignmentRow,
  type V2BatchEntry,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { listOrPage } from '../../http/paging';
import { audit } from '../audit';
import { assertV2EvaluationExists, lockV2EvaluationShared, type LockedEvaluation } from '../v2-evaluations';
import {
  activeUserIds,
  deletePendingAssignments,
  evaluatorAssignmentsOf,
  evaluatorIdsOf,
  findAssignment,
  findUserActive,
  insertPairs,
  listByEvaluation,
  lockEvaluateeAssignments,
  managersOf,
  raterCountsOf,
  ratesInEvaluation,
  setRelation,
  type AssignmentState,
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
  if (!v2EvaluationAllows(evaluation.status).assign) throw conflict(M.closed, ERROR_CODES.evaluationClosed);
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
): Promise<V2EvaluatorIds> {
  await assertV2EvaluationExists(db, evaluationId);
  await assertEvaluateeExists(db, userId);
  return evaluatorsNow(db, evaluationId, userId);
}

/**
 * How many raters each of these people has in the evaluation, and how many answered (declined ones
 * are not counted as raters): zero for a person without any. One grouped query.
 */
export async function raterCounts(
  db: Kysely<Database>,
  evaluationId: number,
  userIds: readonly number[],
): Promise<RaterCounts> {
  await assertV2EvaluationExists(db, evaluationId);
  const counted = new Map((await raterCountsOf(db, evaluationId, userIds)).map((r) => [r.user_id, r]));
  return {
    rows: userIds.map((user_id) => counted.get(user_id) ?? { user_id, raters: 0, completed: 0 }),
  };
}

/** The evaluatee's evaluator ids (the spec's answer) and their assignments with relation and status. */
async function evaluatorsNow(
  db: Kysely<Database>,
  evaluationId: number,
  userId: number,
): Promise<V2EvaluatorIds> {
  const [evaluatorIds, assignments] = await Promise.all([
    evaluatorIdsOf(db, evaluationId, userId),
    evaluatorAssignmentsOf(db, evaluationId, userId),
  ]);
  return { evaluator_ids: evaluatorIds, assignments };
}

/**
 * The relation rules of decision 017 for one evaluator of one evaluatee: self exactly when they are
 * the same person, and only when the evaluation allows it. The error to throw, or null.
 */
function relationProblem(
  relation: Relation,
  evaluatorId: number,
  evaluateeId: number,
  allowSelf: number,
  field: string,
): AppError | null {
  const same = evaluatorId === evaluateeId;
  if (relation === 'self' && !same) return badRequest(M.selfMismatch, field);
  if (relation !== 'self' && same) return badRequest(M.sameNeedsSelf, field);
  if (relation === 'self' && allowSelf !== 1) return badRequest(M.selfNotAllowed, field);
  return null;
}

/** 409 MULTIPLE_MANAGERS for this evaluatee (decision 023): HR confirms to go on. */
function severalManagers(evaluateeId: number): AppError {
  return new AppError(409, ERROR_CODES.multipleManagers, multipleManagersMessage(evaluateeId));
}

/**
 * Decision 041: a group of managers someone answered in stays a group. Several manager requests make
 * an anonymous group (isAnonymousGroup counts declined ones too), and a manager answered under that
 * promise; a removal or a change of relation that would leave one manager request would show their
 * answers as the lone manager's. Given the evaluatee's locked rows and the manager requests left after
 * the change, the 409 to throw (naming one who would leave), or null.
 */
function managerGroupLeft(
  current: readonly AssignmentState[],
  managersAfter: number,
  leaving: ReadonlySet<number>,
): AppError | null {
  const managers = current.filter((a) => a.relation === 'manager');
  const answered = managers.some((a) => a.status === 'completed');
  const who = managers.find((a) => leaving.has(a.id));
  if (!answered || managers.length < 2 || managersAfter > 1 || !who) return null;
  return conflict(managerGroupAnsweredMessage(who.evaluator_id), ERROR_CODES.managerGroupAnswered);
}

export interface EvaluateeChange {
  add: readonly number[];
  remove: readonly number[];
  /** {evaluatorId: relation} (ids as the JSON keys they came as). */
  relations?: Readonly<Record<string, Relation>> | undefined;
  allow_multiple_managers?: boolean | undefined;
}

/**
 * POST …/assignments/evaluatee/{userId}: adds evaluators (as peers, the evaluatee themself as self,
 * or with the relation `relations` gives), changes the relation of pending ones (`relations`), and
 * removes pending assignments; a completed one is never removed nor changed. A change that leaves
 * the evaluatee with several managers needs `allow_multiple_managers` (decision 023); one that would
 * leave a single manager in a group someone already answered in is refused (decision 041). One
 * transaction, holding the evaluatee's assignment rows (so concurrent changes of one person's
 * relations take turns); answers the evaluators after the change.
 */
export async function changeEvaluators(
  db: Kysely<Database>,
  engine: Engine,
  evaluationId: number,
  userId: number,
  change: EvaluateeChange,
  actor: Actor,
): Promise<V2EvaluatorIds> {
  return db.transaction().execute(async (trx) => {
    const evaluation = await openForAssignments(trx, engine, evaluationId);
    const evaluatee = await assertEvaluateeExists(trx, userId);
    const add = [...new Set(change.add)];
    const remove = [...new Set(change.remove)];
    const removing = new Set(remove);
    const both = add.find((id) => removing.has(id));
    if (both !== undefined) throw badRequest(addAndRemoveMessage(both), 'body.add');
    const relations = new Map(
      Object.entries(change.relations ?? {}).map(([id, relation]) => [Number(id), relation] as const),
    );
    for (const id of relations.keys()) {
      if (removing.has(id)) throw badRequest(relationForRemovedMessage(id), `body.relations.${id}`);
    }

    if (add.length > 0) {
      if (evaluatee.active !== 1) throw badRequest(userInvalidMessage(userId), 'params.userId');
      if (add.includes(userId) && evaluation.allow_self !== 1) throw badRequest(M.selfNotAllowed, 'body.add');
      const invalid = await firstInvalidUser(
        trx,
        add.map((id) => ({ id, field: `body.add.${change.add.indexOf(id)}` })),
      );
      if (invalid) throw badRequest(userInvalidMessage(invalid.id), invalid.field);
    }
    for (const [id, relation] of relations) {
      const problem = relationProblem(relation, id, userId, evaluation.allow_self, `body.relations.${id}`);
      if (problem) throw problem;
    }

    const current = await lockEvaluateeAssignments(trx, engine, evaluationId, userId);
    const byEvaluator = new Map(current.map((a) => [a.evaluator_id, a]));
    const adding = new Set(add);
    for (const id of relations.keys()) {
      if (!adding.has(id) && !byEvaluator.has(id))
        throw badRequest(relationNotAssignedMessage(id), `body.relations.${id}`);
    }
    const removed = current.filter((a) => removing.has(a.evaluator_id));
    const completed = removed.find((a) => !v2AssignmentAllows(a.status).change);
    if (completed) {
      throw conflict(completedRemovalMessage(completed.evaluator_id), ERROR_CODES.completedAssignment);
    }
    // Assigned evaluators whose relation changes (also one named in `add` again with a relation).
    const changed: Array<{ assignment: AssignmentState; relation: Relation }> = [];
    for (const [id, relation] of relations) {
      const assignment = byEvaluator.get(id);
      if (!assignment || assignment.relation === relation) continue;
      if (!v2AssignmentAllows(assignment.status).change)
        throw conflict(completedRelationMessage(id), ERROR_CODES.completedAssignment);
      changed.push({ assignment, relation });
    }
    const pairs: NewPair[] = add
      .filter((id) => !byEvaluator.has(id))
      .map((id) => ({
        evaluator_id: id,
        evaluatee_id: userId,
        relation: relations.get(id) ?? (id === userId ? 'self' : 'peer'),
      }));

    const relationAfter = new Map(
      current.filter((a) => !removing.has(a.evaluator_id)).map((a) => [a.id, a.relation]),
    );
    for (const c of changed) relationAfter.set(c.assignment.id, c.relation);
    const managersAfter =
      [...relationAfter.values()].filter((r) => r === 'manager').length +
      pairs.filter((p) => p.relation === 'manager').length;
    const left = managerGroupLeft(
      current,
      managersAfter,
      new Set([...removed.map((a) => a.id), ...changed.map((c) => c.assignment.id)]),
    );
    if (left) throw left;

    const makesManager =
      changed.some((c) => c.relation === 'manager') || pairs.some((p) => p.relation === 'manager');
    if (makesManager && change.allow_multiple_managers !== true && managersAfter > 1) {
      throw severalManagers(userId);
    }

    await deletePendingAssignments(
      trx,
      removed.map((a) => a.id),
    );
    for (const relation of new Set(changed.map((c) => c.relation))) {
      await setRelation(
        trx,
        changed.filter((c) => c.relation === relation).map((c) => c.assignment.id),
        relation,
      );
    }
    const inserted = await insertPairs(trx, evaluationId, pairs);
    if (inserted.length > 0 || removed.length > 0 || changed.length > 0) {
      await audit(trx, {
        userId: actor.userId,
        action: 'assign_evaluatee',
        entity: 'v2_evaluation',
        entityId: evaluationId,
        before: {
          evaluatee_id: userId,
          removed: removed.map((a) => ({ id: a.id, evaluator_id: a.evaluator_id })),
          ...(changed.length > 0
            ? { relations: changed.map((c) => ({ id: c.assignment.id, relation: c.assignment.relation })) }
            : {}),
        },
        after: {
          evaluatee_id: userId,
          added_assignment_ids: inserted,
          ...(changed.length > 0
            ? { relations: changed.map((c) => ({ id: c.assignment.id, relation: c.relation })) }
            : {}),
        },
        ip: actor.ip,
      });
    }
    return evaluatorsNow(trx, evaluationId, userId);
  });
}

/**
 * PATCH /api/assignments-v2/{id} (decision 035): a new relation for an assignment that is not
 * completed (its answers were given under the old one: 409), while the evaluation is not closed,
 * under the rules of the bulk call — self only for the evaluatee themself and when allowed, and a
 * second manager only when confirmed — and never leaving one manager in a group someone already
 * answered in (decision 041). Holds the evaluatee's assignment rows, so concurrent changes
 * cannot each add "the one" manager. Answers the assignment as it is now.
 */
export async function changeRelation(
  db: Kysely<Database>,
  engine: Engine,
  assignmentId: number,
  relation: Relation,
  actor: Actor,
  options: { allowMultipleManagers?: boolean } = {},
): Promise<V2AssignmentRelation> {
  return db.transaction().execute(async (trx) => {
    const found = await findAssignment(trx, assignmentId);
    if (!found) throw notFound(M.assignmentMissing);
    const evaluation = await openForAssignments(trx, engine, found.evaluation_id);
    const current = await lockEvaluateeAssignments(trx, engine, found.evaluation_id, found.evaluatee_id);
    const target = current.find((a) => a.id === assignmentId);
    // Removed while this call waited for the rows.
    if (!target) throw notFound(M.assignmentMissing);
    const problem = relationProblem(
      relation,
      target.evaluator_id,
      target.evaluatee_id,
      evaluation.allow_self,
      'body.relation',
    );
    if (problem) throw problem;
    if (target.relation === relation) return target;
    if (!v2AssignmentAllows(target.status).change) {
      throw conflict(completedRelationMessage(target.evaluator_id), ERROR_CODES.completedAssignment);
    }
    if (target.relation === 'manager') {
      const managersAfter = current.filter((a) => a.relation === 'manager').length - 1;
      const left = managerGroupLeft(current, managersAfter, new Set([target.id]));
      if (left) throw left;
    }
    if (
      relation === 'manager' &&
      !options.allowMultipleManagers &&
      current.some((a) => a.id !== target.id && a.relation === 'manager')
    ) {
      throw severalManagers(target.evaluatee_id);
    }
    await setRelation(trx, [target.id], relation);
    await audit(trx, {
      userId: actor.userId,
      action: 'assign_relation',
      entity: 'v2_evaluation',
      entityId: target.evaluation_id,
      before: {
        assignment_id: target.id,
        evaluator_id: target.evaluator_id,
        evaluatee_id: target.evaluatee_id,
        relation: target.relation,
      },
      after: { assignment_id: target.id, relation },
      ip: actor.ip,
    });
    return { ...target, relation };
  });
}

/** Whether the user rates someone in the evaluation and it is shown to raters (not a draft). */
export function isRaterIn(db: Kysely<Database>, userId: number, evaluationId: number): Promise<boolean> {
  return ratesInEvaluation(db, userId, evaluationId);
}

/**
 * For 'Reporta a' and nominations (decision 036), inside the caller's transaction, after it locked the
 * evaluation and checked it is not closed: inserts the pairs that do not exist yet and answers the new
 * assignment ids; `managersOfEvaluatees` tells who has a manager assignment already.
 */
export function insertAssignmentPairs(
  trx: Kysely<Database>,
  evaluationId: number,
  pairs: readonly NewPair[],
): Promise<number[]> {
  return insertPairs(trx, evaluationId, pairs);
}
export function managersOfEvaluatees(
  trx: Kysely<Database>,
  evaluationId: number,
  evaluateeIds: readonly number[],
): Promise<Array<{ evaluatee_id: number; evaluator_id: number }>> {
  return managersOf(trx, evaluationId, evaluateeIds);
}
