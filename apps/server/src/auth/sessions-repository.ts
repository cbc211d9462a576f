import type { Kysely } from 'kysely';
import { preparedQuery } from '../db/prepared';
import type { Database } from '../db/schema';

/** The sessions' SQL (the rest of the session logic is in sessions.ts). */

export async function insertSession(
  db: Kysely<Database>,
  row: { id: string; userId: number; csrfToken: string; now: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: row.id,
      user_id: row.userId,
      csrf_token: row.csrfToken,
      created_at: row.now,
      last_seen_at: row.now,
    })
    .execute();
}

/** The session and its user, by the hash of the cookie token. */
function sessionQuery(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.csrf_token',
      'sessions.created_at',
      'sessions.last_seen_at',
      'users.id as user_id',
      'users.name',
      'users.email',
      'users.role',
      'users.active',
    ])
    .where('sessions.id', '=', id);
}

/** Run on every API request: prepared. */
export const lookUpSession = preparedQuery(sessionQuery);

/**
 * The same, with the rest of the user's profile and whether they rate anyone in a 360 evaluation
 * raters can see (open or closed; a draft is not shown to raters): all GET /api/users/me answers, in
 * the one statement the request runs anyway — one round trip on PostgreSQL instead of two.
 */
export const lookUpSessionWithProfile = preparedQuery((db: Kysely<Database>, id: string) =>
  sessionQuery(db, id)
    .select(['users.position', 'users.department', 'users.category_id', 'users.password_set_by_other'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('v2_assignments as a')
            .innerJoin('v2_evaluations as e', 'e.id', 'a.evaluation_id')
            .select('a.id')
            .whereRef('a.evaluator_id', '=', 'users.id')
            .where('e.status', '!=', 'draft'),
        )
        .as('has_v2_assignments'),
    ),
);

export async function touchSession(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Ends every session of a user except, optionally, one (the caller's own). */
export async function deleteUserSessions(
  db: Kysely<Database>,
  userId: number,
  exceptId?: string,
): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptId) q = q.where('id', '!=', exceptId);
  await q.execute();
}

/** Deletes the sessions idle since `idleBefore` or created before `createdBefore`. */
export async function deleteSessionsOlderThan(
  db: Kysely<Database>,
  idleBefore: string,
  createdBefore: string,
): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('last_seen_at', '<', idleBefore), eb('created_at', '<', createdBefore)]))
    .execute();
}
