import {
  ACCESS_LINK_DAYS,
  ACCESS_MESSAGES,
  ERROR_CODES,
  RESET_LINK_MINUTES,
  type TokenPasswordInput,
  type UserDetail,
  USER_MESSAGES,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import { hashPassword } from '../../auth/passwords';
import { createSession, deleteSession, deleteUserSessions } from '../../auth/sessions';
import { randomToken, sha256 } from '../../auth/tokens';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import { AppError, conflict, notFound } from '../../http/errors';
import { nowIso } from '../../time';
import { audit } from '../audit';
import { reserveAttempt, type LockRule } from '../auth';
import {
  absoluteUrl,
  endDeadLinks,
  enqueueMail,
  kickOutbox,
  type MailRequest,
  type MailSettings,
} from '../mail';
import { createUser, normalizeEmail, type UserFields } from '../users';
import { accessLinkMail, passwordResetMail } from './mail-content';
import {
  deleteAllTokensOf,
  deleteExpiredTokens,
  deleteTokensOf,
  findLinkUser,
  findLiveToken,
  insertTokens,
  setOwnPassword,
  takeToken,
  type TokenPurpose,
} from './repository';

/**
 * Access links and password resets (decision 033). A link carries a random 32-byte token; the
 * database keeps only its SHA-256, with the person, the purpose and when it expires. A new link of
 * a purpose voids the person's older one; using a link deletes it in the same statement that reads
 * it, so it works once however many times it is sent at once.
 */

/** Where the forgot-password requests are counted (attempt_throttles, decision 021). */
export interface ForgotLimits {
  /** Per e-mail typed (known or not): over it the answer is the same, and nothing is sent. */
  perEmail: LockRule;
  /** Per client address key: over it, 429 (the address is the caller's own: it reveals nothing). */
  perAddress: LockRule;
  /**
   * The 202 is never answered sooner than this after the request began: issuing a link (a token,
   * the message, the audit entry) takes a few milliseconds more than finding nobody, and that
   * difference told whether an e-mail has an account.
   */
  answerAfterMs: number;
}

export const FORGOT_LIMITS: ForgotLimits = {
  perEmail: { maxAttempts: 3, lockMinutes: 15 },
  perAddress: { maxAttempts: 10, lockMinutes: 15 },
  answerAfterMs: 250,
};

/** Someone a link is mailed to. */
export interface LinkRecipient {
  id: number;
  name: string;
  email: string;
}

const linkInvalid = () => new AppError(400, ERROR_CODES.linkInvalid, ACCESS_MESSAGES.linkInvalid);

const PATHS: Record<TokenPurpose, string> = {
  access: '/activar',
  reset: '/restablecer-contrasena',
};

/**
 * Issues one link of `purpose` to each person (their older ones of that purpose stop working) and
 * writes its e-mail to the outbox, all in the caller's transaction, in multi-row statements.
 */
async function issueLinks(
  trx: Kysely<Database>,
  mail: MailSettings,
  purpose: TokenPurpose,
  people: readonly LinkRecipient[],
): Promise<void> {
  if (people.length === 0) return;
  const now = Date.now();
  const lifetimeMs = purpose === 'access' ? ACCESS_LINK_DAYS * 86_400_000 : RESET_LINK_MINUTES * 60_000;
  const expiresAt = nowIso(now + lifetimeMs);
  const made = people.map((person) => {
    const token = randomToken(32);
    return { person, token, link: absoluteUrl(mail, `${PATHS[purpose]}?token=${token}`) };
  });
  await deleteExpiredTokens(trx, nowIso(now));
  await deleteTokensOf(
    trx,
    people.map((p) => p.id),
    purpose,
  );
  await insertTokens(
    trx,
    purpose,
    made.map((m) => ({ user_id: m.person.id, token_hash: sha256(m.token), expires_at: expiresAt })),
  );
  const content = purpose === 'access' ? accessLinkMail : passwordResetMail;
  await enqueueMail(
    trx,
    mail,
    made.map((m): MailRequest => ({
      kind: purpose === 'access' ? 'access-link' : 'password-reset',
      to: { email: m.person.email, name: m.person.name, userId: m.person.id },
      content: content(m.person.name, m.link),
      secretLink: m.link,
      secretTokenHash: sha256(m.token),
    })),
  );
  // The messages of the links this one voided lose them now (decision 043).
  await endDeadLinks(trx);
}

/**
 * Access links for many people at once, in the caller's transaction (the staff import). The caller
 * audits and, after commit, calls kickOutbox().
 */
export function issueAccessLinks(
  trx: Kysely<Database>,
  mail: MailSettings,
  people: readonly LinkRecipient[],
): Promise<void> {
  return issueLinks(trx, mail, 'access', people);
}

/**
 * POST /api/users/:id/access-link (admin, gestionhumana): mails a new access link. Only an
 * administrator sends one to an administrator (decision 023: HR must not be able to take over an
 * admin account through its mailbox).
 */
export async function sendAccessLink(
  db: Kysely<Database>,
  engine: Engine,
  mail: MailSettings,
  userId: number,
  actor: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await findLinkUser(trx, engine, { id: userId });
    if (!user) throw notFound(USER_MESSAGES.notFound);
    if (user.role === 'admin' && actor.role !== 'admin') {
      throw new AppError(403, ERROR_CODES.forbidden, USER_MESSAGES.adminOnly);
    }
    if (user.email === null) throw conflict(ACCESS_MESSAGES.noEmail);
    if (user.active !== 1) throw conflict(ACCESS_MESSAGES.inactive);
    await issueLinks(trx, mail, 'access', [{ id: user.id, name: user.name, email: user.email }]);
    await audit(trx, {
      userId: actor.userId,
      action: 'access_link',
      entity: 'user',
      entityId: user.id,
      after: { email: user.email },
      ip: actor.ip,
    });
  });
  kickOutbox(db);
}

