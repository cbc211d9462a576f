import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { lockedBy, purgeOldAttempts, refusedAfterReserving, type LockRule } from './attempt-throttle-service';
import {
  countLoginFailuresAt,
  deleteLoginFailure,
  deleteLoginFailuresOlderThan,
  deleteLoginFailuresUpTo,
  insertLoginFailure,
  recentLoginFailures,
} from './repository';
import { strandedReleases } from './stranded-releases';

export interface ThrottleLimits {
  maxAttempts: number;
  lockMinutes: number;
  maxFailuresPerAddress: number;
}

const emailRule = (limits: ThrottleLimits): LockRule => ({
  maxAttempts: limits.maxAttempts,
  lockMinutes: limits.lockMinutes,
});

/**
 * Lockout per e-mail: after `maxAttempts` failures within `lockMinutes`, that e-mail is refused for
 * `lockMinutes` after the last of them, even with the right password. Counts live in the database,
 * so every app instance sees the same ones.
 */
export async function isEmailLocked(
  db: Kysely<Database>,
  email: string,
  limits: ThrottleLimits,
): Promise<boolean> {
  const recent = await recentLoginFailures(db, email, 2 * limits.lockMinutes, limits.maxAttempts);
  return lockedBy(
    recent.map((r) => Date.parse(r.created_at)),
    emailRule(limits),
  );
}

/**
 * Per-address limit: guards against trying many e-mails from one place. Failures only. `address` is
 * the client's address key (`request.throttleAddress`: an IPv6 address's /64, an IPv4-mapped
 * address as its IPv4 — http/client-address.ts), stored in `login_failures.ip`.
 */
export async function isAddressLimited(
  db: Kysely<Database>,
  address: string,
  limits: ThrottleLimits,
): Promise<boolean> {
  return (await countLoginFailuresAt(db, address, limits.lockMinutes)) >= limits.maxFailuresPerAddress;
}

/**
 * Reserves a login attempt before its password check (decision 021): the attempt's row is inserted —
 * and committed — first, as a failure, then the rows are counted with it. Returns the row's id, or
 * null when the attempt must be refused (its row is deleted again: a refused attempt is not counted).
 *
 * Why at most `maxAttempts` of one e-mail (and `maxFailuresPerAddress` of one address) get through,
 * however many arrive at once, on any number of instances: an attempt goes on only if its count,
 * started after its own insert committed, saw at most the limit. Take the admitted attempt whose
 * insert committed last: every other admitted attempt's insert committed before its own, so before
 * its count began, and READ COMMITTED (a fresh snapshot per statement) shows it all of them. Its count
 * is at least the number admitted, and it was at most the limit. Seeing more rows (another attempt's
 * reservation, committed or not yet deleted) can only refuse more. On SQLite the statements run one
 * after another on one connection, which gives the same order.
 */
export async function reserveLoginAttempt(
  db: Kysely<Database>,
  email: string,
  address: string,
  limits: ThrottleLimits,
): Promise<number | null> {
  await releases.retry(db);
  // Already over a limit: refused without writing anything (the cheap answer to a flood).
  if ((await isAddressLimited(db, address, limits)) || (await isEmailLocked(db, email, limits))) return null;
  const id = await insertLoginFailure(db, email, address);
  try {
    const [atAddress, rows] = await Promise.all([
      countLoginFailuresAt(db, address, limits.lockMinutes),
      recentLoginFailures(db, email, 2 * limits.lockMinutes, limits.maxAttempts + 1),
    ]);
    if (atAddress > limits.maxFailuresPerAddress || refusedAfterReserving(rows, id, emailRule(limits))) {
      await deleteLoginFailure(db, id);
      return null;
    }
    return id;
  } catch (err) {
    await releaseLoginAttempt(db, id);
    throw err;
  }
}

const releases = strandedReleases(deleteLoginFailure);

/**
 * Takes back a reservation that was no password check after all (refused, or an error before it).
 * Never throws: when the database cannot take it, the next attempt retries (stranded-releases.ts).
 */
export function releaseLoginAttempt(db: Kysely<Database>, id: number): Promise<void> {
  return releases.release(db, id);
}

/**
 * A successful login clears the e-mail's failures up to its own reservation; attempts reserved
 * after it (still being checked) keep theirs.
 */
export async function clearFailures(db: Kysely<Database>, email: string, upToId: number): Promise<void> {
  await deleteLoginFailuresUpTo(db, email, upToId);
}

/** Old rows serve no check: keep the tables small (also the setup and password-change attempts). */
export async function purgeOldFailures(db: Kysely<Database>, limits: ThrottleLimits): Promise<void> {
  await deleteLoginFailuresOlderThan(db, 4 * limits.lockMinutes);
  await purgeOldAttempts(db, 4 * limits.lockMinutes);
}
