import {
  ERROR_CODES,
  USER_CONFIRM_MESSAGES,
  USER_MANAGER_MESSAGES,
  type PageQuery,
  type Paged,
  type Role,
  type UserDetail,
  type UserListRow,
  USER_MESSAGES,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import { hashPassword } from '../../auth/passwords';
import { deleteUserSessions } from '../../auth/sessions';
import type { Engine } from '../../db/connection';
import { isUniqueViolation } from '../../db/errors';
import { confirmPendingAnswers, endPendingAnswers } from '../../db/rater-standing';
import type { Database, UserRow } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { listOrPage } from '../../http/paging';
import { audit } from '../audit';
import {
  categoryExists,
  confirmEmailRow,
  findUserByEmail,
  findUserById,
  insertUser,
  listUsers,
  lockReportsTo,
  markAddressChanged,
  normalizeEmail,
  otherActiveAdmins,
  reportsChainReaches,
  toUserDetail,
  updateUserRow,
  userNameOf,
  deleteUserTokens,
} from './repository';

/**
 * The flags of a password chosen by `actor` for someone else (decision 023): the person is asked to
 * choose their own, and a password HR chose keeps their 360 answers out of every threshold until an
 * administrator sets one.
 */
export function passwordSetBy(actor: Pick<Actor, 'role'>): {
  password_set_by_other: 1;
  password_known_to_hr: 0 | 1;
  password_via_link: 0;
} {
  return {
    password_set_by_other: 1,
    password_known_to_hr: actor.role === 'admin' ? 0 : 1,
    password_via_link: 0,
  };
}

/**
 * Whether a new account's address counts as confirmed (decision 040): one an administrator typed is;
 * one gestionhumana typed waits for an administrator's confirmation.
 */
export function emailConfirmedBy(actor: Pick<Actor, 'role'>, email: string | null): 0 | 1 {
  return actor.role === 'admin' && email !== null ? 1 : 0;
}

export interface UserFields {
  name: string;
  email: string | null;
  role: Role;
  position: string | null;
  department: string | null;
  category_id: number | null;
  /** 'Reporta a' (decision 036): null none; absent keeps the current one (none on a create). */
  manager_id?: number | null | undefined;
}

/** GET /api/users: every user (?role=), or a page of them with ?page= (and ?q=). */
export function listUsersPage(
  db: Kysely<Database>,
  query: PageQuery & { role?: Role | undefined },
): Promise<UserListRow[] | Paged<UserListRow>> {
  return listOrPage(query, ({ q, limit, offset }) =>
    listUsers(db, { q, role: query.role }, limit === undefined ? undefined : { limit, offset: offset ?? 0 }),
  );
}

function adminOnly(): AppError {
  return new AppError(403, ERROR_CODES.forbidden, USER_MESSAGES.adminOnly);
}

async function checkReferences(db: Kysely<Database>, fields: UserFields, exceptId?: number): Promise<void> {
  if (fields.category_id !== null && !(await categoryExists(db, fields.category_id))) {
    throw badRequest(USER_MESSAGES.categoryMissing, 'body.category_id');
  }
  if (fields.email !== null) {
    const other = await findUserByEmail(db, fields.email);
    if (other && other.id !== exceptId)
      throw conflict(USER_MESSAGES.duplicateEmail, ERROR_CODES.duplicateEmail);
  }
}

function snapshot(row: UserRow): UserDetail {
  return toUserDetail(row, null);
}

/** The user as the users calls answer it, with their manager's name. */
export async function userDetailOf(db: Kysely<Database>, row: UserRow): Promise<UserDetail> {
  return toUserDetail(row, await userNameOf(db, row.manager_id));
}

/**
 * 'Reporta a' (decision 036): an existing active user, not the person themself, and no cycle (the
 * manager does not report, directly or not, to the person). Checked only when it changes: a manager
 * deactivated later does not block editing the person's other fields. The caller holds the
 * 'Reporta a' lock (`lockReportsTo`, decision 042) from before this check until its write commits.
 */
async function checkManager(
  db: Kysely<Database>,
  managerId: number | null | undefined,
  userId: number | undefined,
  current: number | null = null,
): Promise<void> {
  if (managerId === undefined || managerId === null || managerId === current) return;
  const field = 'body.manager_id';
  if (userId !== undefined && managerId === userId)
    throw badRequest(USER_MANAGER_MESSAGES.managerSelf, field);
  const manager = await findUserById(db, managerId);
  if (!manager || manager.active !== 1) throw badRequest(USER_MANAGER_MESSAGES.managerInactive, field);
  if (userId !== undefined && (await reportsChainReaches(db, managerId, userId))) {
    throw badRequest(USER_MANAGER_MESSAGES.managerCycle, field);
  }
}

/** Any unique-index race on e-mail still answers 409 with the sentence. */
async function mapDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(USER_MESSAGES.duplicateEmail, ERROR_CODES.duplicateEmail);
    throw err;
  }
}

