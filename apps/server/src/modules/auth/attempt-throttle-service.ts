import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  deleteAttempt,
  deleteAttemptsOlderThan,
  deleteAttemptsUpTo,
  insertAttempt,
  recentAttempts,
  type AttemptRow,
  type AttemptScope,
} from './repository';
import { strandedReleases } from './stranded-releases';

export type { AttemptRow, AttemptScope };

/** The lock rule of one subject (an e-mail, a user, an address), as in decision 009. */
export interface LockRule {
  maxAttempts: number;
  lockMinutes: number;
}

/**
 * Decision 009's lock: the subject is locked when its last `maxAttempts` failures (times in ms,
 * newest first) fall within `lockMinutes` and the newest is less than `lockMinutes` old, so the lock
 * lasts `lockMinutes` from the failure that completed the count.
 */
export function lockedBy(newestFirst: readonly number[], rule: LockRule, now: number = Date.now()): boolean {
  if (newestFirst.length < rule.maxAttempts) return false;
  const newest = newestFirst[0]!;
  const oldest = newestFirst[rule.maxAttempts - 1]!;
  const windowMs = rule.lockMinutes * 60_000;
  return newest - oldest <= windowMs && now - newest < windowMs;
}

/**
 * Whether an attempt that reserved row `mine` must be refused, from the subject's rows read after the
 * reservation was committed (newest first, at most `maxAttempts + 1` of the last 2 × lockMinutes):
 * refused when the other rows lock the subject (009), or when more than `maxAttempts` rows — its own
 * included — fall within the last `lockMinutes` (decision 021: the rows of attempts still being
 * checked count, so at most `maxAttempts` can be checked at once, whatever the interleaving).
 * Alone (nothing else under way) this refuses exactly what 009 refused.
 */
export function refusedAfterReserving(
  newestFirst: readonly AttemptRow[],
  mine: number,
  rule: LockRule,
  now: number = Date.now(),
): boolean {
  const windowStart = now - rule.lockMinutes * 60_000;
  const inWindow = newestFirst.filter((r) => Date.parse(r.created_at) >= windowStart).length;
  if (inWindow > rule.maxAttempts) return true;
  const others = newestFirst.filter((r) => r.id !== mine).map((r) => Date.parse(r.created_at));
  return lockedBy(others, rule, now);
}

/**
 * The attempts limited outside the login, in `attempt_throttles` (decision 021): 'setup' counts wrong
 * setup calls per address (the subject is the address key, `request.throttleAddress`: an IPv6
 * address's /64, an IPv4-mapped address as its IPv4), 'password' wrong current passwords per user at
 * the password change. The `ip` column only records where an attempt came from.
 */
function recentRows(
  db: Kysely<Database>,
  scope: AttemptScope,
  subject: string,
  rule: LockRule,
  limit: number,
) {
  return recentAttempts(db, scope, subject, 2 * rule.lockMinutes, limit);
}

/** Whether the subject is locked now by its recorded failures. */
export async function isAttemptLocked(
  db: Kysely<Database>,
  scope: AttemptScope,
  subject: string,
  rule: LockRule,
): Promise<boolean> {
  const rows = await recentRows(db, scope, subject, rule, rule.maxAttempts);
  return lockedBy(
    rows.map((r) => Date.parse(r.created_at)),
    rule,
  );
}

/**
 * Reserves an attempt before any password work, as the login does (reserveLoginAttempt in
 * login-throttle-service.ts explains why at most `maxAttempts` get through at once): the row is
 * committed first, then counted with the others. Returns its id, or null when the attempt must be
 * refused (the row is deleted again: refused attempts are not counted).
 */
export async function reserveAttempt(
  db: Kysely<Database>,
  scope: AttemptScope,
  subject: string,
  ip: string,
  rule: LockRule,
): Promise<number | null> {
  await releases.retry(db);
  if (await isAttemptLocked(db, scope, subject, rule)) return null;
  const id = await insertAttempt(db, scope, subject, ip);
  try {
    const rows = await recentRows(db, scope, subject, rule, rule.maxAttempts + 1);
    if (refusedAfterReserving(rows, id, rule)) {
      await deleteAttempt(db, id);
      return null;
    }
    return id;
  } catch (err) {
    await releaseAttempt(db, id);
    throw err;
  }
}

const releases = strandedReleases(deleteAttempt);

/**
 * Takes back a reservation that turned out not to be a failure (refused, or an error before the
 * check). Never throws: when the database cannot take it, the next attempt retries.
 */
export function releaseAttempt(db: Kysely<Database>, id: number): Promise<void> {
  return releases.release(db, id);
}

/** A success clears the subject's failures up to its own reservation. */
export async function clearAttempts(
  db: Kysely<Database>,
  scope: AttemptScope,
  subject: string,
  upToId: number,
): Promise<void> {
  await deleteAttemptsUpTo(db, scope, subject, upToId);
}

export async function purgeOldAttempts(db: Kysely<Database>, olderThanMinutes: number): Promise<void> {
  await deleteAttemptsOlderThan(db, olderThanMinutes);
}
