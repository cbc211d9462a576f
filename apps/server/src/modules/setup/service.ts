import type { PublicUser } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { hashPassword } from '../../auth/passwords';
import { randomToken, safeEqual, sha256 } from '../../auth/tokens';
import { audit } from '../audit/audit';
import { countUsers, findUserByEmail, insertUser, toPublicUser } from '../users/repository';

const SETUP_KEY = 'setup_token_hash';

export type Bootstrap =
  { kind: 'ready' } | { kind: 'admin-created'; email: string } | { kind: 'setup-link'; token: string };

/**
 * On an empty database: the first admin from ADMIN_EMAIL/ADMIN_PASSWORD, or else a one-time setup
 * token (only its hash is stored; the link is printed once).
 */
export async function bootstrap(
  db: Kysely<Database>,
  admin: { email: string; password: string } | undefined,
): Promise<Bootstrap> {
  if ((await countUsers(db)) > 0) return { kind: 'ready' };
  if (admin) {
    const hash = await hashPassword(admin.password);
    await db.transaction().execute(async (trx) => {
      if ((await countUsers(trx)) > 0 || (await findUserByEmail(trx, admin.email))) return;
      const user = await insertUser(trx, {
        name: 'Administrador',
        email: admin.email,
        password_hash: hash,
        role: 'admin',
      });
      await audit(trx, {
        userId: null,
        action: 'setup',
        entity: 'user',
        entityId: user.id,
        after: { email: user.email },
      });
    });
    return { kind: 'admin-created', email: admin.email };
  }
  const token = randomToken(24);
  const hash = sha256(token);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('app_meta').where('key', '=', SETUP_KEY).execute();
    await trx.insertInto('app_meta').values({ key: SETUP_KEY, value: hash }).execute();
  });
  return { kind: 'setup-link', token };
}

export async function needsSetup(db: Kysely<Database>): Promise<boolean> {
  return (await countUsers(db)) === 0;
}

export type SetupOutcome = { ok: true; user: PublicUser } | { ok: false; reason: 'done' | 'bad-token' };

/**
 * Creates the first admin once. Nothing is hashed before the state and the token are checked, and
 * the token row is claimed (deleted) before the hash: of calls at once with the right token, one
 * hashes and the others answer 'done' without hashing (decision 021). Should the hash or the
 * transaction fail, the token is put back so that the link still works.
 */
export async function completeSetup(
  db: Kysely<Database>,
  input: { token: string; name: string; email: string; password: string },
  ip: string,
): Promise<SetupOutcome> {
  if ((await countUsers(db)) > 0) return { ok: false, reason: 'done' };
  const stored = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', SETUP_KEY)
    .executeTakeFirst();
  if (!stored || !safeEqual(stored.value, sha256(input.token))) return { ok: false, reason: 'bad-token' };
  const claimed = await db
    .deleteFrom('app_meta')
    .where('key', '=', SETUP_KEY)
    .where('value', '=', stored.value)
    .executeTakeFirst();
  // Another call claimed it a moment ago.
  if (Number(claimed.numDeletedRows) !== 1) return { ok: false, reason: 'done' };
  try {
    const hash = await hashPassword(input.password);
    return await db.transaction().execute(async (trx): Promise<SetupOutcome> => {
      if ((await countUsers(trx)) > 0) return { ok: false, reason: 'done' };
      const user = await insertUser(trx, {
        name: input.name,
        email: input.email,
        password_hash: hash,
        role: 'admin',
      });
      await audit(trx, {
        userId: user.id,
        action: 'setup',
        entity: 'user',
        entityId: user.id,
        after: { email: user.email },
        ip,
      });
      return { ok: true, user: toPublicUser(user) };
    });
  } catch (err) {
    await restoreToken(db, stored.value).catch(() => undefined);
    throw err;
  }
}

/** Puts a claimed token back, unless setup got done or a newer token replaced it meanwhile. */
async function restoreToken(db: Kysely<Database>, value: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if ((await countUsers(trx)) > 0) return;
    const current = await trx
      .selectFrom('app_meta')
      .select('key')
      .where('key', '=', SETUP_KEY)
      .executeTakeFirst();
    if (!current) await trx.insertInto('app_meta').values({ key: SETUP_KEY, value }).execute();
  });
}
