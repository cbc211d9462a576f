import {
  ERROR_CODES,
  MANAGER_ROLES,
  V2_ASSIGNMENT_MESSAGES,
  V2_NOMINATION_MESSAGES as M,
  nomineeCountProblem,
  v2EvaluationAllows,
  v2NominationMayChange,
  type Person,
  type Relation,
  type V2MyNominations,
  type V2Nomination,
  type V2NominationOverview,
  type V2NomineeInput,
  type V2Status,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { audit } from '../audit';
import { insertAssignmentPairs, managersOfEvaluatees } from '../v2-assignments';
import { lockV2EvaluationForUpdate, lockV2EvaluationShared } from '../v2-evaluations';
import {
  activeIds,
  activeIdsWithManager,
  deleteNomination,
  evaluateesWithManagers,
  evaluationSettings,
  findNomination,
  findParticipant,
  insertParticipants,
  nominationsWhere,
  nomineesOf,
  participantsOf,
  peopleByIds,
  replaceNominees,
  searchPeople,
  setNominationStatus,
  touchNomination,
  updateSettings,
  userState,
  type NominationRow,
} from './repository';

const PEOPLE_LIMIT = 20;

function isManagerRole(actor: Pick<Actor, 'role'>): boolean {
  return (MANAGER_ROLES as readonly string[]).includes(actor.role);
}

/** The evaluation, locked, that still accepts changes (not closed). */
async function openEvaluation(trx: Kysely<Database>, engine: Engine, evaluationId: number, update = false) {
  const locked = update
    ? await lockV2EvaluationForUpdate(trx, engine, evaluationId)
    : await lockV2EvaluationShared(trx, engine, evaluationId);
  if (!locked) throw notFound(M.evaluationMissing);
  if (!v2EvaluationAllows(locked.status).assign) throw conflict(M.closed, ERROR_CODES.evaluationClosed);
  const settings = await evaluationSettings(trx, evaluationId);
  if (!settings) throw notFound(M.evaluationMissing);
  return settings;
}

// ---------------------------------------------------------------------------------------------------
// 'Reporta a' → manager assignments

/**
 * POST …/assignments/managers: for every evaluatee of the evaluation whose 'Reporta a' is an active
 * user and who has no manager assignment yet, one with that manager. Never a second manager
 * (decision 023); a closed evaluation refuses. Answers how many it created.
 */
export async function fillManagers(
  db: Kysely<Database>,
  engine: Engine,
  evaluationId: number,
  actor: Actor,
): Promise<{ created_count: number }> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockV2EvaluationShared(trx, engine, evaluationId);
    if (!locked) throw notFound(M.evaluationMissing);
    if (!v2EvaluationAllows(locked.status).assign) {
      throw conflict(V2_ASSIGNMENT_MESSAGES.closed, ERROR_CODES.evaluationClosed);
    }
    const candidates = await evaluateesWithManagers(trx, evaluationId);
    const have = new Set(
      (
        await managersOfEvaluatees(
          trx,
          evaluationId,
          candidates.map((c) => c.evaluatee_id),
        )
      ).map((m) => m.evaluatee_id),
    );
    const pairs = candidates
      .filter((c) => !have.has(c.evaluatee_id) && c.manager_id !== c.evaluatee_id)
      .map((c) => ({
        evaluator_id: c.manager_id,
        evaluatee_id: c.evaluatee_id,
        relation: 'manager' as const,
      }));
    const ids = await insertAssignmentPairs(trx, evaluationId, pairs);
    if (ids.length > 0) {
      await audit(trx, {
        userId: actor.userId,
        action: 'assign_managers',
        entity: 'v2_evaluation',
        entityId: evaluationId,
        after: { inserted_count: ids.length, assignment_ids: ids },
        ip: actor.ip,
      });
    }
    return { created_count: ids.length };
  });
}

// ---------------------------------------------------------------------------------------------------
// HR: settings and participants

export async function nominationOverview(
  db: Kysely<Database>,
  evaluationId: number,
): Promise<V2NominationOverview> {
  const settings = await evaluationSettings(db, evaluationId);
  if (!settings) throw notFound(M.evaluationMissing);
  const rows = await participantsOf(db, evaluationId);
  return {
    evaluation_id: evaluationId,
    enabled: settings.nominations_enabled === 1,
    min: settings.nominations_min,
    max: settings.nominations_max,
    participants: rows.map((r) => ({
      nomination_id: r.nomination_id,
      evaluatee: { id: r.evaluatee_id, name: r.name, department: r.department, position: r.position },
      manager_name: r.manager_name,
      status: r.status,
      nominee_count: Number(r.nominee_count),
    })),
  };
}

