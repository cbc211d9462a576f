import { MANAGER_ROLES, type Role, type UserDetail, USER_MESSAGES } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import { findUserById } from './repository';
import { userDetailOf } from './service';

/** Whether a collaborator is assigned to an evaluator: the assignments module answers it. */
export type IsAssignedTo = (
  db: Kysely<Database>,
  evaluatorId: number,
  collaboratorId: number,
) => Promise<boolean>;

/**
 * GET /api/users/{id}: oneself, admin and HR, or an evaluator for a collaborator assigned to them.
 * The assignments module reads users, so users does not import it: the app passes its
 * `isAssignedTo` in when it wires the routes (decision 049).
 */
export async function getUserFor(
  db: Kysely<Database>,
  viewer: { id: number; role: Role },
  id: number,
  isAssignedTo: IsAssignedTo,
): Promise<UserDetail> {
  const allowed =
    viewer.id === id ||
    (MANAGER_ROLES as readonly string[]).includes(viewer.role) ||
    (viewer.role === 'evaluador' && (await isAssignedTo(db, viewer.id, id)));
  if (!allowed) throw forbidden();
  const row = await findUserById(db, id);
  if (!row) throw notFound(USER_MESSAGES.notFound);
  return userDetailOf(db, row);
}
