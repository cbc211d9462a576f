import type { Kysely } from 'kysely';
import type { Engine } from '../../db/connection';
import type { Database, UserRow, UserTokensTable } from '../../db/schema';
import { nowIso } from '../../time';

/**
 * Access and reset links (decision 033): `user_tokens` holds SHA-256 of each token only. One live
 * token per person and purpose: issuing deletes the person's others of that purpose; using one
 * deletes it (DELETE … RETURNING: of two uses at once exactly one gets the row).
 */

export type TokenPurpose = UserTokensTable['purpose'];

export interface NewToken {
  user_id: number;
  token_hash: string;
  expires_at: string;
}

/** What issuing a link needs to know of its person. */
export type LinkUser = Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'active'>;

/**
 * The person a link is about to be issued to, by id or by (normalised) e-mail, read in the link's
 * transaction. On PostgreSQL the row is locked (FOR UPDATE): an address change (or a deactivation, a
 * role change) at the same moment either commits first — and this reads the row as it is now; by
 * e-mail, the old address finds nobody — or waits until the link is committed, and then voids it.
 * Without the lock a link could go to the old address after the change had voided the others.
 * SQLite has one writer at a time.
 */
export async function findLinkUser(
  db: Kysely<Database>,
  engine: Engine,
  by: { id: number } | { email: string },
): Promise<LinkUser | undefined> {
  let q = db.selectFrom('users').select(['id', 'name', 'email', 'role', 'active']);
  q = 'id' in by ? q.where('id', '=', by.id) : q.where('email', '=', by.email);
  if (engine === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Rows per multi-row statement: 5 columns, well under both engines' parameter limits. */
const CHUNK = 1000;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Voids the live links of `purpose` of these people (a new link replaces them). */
export async function deleteTokensOf(
  db: Kysely<Database>,
  userIds: readonly number[],
  purpose: TokenPurpose,
): Promise<void> {
  for (const part of chunks(userIds)) {
    await db.deleteFrom('user_tokens').where('purpose', '=', purpose).where('user_id', 'in', part).execute();
  }
}

export async function insertTokens(
  db: Kysely<Database>,
  purpose: TokenPurpose,
  tokens: readonly NewToken[],
): Promise<void> {
  const now = nowIso();
  for (const part of chunks(tokens)) {
    await db
      .insertInto('user_tokens')
      .values(part.map((t) => ({ ...t, purpose, created_at: now })))
      .execute();
  }
}

/** The live token with this hash and purpose, without using it (nothing is changed). */
export async function findLiveToken(
  db: Kysely<Database>,
  tokenHash: string,
  purpose: TokenPurpose,
  now: string,
): Promise<{ user_id: number } | undefined> {
  return db
    .selectFrom('user_tokens')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Uses a token: deletes it and answers its user, or undefined when it is unknown, of another
 * purpose, expired or already used. One statement, so two uses at once cannot both get it.
 */
export async function takeToken(
  db: Kysely<Database>,
  tokenHash: string,
  purpose: TokenPurpose,
  now: string,
): Promise<{ user_id: number } | undefined> {
  return db
    .deleteFrom('user_tokens')
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
}

/** After a password is set through a link: the person's other links (of both kinds) stop working. */
export async function deleteAllTokensOf(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('user_tokens').where('user_id', '=', userId).execute();
}

/** Expired links (run now and then; an expired link is refused anyway). */
export async function deleteExpiredTokens(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('user_tokens').where('expires_at', '<=', now).execute();
}

/**
 * A password the person chose through a link: no longer somebody else's choice, and no longer one HR
 * typed — but one chosen through a link to the current address, which counts toward 360 anonymity
 * only once an administrator confirms that address (decision 040; until then HR, who may have typed
 * an address it reads, may know it).
 */
export async function setOwnPassword(db: Kysely<Database>, userId: number, hash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      password_hash: hash,
      password_set_by_other: 0,
      password_known_to_hr: 0,
      password_via_link: 1,
      updated_at: nowIso(),
    })
    .where('id', '=', userId)
    .execute();
}
