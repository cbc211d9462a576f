import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { minutesAgoIso, nowIso } from '../../time';

/** The SQL of the attempt limits (login_failures, attempt_throttles) and of GET /api/users/me. */

export interface AttemptRow {
  id: number;
  created_at: string;
}

/**
 * Where an attempt outside the login is counted (attempt-throttle-service.ts); 'forgot-email' and
 * 'forgot-address' count password-reset requests per e-mail and per address (decision 033).
 */
export type AttemptScope = 'setup' | 'password' | 'forgot-email' | 'forgot-address';

/** A subject's attempts of the last `windowMinutes`, newest first, at most `limit`. */
export function recentAttempts(
  db: Kysely<Database>,
  scope: AttemptScope,
  subject: string,
  windowMinutes: number,
  limit: number,
): Promise<AttemptRow[]> {
  return db
    .selectFrom('attempt_throttles')
    .select(['id', 'created_at'])
    .where('scope', '=', scope)
    .where('subject', '=', subject)
    .where('created_at', '>=', minutesAgoIso(windowMinutes))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertAttempt(
  db: Kysely<Database>,
  scope: AttemptScope,
  subject: string,
  ip: string,
): Promise<number> {
  const { id } = await db
    .insertInto('attempt_throttles')
    .values({ scope, subject, ip, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function deleteAttempt(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('attempt_throttles').where('id', '=', id).execute();
}

/** Deletes the subject's attempts up to `upToId`. */
export async function deleteAttemptsUpTo(
  db: Kysely<Database>,
  scope: AttemptScope,
  subject: string,
  upToId: number,
): Promise<void> {
  await db
    .deleteFrom('attempt_throttles')
    .where('scope', '=', scope)
    .where('subject', '=', subject)
    .where('id', '<=', upToId)
    .execute();
}

export async function deleteAttemptsOlderThan(db: Kysely<Database>, minutes: number): Promise<void> {
  await db.deleteFrom('attempt_throttles').where('created_at', '<', minutesAgoIso(minutes)).execute();
}

/** An e-mail's login failures of the last `windowMinutes`, newest first, at most `limit`. */
export function recentLoginFailures(
  db: Kysely<Database>,
  email: string,
  windowMinutes: number,
  limit: number,
): Promise<AttemptRow[]> {
  return db
    .selectFrom('login_failures')
    .select(['id', 'created_at'])
    .where('email', '=', email)
    .where('created_at', '>=', minutesAgoIso(windowMinutes))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** How many login failures came from `address` in the last `windowMinutes`. */
export async function countLoginFailuresAt(
  db: Kysely<Database>,
  address: string,
  windowMinutes: number,
): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', address)
    .where('created_at', '>=', minutesAgoIso(windowMinutes))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertLoginFailure(
  db: Kysely<Database>,
  email: string,
  address: string,
): Promise<number> {
  const { id } = await db
    .insertInto('login_failures')
    .values({ email, ip: address, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function deleteLoginFailure(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', id).execute();
}

export async function deleteLoginFailuresUpTo(
  db: Kysely<Database>,
  email: string,
  upToId: number,
): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).where('id', '<=', upToId).execute();
}

export async function deleteLoginFailuresOlderThan(db: Kysely<Database>, minutes: number): Promise<void> {
  await db.deleteFrom('login_failures').where('created_at', '<', minutesAgoIso(minutes)).execute();
}