/**
 * POST /api/users with `send_access_link` (decision 040): 'Crear usuario' without typing a password.
 * The account and its access link are made in one transaction (the create's audit entry, then the
 * link's); the person chooses their own password.
 */
export async function createUserWithAccessLink(
  db: Kysely<Database>,
  mail: MailSettings,
  fields: UserFields,
  actor: Actor,
): Promise<UserDetail> {
  const detail = await createUser(db, fields, null, actor, async (trx, row) => {
    if (row.email === null) return;
    await issueLinks(trx, mail, 'access', [{ id: row.id, name: row.name, email: row.email }]);
    await audit(trx, {
      userId: actor.userId,
      action: 'access_link',
      entity: 'user',
      entityId: row.id,
      after: { email: row.email },
      ip: actor.ip,
    });
  });
  kickOutbox(db);
  return detail;
}

/** Where a forgot-password request comes from. */
export interface RequestOrigin {
  /** The exact address (audit). */
  ip: string;
  /** The address key the limits count (request.throttleAddress). */
  throttleAddress: string;
}

/**
 * POST /api/auth/forgot-password: a reset link to an active account with this e-mail (with or
 * without a password: an expired access link's sentence sends people here). The caller always gets
 * the same answer; every request does the same database work whether the e-mail is known or not,
 * except the rows a sent link writes, and answers at the same time (`answerAfterMs`). Over the
 * per-address limit: 429 at once; over the per-e-mail limit: the same answer, and nothing is sent.
 */
