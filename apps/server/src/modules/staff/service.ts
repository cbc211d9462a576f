import type { Role } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import { findUserById } from '../users/repository';
import { USER_MESSAGES, type UserFields } from '../users/service';

/** The full field set of a user of `role`, with some fields replaced (PUT on a role view). */
export async function mergedFields(
  db: Kysely<Database>,
  id: number,
  role: Role,
  changes: Partial<UserFields>,
): Promise<UserFields> {
  const row = await findUserById(db, id);
  if (!row || row.role !== role) throw notFound(USER_MESSAGES.notFound);
  return {
    name: row.name,
    email: row.email,
    role,
    position: row.position,
    department: row.department,
    category_id: row.category_id,
    ...changes,
  };
}