/** PUT …/nominations: enables (with min and max) or disables, on a draft or open evaluation. */
export async function configureNominations(
  db: Kysely<Database>,
  engine: Engine,
  evaluationId: number,
  input: { enabled: boolean; min?: number | undefined; max?: number | undefined },
  actor: Actor,
): Promise<V2NominationOverview> {
  await db.transaction().execute(async (trx) => {
    const before = await openEvaluation(trx, engine, evaluationId, true);
    const next = input.enabled
      ? { enabled: true, min: input.min ?? null, max: input.max ?? null }
      : { enabled: false, min: before.nominations_min, max: before.nominations_max };
    await updateSettings(trx, evaluationId, next);
    await audit(trx, {
      userId: actor.userId,
      action: 'nominations_settings',
      entity: 'v2_evaluation',
      entityId: evaluationId,
      before: {
        enabled: before.nominations_enabled === 1,
        min: before.nominations_min,
        max: before.nominations_max,
      },
      after: next,
      ip: actor.ip,
    });
  });
  return nominationOverview(db, evaluationId);
}

/** POST …/nominations/participants: the given people and/or everyone active with a 'Reporta a'. */
export async function addParticipants(
  db: Kysely<Database>,
  engine: Engine,
  evaluationId: number,
  input: { user_ids: readonly number[]; all_with_manager: boolean },
  actor: Actor,
): Promise<V2NominationOverview> {
  await db.transaction().execute(async (trx) => {
    const settings = await openEvaluation(trx, engine, evaluationId);
    if (settings.nominations_enabled !== 1) throw conflict(M.notEnabled);
    const given = [...new Set(input.user_ids)];
    const active = await activeIds(trx, given);
    const inactiveAt = input.user_ids.findIndex((id) => !active.has(id));
    if (inactiveAt >= 0) throw badRequest(M.participantInactive, `body.user_ids.${inactiveAt}`);
    const ids = new Set(given);
    if (input.all_with_manager) for (const id of await activeIdsWithManager(trx)) ids.add(id);
    const added = await insertParticipants(trx, evaluationId, [...ids]);
    if (added > 0) {
      await audit(trx, {
        userId: actor.userId,
        action: 'nominations_participants',
        entity: 'v2_evaluation',
        entityId: evaluationId,
        after: { added, user_ids: given, all_with_manager: input.all_with_manager },
        ip: actor.ip,
      });
    }
  });
  return nominationOverview(db, evaluationId);
}