export async function createUser(
  db: Kysely<Database>,
  fields: UserFields,
  password: string | null,
  actor: Actor,
  /** More work in the create's transaction (an access link: decision 040). */
  within?: (trx: Kysely<Database>, row: UserRow) => Promise<void>,
): Promise<UserDetail> {
  if (fields.role === 'admin' && actor.role !== 'admin') throw adminOnly();
  const hash = password === null ? null : await hashPassword(password);
  return mapDuplicates(() =>
    db.transaction().execute(async (trx) => {
      if (typeof fields.manager_id === 'number') await lockReportsTo(trx);
      await checkReferences(trx, fields);
      await checkManager(trx, fields.manager_id, undefined);
      const row = await insertUser(trx, {
        ...fields,
        manager_id: fields.manager_id ?? null,
        password_hash: hash,
        ...(hash ? passwordSetBy(actor) : {}),
        email_confirmed: emailConfirmedBy(actor, fields.email),
        active: 1,
      });
      await audit(trx, {
        userId: actor.userId,
        action: 'create',
        entity: 'user',
        entityId: row.id,
        after: snapshot(row),
        ip: actor.ip,
      });
      if (within) await within(trx, row);
      return userDetailOf(trx, row);
    }),
  );
}

/**
 * Updates a user. Only an admin edits an admin or gives the admin role; the last active admin keeps
 * the role. A new password ends the user's sessions.
 */
export async function updateUser(
  db: Kysely<Database>,
  engine: Engine,
  id: number,
  fields: UserFields,
  password: string | undefined,
  actor: Actor,
  allowedTargetRoles?: readonly Role[],
): Promise<UserDetail> {
  // One's own password changes in 'Mi Perfil', with the current one and its attempt limit: a stolen
  // session must not set it here without them (issue 13).
  if (password !== undefined && id === actor.userId)
    throw badRequest(USER_MESSAGES.ownPassword, 'body.password');
  const hash = password === undefined ? undefined : await hashPassword(password);
  return mapDuplicates(() =>
    db.transaction().execute(async (trx) => {
      // First, before any row lock: two people made each other's manager at once must not both
      // pass the cycle check (decision 042).
      if (typeof fields.manager_id === 'number') await lockReportsTo(trx);
      const before = await findUserById(trx, id);
      if (!before || (allowedTargetRoles && !allowedTargetRoles.includes(before.role as Role))) {
        throw notFound(USER_MESSAGES.notFound);
      }
      if ((before.role === 'admin' || fields.role === 'admin') && actor.role !== 'admin') throw adminOnly();
      if (before.role === 'admin' && fields.role !== 'admin' && before.active === 1) {
        if ((await otherActiveAdmins(trx, engine, id)) === 0) {
          throw conflict(USER_MESSAGES.lastAdmin, ERROR_CODES.lastAdmin);
        }
      }
      await checkReferences(trx, fields, id);
      await checkManager(trx, fields.manager_id, id, before.manager_id);
      const emailChanged = (before.email ?? '').toLowerCase() !== (fields.email ?? '').toLowerCase();
      let after = await updateUserRow(trx, id, {
        ...fields,
        ...(hash ? { password_hash: hash, ...passwordSetBy(actor) } : {}),
      });
      if (!after) throw notFound(USER_MESSAGES.notFound);
      if (emailChanged) {
        // Whoever sets the address decides where access and reset links go (decision 040): a
        // password chosen through a link to the old, unconfirmed address may be HR's; the new one
        // is confirmed only when an administrator set it; answers waiting for the old address's
        // confirmation never count.
        after = (await markAddressChanged(trx, id, actor.role === 'admin')) ?? after;
        await endPendingAnswers(trx, engine, id);
      }
      // Links already mailed stop working when the address or the role changes (decision 042): a
      // link issued to a colaborador must not open an account that is an admin's now.
      if (emailChanged || before.role !== after.role) await deleteUserTokens(trx, id);
      // A password set by someone else ends every session of that account.
      if (hash) await deleteUserSessions(trx, id);
      await audit(trx, {
        userId: actor.userId,
        action: hash ? 'update_with_password' : 'update',
        entity: 'user',
        entityId: id,
        before: snapshot(before),
        after: snapshot(after),
        ip: actor.ip,
      });
      return userDetailOf(trx, after);
    }),
  );
}

