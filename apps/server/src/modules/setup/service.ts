import { ERROR_CODES, type PublicUser, type SetupRequest, SETUP_MESSAGES } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { hashPassword } from '../../auth/passwords';
import { randomToken, safeEqual, sha256 } from '../../auth/tokens';
import { AppError } from '../../http/errors';
import { audit } from '../audit';
import { clearAttempts, releaseAttempt, reserveAttempt, type LockRule } from '../auth';
import { countUsers, findUserByEmail, insertUser, toPublicUser } from '../users';
import {
  claimSetupTokenHash,
  insertSetupTokenHash,
  readSetupTokenHash,
  replaceSetupTokenHash,
} from './repository';

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
  await db.transaction().execute((trx) => replaceSetupTokenHash(trx, hash));
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
  const stored = await readSetupTokenHash(db);
  if (stored === undefined || !safeEqual(stored, sha256(input.token)))
    return { ok: false, reason: 'bad-token' };
  // Another call claimed it a moment ago.
  if (!(await claimSetupTokenHash(db, stored))) return { ok: false, reason: 'done' };
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
    await restoreToken(db, stored).catch(() => undefined);
    throw err;
  }
}

/** Puts a claimed token back, unless setup got done or a newer token replaced it meanwhile. */
async function restoreToken(db: Kysely<Database>, value: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if ((await countUsers(trx)) > 0) return;
    if ((await readSetupTokenHash(trx)) === undefined) await insertSetupTokenHash(trx, value);
  });
}

const done = () => new AppError(409, ERROR_CODES.setupDone, SETUP_MESSAGES.done);

/** Where a setup call comes from: the exact address (audit) and its throttle key. */
export interface SetupOrigin {
  ip: string;
  throttleAddress: string;
}

/**
 * POST /api/setup: the first admin, with wrong calls limited per address as the login's e-mail lock
 * (decision 021, `rule`). Answers the new admin, or throws 409 (done), 403 (bad token) or 429.
 */
export async function runSetup(
  db: Kysely<Database>,
  body: SetupRequest,
  origin: SetupOrigin,
  rule: LockRule,
): Promise<PublicUser> {
  // Done already (the usual case after the first day): one read, nothing written or hashed.
  if (!(await needsSetup(db))) throw done();
  // Counted per address key (an IPv6 /64, a mapped IPv4 as IPv4); the row and the audit keep the
  // exact address.
  const subject = origin.throttleAddress;
  const reservation = await reserveAttempt(db, 'setup', subject, origin.ip, rule);
  if (reservation === null) {
    throw new AppError(429, ERROR_CODES.tooManyAttempts, SETUP_MESSAGES.locked(rule.lockMinutes));
  }
  let outcome: SetupOutcome;
  try {
    outcome = await completeSetup(db, body, origin.ip);
  } catch (err) {
    await releaseAttempt(db, reservation);
    throw err;
  }
  // A wrong token keeps its reservation: it is the failure's row.
  if (!outcome.ok) {
    throw outcome.reason === 'done'
      ? done()
      : new AppError(403, ERROR_CODES.forbidden, SETUP_MESSAGES.badToken);
  }
  await clearAttempts(db, 'setup', subject, reservation);
  return outcome.user;
}
