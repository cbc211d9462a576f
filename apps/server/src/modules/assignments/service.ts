import {
  ASSIGNMENT_MESSAGES,
  AVAILABLE_PAGE_SIZE,
  BULK_FILTER_MAX,
  ERROR_CODES,
  MANAGER_ROLES,
  type Assignment,
  type AvailableCollaborator,
  type AvailableFilter,
  type BulkAssignmentResult,
  type ReportsToResult,
  type PageQuery,
  type Paged,
  type Role,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { pageBounds, paged } from '../../http/paging';
import { audit } from '../audit';
import { findUserById } from '../users';
import {
  deleteAssignment,
  findAssignment,
  findAssignmentView,
  insertAssignment,
  listAssignments,
  isAssignedTo as isAssignedToRow,
  listAvailable,
  availableIds,
  insertMissingPairs,
  listDepartments,
  reportsToPairs,
  usersStanding,
} from './repository';

const managers: readonly Role[] = MANAGER_ROLES;

/** One evaluator's collaborators: an evaluator reads only their own list; admin and HR anyone's. */
export function listAssigned(
  db: Kysely<Database>,
  evaluatorId: number,
  reader: Actor,
): Promise<Assignment[]> {
  if (reader.userId !== evaluatorId && !managers.includes(reader.role)) throw forbidden();
  return listAssignments(db, evaluatorId);
}

/** The people still available to an evaluator, always a page (AVAILABLE_PAGE_SIZE by default). */
export async function listAvailablePage(
  db: Kysely<Database>,
  evaluatorId: number,
  query: PageQuery & AvailableFilter,
): Promise<Paged<AvailableCollaborator>> {
  const { page, pageSize, offset } = pageBounds(query, AVAILABLE_PAGE_SIZE);
  const { rows, total } = await listAvailable(db, evaluatorId, query, { limit: pageSize, offset });
  return paged(rows, total, page, pageSize);
}

/** The departments the available list can be filtered by. */
export function departments(db: Kysely<Database>): Promise<string[]> {
  return listDepartments(db);
}

/** The evaluator of a V1 assignment: an active evaluador, or 400 on `field`. */
async function activeEvaluator(db: Kysely<Database>, evaluatorId: number, field: string) {
  const evaluator = await findUserById(db, evaluatorId);
  if (!evaluator || evaluator.role !== 'evaluador' || evaluator.active !== 1) {
    throw badRequest(ASSIGNMENT_MESSAGES.badEvaluator, field);
  }
  return evaluator;
}

/**
 * Many collaborators to one evaluator (decision 057): the ids ticked, or every available person the
 * filter matches. One transaction: any person who can't be a collaborator (admin, inactive, missing,
 * the evaluator) refuses the whole batch and nothing changes; pairs that exist are counted, not doubled.
 */
export async function bulkAssign(
  db: Kysely<Database>,
  input: {
    evaluator_id: number;
    collaborator_ids?: number[] | undefined;
    filter?: AvailableFilter | undefined;
  },
  actor: Actor,
): Promise<BulkAssignmentResult> {
  const evaluatorId = input.evaluator_id;
  return db.transaction().execute(async (trx) => {
    await activeEvaluator(trx, evaluatorId, 'body.evaluator_id');
    let ids: number[];
    if (input.collaborator_ids) {
      ids = [...new Set(input.collaborator_ids)];
      const standing = new Map((await usersStanding(trx, ids)).map((u) => [u.id, u]));
      // The field names the position in the list as sent.
      input.collaborator_ids.forEach((id, i) => {
        const u = standing.get(id);
        if (id === evaluatorId) throw badRequest(ASSIGNMENT_MESSAGES.self, `body.collaborator_ids.${i}`);
        if (!u || u.role === 'admin' || u.active !== 1) {
          throw badRequest(ASSIGNMENT_MESSAGES.badCollaborator, `body.collaborator_ids.${i}`);
        }
      });
    } else {
      ids = await availableIds(trx, evaluatorId, input.filter ?? {}, BULK_FILTER_MAX + 1);
      if (ids.length > BULK_FILTER_MAX) {
        throw badRequest(ASSIGNMENT_MESSAGES.filterTooBroad(BULK_FILTER_MAX), 'body.filter');
      }
    }
    // In id order, as every batch: two overlapping batches never wait on each other crosswise.
    const created = await insertMissingPairs(
      trx,
      [...ids]
        .sort((a, b) => a - b)
        .map((collaborator_id) => ({ evaluator_id: evaluatorId, collaborator_id })),
    );
    if (created.length > 0) {
      await audit(trx, {
        userId: actor.userId,
        action: 'assign_bulk',
        entity: 'assignment',
        entityId: null,
        after: { evaluator_id: evaluatorId, collaborator_ids: created.map((c) => c.collaborator_id) },
        ip: actor.ip,
      });
    }
    return { created_count: created.length, existing_count: ids.length - created.length };
  });
}

/**
 * 'Asignar según «Reporta a»' (decision 057): each active evaluador gets the active people who report
 * to them; people reporting to someone else (not an evaluador, or inactive) are counted, not assigned.
 */
export async function assignByReportsTo(
  db: Kysely<Database>,
  evaluatorId: number | undefined,
  actor: Actor,
): Promise<ReportsToResult> {
  return db.transaction().execute(async (trx) => {
    if (evaluatorId !== undefined) await activeEvaluator(trx, evaluatorId, 'body.evaluator_id');
    const pairs = await reportsToPairs(trx, evaluatorId);
    const wanted = pairs
      .filter((p) => p.manager_ok && !p.assigned)
      .sort((a, b) => a.evaluator_id - b.evaluator_id || a.collaborator_id - b.collaborator_id);
    const created = await insertMissingPairs(
      trx,
      wanted.map(({ evaluator_id, collaborator_id }) => ({ evaluator_id, collaborator_id })),
    );
    if (created.length > 0) {
      await audit(trx, {
        userId: actor.userId,
        action: 'assign_managers',
        entity: 'assignment',
        entityId: null,
        after: { pairs: created.map(({ evaluator_id, collaborator_id }) => [evaluator_id, collaborator_id]) },
        ip: actor.ip,
      });
    }
    return { created_count: created.length, not_evaluator_count: pairs.filter((p) => !p.manager_ok).length };
  });
}

/**
 * Assigns a collaborator to an evaluator: an active evaluador and an active non-admin other than
 * them. The pair is unique: a second one (even a race) answers 409 alreadyAssigned.
 */
export async function createAssignment(
  db: Kysely<Database>,
  input: { evaluator_id: number; collaborator_id: number },
  actor: Actor,
): Promise<Assignment> {
  const { evaluator_id, collaborator_id } = input;
  if (evaluator_id === collaborator_id) throw badRequest(ASSIGNMENT_MESSAGES.self, 'body.collaborator_id');
  try {
    return await db.transaction().execute(async (trx) => {
      await activeEvaluator(trx, evaluator_id, 'body.evaluator_id');
      const collaborator = await findUserById(trx, collaborator_id);
      if (!collaborator || collaborator.role === 'admin' || collaborator.active !== 1) {
        throw badRequest(ASSIGNMENT_MESSAGES.badCollaborator, 'body.collaborator_id');
      }
      const { id } = await insertAssignment(trx, evaluator_id, collaborator_id);
      await audit(trx, {
        userId: actor.userId,
        action: 'create',
        entity: 'assignment',
        entityId: id,
        after: input,
        ip: actor.ip,
      });
      const created = await findAssignmentView(trx, id);
      if (!created) throw notFound(ASSIGNMENT_MESSAGES.notFound);
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ASSIGNMENT_MESSAGES.duplicate, ERROR_CODES.alreadyAssigned);
    throw err;
  }
}

export async function removeAssignment(db: Kysely<Database>, id: number, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findAssignment(trx, id);
    if (!before) throw notFound(ASSIGNMENT_MESSAGES.notFound);
    await deleteAssignment(trx, before.id);
    await audit(trx, {
      userId: actor.userId,
      action: 'delete',
      entity: 'assignment',
      entityId: before.id,
      before,
      ip: actor.ip,
    });
  });
}

/** Whether a collaborator is assigned to an evaluator (other modules' access checks). */
export function isAssignedTo(
  db: Kysely<Database>,
  evaluatorId: number,
  collaboratorId: number,
): Promise<boolean> {
  return isAssignedToRow(db, evaluatorId, collaboratorId);
}