/**
 * Activates or deactivates; deactivating ends the user's sessions, and either change ends the
 * user's access and reset links. Never deletes.
 */
export async function setUserStatus(
  db: Kysely<Database>,
  engine: Engine,
  id: number,
  status: boolean | undefined,
  actor: Actor,
  allowedTargetRoles?: readonly Role[],
): Promise<UserDetail> {
  return db.transaction().execute(async (trx) => {
    const before = await findUserById(trx, id);
    if (!before || (allowedTargetRoles && !allowedTargetRoles.includes(before.role as Role))) {
      throw notFound(USER_MESSAGES.notFound);
    }
    const next = status ?? before.active !== 1;
    if (before.role === 'admin' && actor.role !== 'admin') throw adminOnly();
    if (!next) {
      if (id === actor.userId) throw conflict(USER_MESSAGES.selfDeactivate, ERROR_CODES.selfDeactivate);
      if (
        before.role === 'admin' &&
        before.active === 1 &&
        (await otherActiveAdmins(trx, engine, id)) === 0
      ) {
        throw conflict(USER_MESSAGES.lastAdmin, ERROR_CODES.lastAdmin);
      }
    }
    const after = await updateUserRow(trx, id, { active: next ? 1 : 0 });
    if (!after) throw notFound(USER_MESSAGES.notFound);
    if (!next) await deleteUserSessions(trx, id);
    // Every access or reset link of the account ends with a change of status (decision 042): one
    // mailed before a deactivation does not work again after the reactivation.
    if (next !== (before.active === 1)) await deleteUserTokens(trx, id);
    await audit(trx, {
      userId: actor.userId,
      action: next ? 'activate' : 'deactivate',
      entity: 'user',
      entityId: id,
      before: { status: before.active === 1 },
      after: { status: next },
      ip: actor.ip,
    });
    return userDetailOf(trx, after);
  });
}

/**
 * POST /api/users/{id}/confirm-email (admin only, decision 040): the address `email` is the person's
 * own. A password they chose through a link sent to it then counts toward 360 anonymity, and so do
 * their answers waiting for this confirmation in evaluations not closed yet. 409 when the user has no
 * address or it is not `email` any more (it changed since the administrator read it).
 */
export async function confirmUserEmail(
  db: Kysely<Database>,
  engine: Engine,
  id: number,
  email: string,
  actor: Actor,
): Promise<UserDetail> {
  return db.transaction().execute(async (trx) => {
    const before = await findUserById(trx, id);
    if (!before) throw notFound(USER_MESSAGES.notFound);
    if (before.email === null) throw conflict(USER_CONFIRM_MESSAGES.noEmail);
    if (before.email_confirmed === 1 && before.email === normalizeEmail(email))
      return userDetailOf(trx, before);
    const after = await confirmEmailRow(trx, id, email);
    if (!after) throw conflict(USER_CONFIRM_MESSAGES.changed);
    const answers = await confirmPendingAnswers(trx, engine, id);
    await audit(trx, {
      userId: actor.userId,
      action: 'confirm_email',
      entity: 'user',
      entityId: id,
      before: { email: before.email, email_confirmed: before.email_confirmed === 1 },
      after: { email: after.email, email_confirmed: true, answers_now_counting: answers },
      ip: actor.ip,
    });
    return userDetailOf(trx, after);
  });
}

/** What other modules read of the users (staff views, assignment checks): a row by id, a filtered list. */
export { findUserById, listUsers, lockReportsTo, reportsChainReaches } from './repository';

/** Ends every access and reset link of a user (their status, role or address changed: decision 042). */
export { deleteUserTokens } from './repository';

/** What login, profile, setup and the staff import read and write of the users. */
export {
  countUsers,
  findUserByEmail,
  insertUser,
  normalizeEmail,
  toPublicUser,
  updatePasswordHash,
  updateUserRow,
} from './repository';
