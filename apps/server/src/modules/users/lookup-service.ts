import type { UserLookupRow } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { usersByIds } from './repository';

/**
 * POST /api/users/lookup (decision 035): who each of these ids is, and whether they are active, so
 * a 360 batch can flag an unknown or inactive id before it is saved. An id that names nobody is not
 * in the answer. One query per 5000 ids, whatever the batch's size.
 */
export async function lookupUsers(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<{ rows: UserLookupRow[] }> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return { rows: [] };
  const rows = await usersByIds(db, unique);
  return {
    rows: rows.map((u) => ({
      id: u.id,
      name: u.name,
      department: u.department,
      position: u.position,
      status: u.active === 1,
    })),
  };
}
