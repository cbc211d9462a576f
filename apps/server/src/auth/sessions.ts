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

/** What GET /api/users/me answers besides the session's user, read with the session (decision 031). */
export interface SessionProfile {
  position: string | null;
  department: string | null;
  category_id: number | null;
  active: number;
  password_set_by_other: number;
  /** Rates someone in a 360 evaluation raters can see (open or closed). */
  has_v2_assignments: boolean;
}

export interface ActiveSession {
  /** Hash of the cookie token (the primary key). */
  id: string;
  csrfToken: string;
  user: SessionUser;
  /** Only when the route asked for it (config.sessionProfile). */
  profile?: SessionProfile;
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
const lookUpSession = preparedQuery(sessionQuery);

/**
 * The same, with the rest of the user's profile and whether they rate anyone in a 360 evaluation
 * raters can see (open or closed; a draft is not shown to raters): all GET /api/users/me answers, in
 * the one statement the request runs anyway — one round trip on PostgreSQL instead of two.
 */
const lookUpSessionWithProfile = preparedQuery((db: Kysely<Database>, id: string) =>
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

/** The live session for a cookie token, or undefined (expired sessions are deleted on sight). */
export async function findSession(
  db: Kysely<Database>,
  token: string,
  limits: SessionLimits,
  withProfile = false,
): Promise<ActiveSession | undefined> {
  const id = sha256(token);
  const [full] = withProfile ? await lookUpSessionWithProfile(db, id) : [];
  const [row] = withProfile ? [full] : await lookUpSession(db, id);
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
  const session: ActiveSession = {
    id,
    csrfToken: row.csrf_token,
    user: { id: row.user_id, name: row.name, email: row.email, role: row.role as Role },
  };
  if (full) {
    session.profile = {
      position: full.position,
      department: full.department,
      category_id: full.category_id,
      active: full.active,
      password_set_by_other: full.password_set_by_other,
      // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
      has_v2_assignments: Number(full.has_v2_assignments) === 1,
    };
  }
  return session;
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