export async function requestPasswordReset(
  db: Kysely<Database>,
  engine: Engine,
  mail: MailSettings,
  rawEmail: string,
  origin: RequestOrigin,
  limits: ForgotLimits = FORGOT_LIMITS,
): Promise<void> {
  const started = performance.now();
  const email = normalizeEmail(rawEmail);
  const byAddress = await reserveAttempt(
    db,
    'forgot-address',
    origin.throttleAddress,
    origin.ip,
    limits.perAddress,
  );
  if (byAddress === null) throw new AppError(429, ERROR_CODES.tooManyAttempts, ACCESS_MESSAGES.tooMany);
  const byEmail = await reserveAttempt(db, 'forgot-email', email, origin.ip, limits.perEmail);
  let sent = false;
  await db.transaction().execute(async (trx) => {
    const user = await findLinkUser(trx, engine, { email });
    const eligible = byEmail !== null && user !== undefined && user.active === 1 && user.email !== null;
    if (!eligible) {
      // The statements a sent link would start with, matching nothing.
      await deleteExpiredTokens(trx, nowIso());
      await deleteTokensOf(trx, [0], 'reset');
      await endDeadLinks(trx);
      return;
    }
    await issueLinks(trx, mail, 'reset', [{ id: user.id, name: user.name, email }]);
    await audit(trx, {
      userId: user.id,
      action: 'reset_link',
      entity: 'user',
      entityId: user.id,
      ip: origin.ip,
    });
    sent = true;
  });
  if (sent) kickOutbox(db);
  const wait = limits.answerAfterMs - (performance.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
}

/** Where a link is used from: the address (audit) and the session the request came with, if any. */
export interface LinkOrigin {
  ip: string;
  sessionId: string | undefined;
}

/**
 * Uses a link of `purpose`: the password is hashed (argon2, through its queue) only for a token that
 * is live now, then, in one transaction, the token is taken (deleted; a second use at once finds
 * nothing and answers LINK_INVALID), the password stored as the person's own choice, the person's
 * other links and every session ended, and `then` runs (the audit entry, a new session…).
 */
async function useLink<R>(
  db: Kysely<Database>,
  engine: Engine,
  purpose: TokenPurpose,
  body: TokenPasswordInput,
  then: (trx: Kysely<Database>, userId: number) => Promise<R>,
): Promise<R> {
  const tokenHash = sha256(body.token);
  const live = await findLiveToken(db, tokenHash, purpose, nowIso());
  if (!live) throw linkInvalid();
  const hash = await hashPassword(body.newPassword);
  return db.transaction().execute(async (trx) => {
    // The person's row first (locked on PostgreSQL), then the token: the order of every change that
    // ends the links (status, role, address — decision 042). A change at this moment either
    // committed already (its deletion leaves no token to take) or waits for this use to finish;
    // the two never wait for each other.
    const user = await findLinkUser(trx, engine, { id: live.user_id });
    const taken = await takeToken(trx, tokenHash, purpose, nowIso());
    if (!taken || taken.user_id !== live.user_id) throw linkInvalid();
    // A person deactivated since the link was sent: the link does not work (and stays unused).
    if (!user || user.active !== 1) throw linkInvalid();
    await setOwnPassword(trx, user.id, hash);
    await deleteAllTokensOf(trx, user.id);
    // The used link, and the person's others, leave the outbox with their tokens (decision 043).
    await endDeadLinks(trx);
    await deleteUserSessions(trx, user.id);
    return then(trx, user.id);
  });
}

/** POST /api/auth/reset-password: a new password; every session of the person ends. */
export async function resetPassword(
  db: Kysely<Database>,
  engine: Engine,
  body: TokenPasswordInput,
  origin: LinkOrigin,
): Promise<void> {
  await useLink(db, engine, 'reset', body, (trx, userId) =>
    audit(trx, { userId, action: 'password_reset', entity: 'user', entityId: userId, ip: origin.ip }),
  );
}

/**
 * POST /api/auth/activate: the person's own password from an access link, and a new session (as a
 * login: the session the request came with, whoever's, is ended). Answers the new session's tokens.
 */
export async function activateAccount(
  db: Kysely<Database>,
  engine: Engine,
  body: TokenPasswordInput,
  origin: LinkOrigin,
): Promise<{ token: string; csrfToken: string }> {
  return useLink(db, engine, 'access', body, async (trx, userId) => {
    if (origin.sessionId) await deleteSession(trx, origin.sessionId);
    const created = await createSession(trx, userId);
    await audit(trx, {
      userId,
      action: 'account_activation',
      entity: 'user',
      entityId: userId,
      ip: origin.ip,
    });
    return created;
  });
}
