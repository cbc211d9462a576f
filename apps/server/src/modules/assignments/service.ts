import {
  ASSIGNMENT_MESSAGES,
  AVAILABLE_PAGE_SIZE,
  ERROR_CODES,
  MANAGER_ROLES,
  type Assignment,
  type AvailableCollaborator,
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
  query: PageQuery,
): Promise<Paged<AvailableCollaborator>> {
  const { page, pageSize, offset } = pageBounds(query, AVAILABLE_PAGE_SIZE);
  const { rows, total } = await listAvailable(db, evaluatorId, query.q, { limit: pageSize, offset });
  return paged(rows, total, page, pageSize);
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
      const evaluator = await findUserById(trx, evaluator_id);
      if (!evaluator || evaluator.role !== 'evaluador' || evaluator.active !== 1) {
        throw badRequest(ASSIGNMENT_MESSAGES.badEvaluator, 'body.evaluator_id');
      }
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
