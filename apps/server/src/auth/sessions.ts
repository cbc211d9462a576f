import type { Kysely } from 'kysely';
import type { Role } from '@evalua/contracts';
import { preparedQuery } from '../db/prepared';
import type { Database } from '../db/schema';
import { minutesAgoIso, nowIso } from '../time';
import { randomToken, sha256 } from './tokens';

export interface SessionUser {
  id: number;
  name: string;
  email: string | null;
  role: Role;
}

export interface ActiveSession {
  /** Hash of the cookie token (the primary key). */
  id: string;
  csrfToken: string;
  user: SessionUser;
}

export interface SessionLimits {
  idleMinutes: number;
  absoluteHours: number;
}

/** Only refresh last_seen_at when it is older than this: one write a minute per session, not one a request. */
const TOUCH_AFTER_MS = 60_000;

export async function createSession(
  db: Kysely<Database>,
  userId: number,
): Promise<{ token: string; csrfToken: string }> {
  const token = randomToken(32);
  const csrfToken = randomToken(24);
  const now = nowIso();
  await db
    .insertInto('sessions')
    .values({ id: sha256(token), user_id: userId, csrf_token: csrfToken, created_at: now, last_seen_at: now })
    .execute();
  return { token, csrfToken };
}

/** The session and its user, by the hash of the cookie token (run on every API request: prepared). */
const lookUpSession = preparedQuery((db: Kysely<Database>, id: string) =>
  db
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
    .where('sessions.id', '=', id),
);

/** The live session for a cookie token, or undefined (expired sessions are deleted on sight). */
export async function findSession(
  db: Kysely<Database>,
  token: string,
  limits: SessionLimits,
): Promise<ActiveSession | undefined> {
  const id = sha256(token);
  const [row] = await lookUpSession(db, id);
  if (!row) return undefined;
  const now = Date.now();
  const expired =
    row.active !== 1 ||
    row.last_seen_at < minutesAgoIso(limits.idleMinutes, now) ||
    row.created_at < minutesAgoIso(limits.absoluteHours * 60, now);
  if (expired) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return undefined;
  }
  if (now - Date.parse(row.last_seen_at) > TOUCH_AFTER_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: nowIso(now) })
      .where('id', '=', id)
      .execute();
  }
  return {
    id,
    csrfToken: row.csrf_token,
    user: { id: row.user_id, name: row.name, email: row.email, role: row.role as Role },
  };
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

export async function purgeExpiredSessions(db: Kysely<Database>, limits: SessionLimits): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('last_seen_at', '<', minutesAgoIso(limits.idleMinutes)),
        eb('created_at', '<', minutesAgoIso(limits.absoluteHours * 60)),
      ]),
    )
    .execute();
}
