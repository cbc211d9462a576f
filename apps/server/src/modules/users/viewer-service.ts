import { MANAGER_ROLES, type Role, type UserDetail } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import { isAssignedTo } from '../assignments/service';
import { findUserById } from './repository';
import { USER_MESSAGES, userDetailOf } from './service';

/**
 * GET /api/users/{id}: oneself, admin and HR, or an evaluator for a collaborator assigned to them.
 * Apart from service.ts because it asks the assignments' service, which reads users through
 * service.ts (one file each way: no cycle).
 */
export async function getUserFor(
  db: Kysely<Database>,
  viewer: { id: number; role: Role },
  id: number,
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
