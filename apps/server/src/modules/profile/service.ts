import {
  ERROR_CODES,
  type ChangePasswordRequest,
  type Profile,
  PASSWORD_CHANGE_MESSAGES,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { deleteSession, deleteUserSessions } from '../../auth/sessions';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { audit } from '../audit';
import { clearAttempts, isAttemptLocked, releaseAttempt, reserveAttempt, type LockRule } from '../auth';
import { findUserById, updatePasswordHash } from '../users';

export const WRONG_CURRENT_PASSWORD = 'La contraseña actual no es correcta.';

export async function getProfile(db: Kysely<Database>, userId: number): Promise<Profile> {
  const row = await findUserById(db, userId);
  if (!row) throw notFound();
  return { name: row.name, email: row.email, department: row.department, position: row.position };
}

/** Who changes their password: the user, the session that asks (it stays), where from. */
export interface PasswordChanger {
  userId: number;
  sessionId: string | undefined;
  ip: string;
}

/**
 * One's own password, with the current one. Wrong current passwords are limited per user as the
 * login's e-mail (decision 021, `rule`). Answers 'changed', or 'session-ended' when the failure that
 * completed the lock ended the asking session (the route then clears its cookies and answers 429).
 */
export async function changeOwnPassword(
  db: Kysely<Database>,
  who: PasswordChanger,
  body: ChangePasswordRequest,
  rule: LockRule,
): Promise<'changed' | 'session-ended'> {
  const subject = String(who.userId);
  // Reserved (counted as a failure) before the check: a stolen session cannot get more than the
  // limit checked, one after another or all at once.
  const reservation = await reserveAttempt(db, 'password', subject, who.ip, rule);
  if (reservation === null) {
    throw new AppError(429, ERROR_CODES.tooManyAttempts, PASSWORD_CHANGE_MESSAGES.locked(rule.lockMinutes));
  }
  // The new hash, or null when the current password is wrong.
  let hash: string | null;
  try {
    const row = await findUserById(db, who.userId);
    if (!row) throw notFound();
    hash = (await verifyPassword(row.password_hash, body.currentPassword))
      ? await hashPassword(body.newPassword)
      : null;
  } catch (err) {
    // No answer about the password (gone, database down, argon2 busy): not a failure.
    await releaseAttempt(db, reservation);
    throw err;
  }
  if (hash === null) {
    // The reservation stays: it is the failure's row. The failure that completes the lock also ends
    // the session that sent it: a stolen session gets LOGIN_MAX_ATTEMPTS guesses in all, not as many
    // every LOGIN_LOCK_MINUTES until it expires (decision 021).
    if (await isAttemptLocked(db, 'password', subject, rule)) {
      const sessionId = who.sessionId;
      if (sessionId) {
        await db.transaction().execute(async (trx) => {
          await deleteSession(trx, sessionId);
          await audit(trx, {
            userId: who.userId,
            action: 'logout',
            entity: 'user',
            entityId: who.userId,
            after: { motivo: 'intentos de contraseña actual' },
            ip: who.ip,
          });
        });
      }
      return 'session-ended';
    }
    // 400, not 401: a 401 means "your session is gone" to the client.
    throw new AppError(400, ERROR_CODES.wrongPassword, WRONG_CURRENT_PASSWORD, [
      { field: 'body.currentPassword', message: WRONG_CURRENT_PASSWORD },
    ]);
  }
  const newHash = hash;
  await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, who.userId, newHash);
    // Whoever else holds a session of this account loses it; this one stays.
    await deleteUserSessions(trx, who.userId, who.sessionId);
    await clearAttempts(trx, 'password', subject, reservation);
    await audit(trx, {
      userId: who.userId,
      action: 'password_change',
      entity: 'user',
      entityId: who.userId,
      ip: who.ip,
    });
  });
  return 'changed';
}
