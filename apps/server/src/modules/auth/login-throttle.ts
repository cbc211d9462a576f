import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { minutesAgoIso, nowIso } from '../../time';
import { lockedBy, purgeOldAttempts, refusedAfterReserving, type LockRule } from './attempt-throttle';

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
  const recent = await db
    .selectFrom('login_failures')
    .select('created_at')
    .where('email', '=', email)
    .where('created_at', '>=', minutesAgoIso(2 * limits.lockMinutes))
    .orderBy('created_at', 'desc')
    .limit(limits.maxAttempts)
    .execute();
  return lockedBy(
    recent.map((r) => Date.parse(r.created_at)),
    emailRule(limits),
  );
}

async function addressCount(db: Kysely<Database>, address: string, limits: ThrottleLimits): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', address)
    .where('created_at', '>=', minutesAgoIso(limits.lockMinutes))
    .executeTakeFirstOrThrow();
  return Number(row.n);
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
  return (await addressCount(db, address, limits)) >= limits.maxFailuresPerAddress;
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
  // Already over a limit: refused without writing anything (the cheap answer to a flood).
  if ((await isAddressLimited(db, address, limits)) || (await isEmailLocked(db, email, limits))) return null;
  const { id } = await db
    .insertInto('login_failures')
    .values({ email, ip: address, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    const [atAddress, rows] = await Promise.all([
      addressCount(db, address, limits),
      db
        .selectFrom('login_failures')
        .select(['id', 'created_at'])
        .where('email', '=', email)
        .where('created_at', '>=', minutesAgoIso(2 * limits.lockMinutes))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limits.maxAttempts + 1)
        .execute(),
    ]);
    if (atAddress > limits.maxFailuresPerAddress || refusedAfterReserving(rows, id, emailRule(limits))) {
      await releaseLoginAttempt(db, id);
      return null;
    }
    return id;
  } catch (err) {
    await releaseLoginAttempt(db, id).catch(() => undefined);
    throw err;
  }
}

/** Takes back a reservation that was no password check after all (refused, or an error before it). */
export async function releaseLoginAttempt(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', id).execute();
}

/**
 * A successful login clears the e-mail's failures up to its own reservation; attempts reserved
 * after it (still being checked) keep theirs.
 */
export async function clearFailures(db: Kysely<Database>, email: string, upToId: number): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).where('id', '<=', upToId).execute();
}

/** Old rows serve no check: keep the tables small (also the setup and password-change attempts). */
export async function purgeOldFailures(db: Kysely<Database>, limits: ThrottleLimits): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('created_at', '<', minutesAgoIso(4 * limits.lockMinutes))
    .execute();
  await purgeOldAttempts(db, 4 * limits.lockMinutes);
}
