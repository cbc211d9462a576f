import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { minutesAgoIso, nowIso } from '../../time';

export interface ThrottleLimits {
  maxAttempts: number;
  lockMinutes: number;
  maxFailuresPerAddress: number;
}

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
  if (recent.length < limits.maxAttempts) return false;
  const newest = Date.parse(recent[0]!.created_at);
  const oldest = Date.parse(recent[recent.length - 1]!.created_at);
  const windowMs = limits.lockMinutes * 60_000;
  return newest - oldest <= windowMs && Date.now() - newest < windowMs;
}

/** Per-address limit: guards against trying many e-mails from one place. Failures only. */
export async function isAddressLimited(
  db: Kysely<Database>,
  ip: string,
  limits: ThrottleLimits,
): Promise<boolean> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('created_at', '>=', minutesAgoIso(limits.lockMinutes))
    .executeTakeFirstOrThrow();
  return Number(row.n) >= limits.maxFailuresPerAddress;
}

export async function recordFailure(db: Kysely<Database>, email: string, ip: string): Promise<void> {
  await db.insertInto('login_failures').values({ email, ip, created_at: nowIso() }).execute();
}

export async function clearFailures(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}

/** Old rows serve no check: keep the table small. */
export async function purgeOldFailures(db: Kysely<Database>, limits: ThrottleLimits): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('created_at', '<', minutesAgoIso(4 * limits.lockMinutes))
    .execute();
}
