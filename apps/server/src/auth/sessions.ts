import type { Kysely } from 'kysely';
import type { Role } from '@evalua/contracts';
import type { Database } from '../db/schema';
import { minutesAgoIso, nowIso } from '../time';
import {
  deleteSession,
  deleteSessionsOlderThan,
  deleteUserSessions,
  insertSession,
  lookUpSession,
  lookUpSessionWithProfile,
  touchSession,
} from './sessions-repository';
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
  await insertSession(db, { id: sha256(token), userId, csrfToken, now: nowIso() });
  return { token, csrfToken };
}

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
    await deleteSession(db, id);
    return undefined;
  }
  if (now - Date.parse(row.last_seen_at) > TOUCH_AFTER_MS) {
    await touchSession(db, id, nowIso(now));
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

export { deleteSession, deleteUserSessions };

export async function purgeExpiredSessions(db: Kysely<Database>, limits: SessionLimits): Promise<void> {
  await deleteSessionsOlderThan(
    db,
    minutesAgoIso(limits.idleMinutes),
    minutesAgoIso(limits.absoluteHours * 60),
  );
}
