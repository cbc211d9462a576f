import { ERROR_CODES, type LoginRequest, type Me, type PublicUser, LOGIN_MESSAGES } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import { verifyPassword } from '../../auth/passwords';
import { createSession, deleteSession, type ActiveSession } from '../../auth/sessions';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import { audit } from '../audit';
import { findUserByEmail, normalizeEmail, toPublicUser } from '../users';
import {
  clearFailures,
  releaseLoginAttempt,
  reserveLoginAttempt,
  type ThrottleLimits,
} from './login-throttle-service';

/** Where a login comes from: the exact address (audit), its throttle key, the session it replaces. */
export interface LoginOrigin {
  ip: string;
  throttleAddress: string;
  sessionId: string | undefined;
}

/** A successful login: the user and the new session's cookies. */
export interface LoggedIn {
  user: PublicUser;
  token: string;
  csrfToken: string;
}

export async function login(
  db: Kysely<Database>,
  input: LoginRequest,
  origin: LoginOrigin,
  limits: ThrottleLimits,
): Promise<LoggedIn> {
  const email = normalizeEmail(input.email);
  // The attempt is reserved (counted as a failure) before the password check, so that no number of
  // attempts at once gets more than the limit checked (decision 021). The address limit counts the
  // client's address key (an IPv6 /64, a mapped IPv4 as IPv4); the audit keeps the exact address.
  const reservation = await reserveLoginAttempt(db, email, origin.throttleAddress, limits);
  if (reservation === null) {
    throw new AppError(429, ERROR_CODES.tooManyAttempts, LOGIN_MESSAGES.locked(limits.lockMinutes));
  }
  const checkCredentials = async () => {
    const user = await findUserByEmail(db, email);
    return { user, passwordOk: await verifyPassword(user?.password_hash ?? null, input.password) };
  };
  const { user, passwordOk } = await checkCredentials().catch(async (err: unknown) => {
    // No answer about the password was given (database down, argon2 busy): not a failure.
    await releaseLoginAttempt(db, reservation);
    throw err;
  });
  // A failure keeps its reservation: it is the failure's row.
  if (!user || !passwordOk || user.active !== 1) {
    throw new AppError(401, ERROR_CODES.invalidCredentials, LOGIN_MESSAGES.invalid);
  }
  // One transaction: the session exists only with its audit entry.
  const { token, csrfToken } = await db.transaction().execute(async (trx) => {
    await clearFailures(trx, email, reservation);
    // A new session id at every login: an id planted before login is worthless.
    if (origin.sessionId) await deleteSession(trx, origin.sessionId);
    const created = await createSession(trx, user.id);
    await audit(trx, { userId: user.id, action: 'login', entity: 'user', entityId: user.id, ip: origin.ip });
    return created;
  });
  return { user: toPublicUser(user), token, csrfToken };
}

/** Ends a session, with its audit entry. */
export async function logout(
  db: Kysely<Database>,
  session: { id: string; userId: number },
  ip: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteSession(trx, session.id);
    await audit(trx, {
      userId: session.userId,
      action: 'logout',
      entity: 'user',
      entityId: session.userId,
      ip,
    });
  });
}

/**
 * GET /api/users/me: the user and what the navigation needs to know, read with the session (the
 * route asks for the profile: config.sessionProfile, decision 031).
 */
export function me(session: ActiveSession, supportEmail: string | null): Me {
  if (!session.profile) throw new Error('GET /api/users/me needs config.sessionProfile');
  const row = { ...session.user, ...session.profile };
  return {
    ...toPublicUser(row),
    has_v2_assignments: row.has_v2_assignments,
    password_set_by_other: row.password_set_by_other === 1,
    support_email: supportEmail,
  };
}
