import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The setup token's hash lives in app_meta under this key (only the hash: the link is printed once). */
const SETUP_KEY = 'setup_token_hash';

export async function readSetupTokenHash(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', SETUP_KEY).executeTakeFirst();
  return row?.value;
}

/** Stores a new token's hash in place of any earlier one. */
export async function replaceSetupTokenHash(db: Kysely<Database>, hash: string): Promise<void> {
  await db.deleteFrom('app_meta').where('key', '=', SETUP_KEY).execute();
  await db.insertInto('app_meta').values({ key: SETUP_KEY, value: hash }).execute();
}

/** Deletes the token's row if it still holds `hash`; answers whether this call deleted it. */
export async function claimSetupTokenHash(db: Kysely<Database>, hash: string): Promise<boolean> {
  const claimed = await db
    .deleteFrom('app_meta')
    .where('key', '=', SETUP_KEY)
    .where('value', '=', hash)
    .executeTakeFirst();
  return Number(claimed.numDeletedRows) === 1;
}

export async function insertSetupTokenHash(db: Kysely<Database>, hash: string): Promise<void> {
  await db.insertInto('app_meta').values({ key: SETUP_KEY, value: hash }).execute();
}