/** DELETE …/nominations/participants/{userId}: while their nomination is not approved. */
export async function removeParticipant(
  db: Kysely<Database>,
  engine: Engine,
  evaluationId: number,
  userId: number,
  actor: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await openEvaluation(trx, engine, evaluationId);
    const row = await findParticipant(trx, evaluationId, userId, engine);
    if (!row) throw notFound(M.nominationMissing);
    if (!v2NominationMayChange(row.status)) throw conflict(M.approvedParticipant);
    const nominees = await nomineesOf(trx, [row.id]);
    await deleteNomination(trx, row.id);
    await audit(trx, {
      userId: actor.userId,
      action: 'nominations_participants',
      entity: 'v2_nomination',
      entityId: row.id,
      before: { evaluation_id: evaluationId, evaluatee_id: userId, status: row.status, nominees },
      ip: actor.ip,
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// Everyone: people search, own nominations, approvals

export async function findPeople(db: Kysely<Database>, q: string | undefined): Promise<{ rows: Person[] }> {
  return { rows: await searchPeople(db, q, PEOPLE_LIMIT) };
}

/** Nominations as the API answers them: evaluation, people and the current list. */
async function details(db: Kysely<Database>, rows: readonly NominationRow[]): Promise<V2Nomination[]> {
  if (rows.length === 0) return [];
  const nominees = await nomineesOf(
    db,
    rows.map((r) => r.id),
  );
  const evaluations = new Map<number, Awaited<ReturnType<typeof evaluationSettings>>>();
  for (const id of new Set(rows.map((r) => r.evaluation_id))) {
    evaluations.set(id, await evaluationSettings(db, id));
  }
  const managers = new Map<number, number | null>();
  for (const r of rows)
    managers.set(r.evaluatee_id, (await userState(db, r.evaluatee_id))?.manager_id ?? null);
  const people = await peopleByIds(db, [
    ...new Set([
      ...rows.map((r) => r.evaluatee_id),
      ...[...managers.values()].filter((m): m is number => m !== null),
      ...nominees.map((n) => n.nominee_id),
    ]),
  ]);
  const person = (id: number): Person =>
    people.get(id) ?? { id, name: '—', department: null, position: null };
  return rows.map((r) => {
    const evaluation = evaluations.get(r.evaluation_id);
    const managerId = managers.get(r.evaluatee_id) ?? null;
    return {
      id: r.id,
      evaluation_id: r.evaluation_id,
      evaluation_name: evaluation?.name ?? '',
      evaluatee: person(r.evaluatee_id),
      manager: managerId === null ? null : person(managerId),
      status: r.status,
      min: evaluation?.nominations_min ?? 1,
      max: evaluation?.nominations_max ?? 1,
      nominees: nominees
        .filter((n) => n.nomination_id === r.id)
        .map((n) => ({ ...person(n.nominee_id), relation: n.relation })),
      submitted_at: r.submitted_at,
      approved_at: r.approved_at,
    };
  });
}

/** GET /api/nominations/mine. */
export async function myNominations(db: Kysely<Database>, userId: number): Promise<V2MyNominations> {
  const [own, toApprove] = await Promise.all([
    nominationsWhere(db, { evaluateeId: userId }),
    nominationsWhere(db, { managerId: userId }),
  ]);
  return { own: await details(db, own), to_approve: await details(db, toApprove) };
}

/** Whether the actor may approve this evaluatee's nominations: their manager, admin or HR. */
async function mayApprove(db: Kysely<Database>, actor: Actor, evaluateeId: number): Promise<boolean> {
  if (isManagerRole(actor)) return true;
  return (await userState(db, evaluateeId))?.manager_id === actor.userId;
}

/** GET /api/nominations/{id}: the evaluatee, their manager, admin and HR. */
export async function getNomination(db: Kysely<Database>, actor: Actor, id: number): Promise<V2Nomination> {
  const row = await findNomination(db, id);
  if (!row) throw notFound(M.nominationMissing);
  if (row.evaluatee_id !== actor.userId && !(await mayApprove(db, actor, row.evaluatee_id)))
    throw forbidden();
  return (await details(db, [row]))[0]!;
}

/**
 * The list's own rules: nobody twice, not the evaluatee, not their manager (who rates them as
 * manager), active people only; the count within HR's range when `count` is asked.
 */
async function checkNominees(
  trx: Kysely<Database>,
  evaluateeId: number,
  nominees: readonly V2NomineeInput[],
  range: { min: number; max: number; full: boolean },
): Promise<void> {
  const field = (i: number) => `body.nominees.${i}.nominee_id`;
  const seen = new Set<number>();
  for (const [i, n] of nominees.entries()) {
    if (n.nominee_id === evaluateeId) throw badRequest(M.self, field(i));
    if (seen.has(n.nominee_id)) throw badRequest(M.duplicate, field(i));
    seen.add(n.nominee_id);
  }
  const managerId = (await userState(trx, evaluateeId))?.manager_id ?? null;
  const managerAt = nominees.findIndex((n) => n.nominee_id === managerId);
  if (managerAt >= 0) throw badRequest(M.isManager, field(managerAt));
  const active = await activeIds(trx, [...seen]);
  const inactiveAt = nominees.findIndex((n) => !active.has(n.nominee_id));
  if (inactiveAt >= 0) throw badRequest(M.inactive, field(inactiveAt));
  const problem = range.full
    ? nomineeCountProblem(nominees.length, range.min, range.max)
    : nominees.length > range.max
      ? nomineeCountProblem(nominees.length, 0, range.max)
      : null;
  if (problem) throw badRequest(problem, 'body.nominees');
}

/** The nomination and its evaluation, locked, for a change: 404, closed, disabled and approved refused. */
async function forChange(trx: Kysely<Database>, engine: Engine, id: number) {
  const peek = await findNomination(trx, id);
  if (!peek) throw notFound(M.nominationMissing);
  // The evaluation first, then the nomination: every change takes the locks in that order.
  const locked = await lockV2EvaluationShared(trx, engine, peek.evaluation_id);
  const row = await findNomination(trx, id, engine);
  if (!locked || !row) throw notFound(M.nominationMissing);
  return { row, status: locked.status };
}

function refuseState(
  status: V2Status,
  settings:
    | { nominations_enabled: number; nominations_min: number | null; nominations_max: number | null }
    | undefined,
  row: NominationRow,
): { min: number; max: number } {
  if (!v2EvaluationAllows(status).assign) throw conflict(M.closed, ERROR_CODES.evaluationClosed);
  if (!settings || settings.nominations_enabled !== 1) throw conflict(M.notEnabled);
  if (!v2NominationMayChange(row.status)) throw conflict(M.alreadyApproved);
  return { min: settings.nominations_min ?? 1, max: settings.nominations_max ?? 1 };
}

/** PUT /api/nominations/{id}: the evaluatee saves their list, and sends it with `submit`. */
export async function saveNomination(
  db: Kysely<Database>,
  engine: Engine,
  id: number,
  input: { nominees: readonly V2NomineeInput[]; submit: boolean },
  actor: Actor,
): Promise<V2Nomination> {
  await db.transaction().execute(async (trx) => {
    const { row, status } = await forChange(trx, engine, id);
    if (row.evaluatee_id !== actor.userId) throw forbidden();
    const range = refuseState(status, await evaluationSettings(trx, row.evaluation_id), row);
    await checkNominees(trx, row.evaluatee_id, input.nominees, { ...range, full: input.submit });
    const before = await nomineesOf(trx, [id]);
    await replaceNominees(trx, id, input.nominees);
    if (input.submit) await setNominationStatus(trx, id, 'enviada');
    else await touchNomination(trx, id);
    await audit(trx, {
      userId: actor.userId,
      action: input.submit ? 'nomination_submit' : 'nomination_save',
      entity: 'v2_nomination',
      entityId: id,
      before: {
        status: row.status,
        nominees: before.map(({ nominee_id, relation }) => ({ nominee_id, relation })),
      },
      after: { status: input.submit ? 'enviada' : row.status, nominees: input.nominees },
      ip: actor.ip,
    });
  });
  return getNomination(db, actor, id);
}

/**
 * POST /api/nominations/{id}/approve: the evaluatee's manager ('Reporta a'), admin or HR approves the
 * list as sent or changed; in the same transaction the nominees become assignments (existing pairs
 * skipped) with the manager assignment from 'Reporta a' if none exists. A second approval is 409.
 */
export async function approveNomination(
  db: Kysely<Database>,
  engine: Engine,
  id: number,
  input: { nominees?: readonly V2NomineeInput[] | undefined },
  actor: Actor,
): Promise<{ nomination: V2Nomination; created_count: number }> {
  const created = await db.transaction().execute(async (trx) => {
    const { row, status } = await forChange(trx, engine, id);
    if (!(await mayApprove(trx, actor, row.evaluatee_id))) throw forbidden();
    const range = refuseState(status, await evaluationSettings(trx, row.evaluation_id), row);
    if (row.status === 'borrador' && !isManagerRole(actor)) throw conflict(M.notSubmitted);
    const current = (await nomineesOf(trx, [id])).map(({ nominee_id, relation }) => ({
      nominee_id,
      relation,
    }));
    const list = input.nominees ?? current;
    await checkNominees(trx, row.evaluatee_id, list, { ...range, full: true });
    if (input.nominees) await replaceNominees(trx, id, list);
    if (!(await setNominationStatus(trx, id, 'aprobada', actor.userId))) throw conflict(M.alreadyApproved);

    const pairs: Array<{ evaluator_id: number; evaluatee_id: number; relation: Relation }> = list.map(
      (n) => ({
        evaluator_id: n.nominee_id,
        evaluatee_id: row.evaluatee_id,
        relation: n.relation,
      }),
    );
    const manager = await userState(trx, row.evaluatee_id);
    if (manager?.manager_id != null) {
      const managerState = await userState(trx, manager.manager_id);
      const hasManager = (await managersOfEvaluatees(trx, row.evaluation_id, [row.evaluatee_id])).length > 0;
      if (managerState?.active === 1 && !hasManager) {
        pairs.push({ evaluator_id: manager.manager_id, evaluatee_id: row.evaluatee_id, relation: 'manager' });
      }
    }
    const ids = await insertAssignmentPairs(trx, row.evaluation_id, pairs);
    await audit(trx, {
      userId: actor.userId,
      action: 'nomination_approve',
      entity: 'v2_nomination',
      entityId: id,
      before: { status: row.status, nominees: current },
      after: { status: 'aprobada', nominees: list, created_count: ids.length, assignment_ids: ids },
      ip: actor.ip,
    });
    return ids.length;
  });
  return { nomination: await getNomination(db, actor, id), created_count: created };
}
