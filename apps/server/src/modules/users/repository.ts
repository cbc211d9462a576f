import {
  accountStanding,
  type PublicUser,
  type Role,
  type UserDetail,
  type UserListRow,
} from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../db/connection';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/schema';
import { onPostgres } from '../../db/dialect';
import { likePattern } from '../../http/paging';
import { nowIso } from '../../time';

type PublicUserRow = Pick<
  UserRow,
  'id' | 'name' | 'email' | 'role' | 'position' | 'department' | 'category_id' | 'active'
>;

export function toPublicUser(row: PublicUserRow): PublicUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as Role,
    position: row.position,
    department: row.department,
    category_id: row.category_id,
    status: row.active === 1,
  };
}

/** What a user's 360 standing is made of (decision 040): the row's flags, and whether it has a password. */
type StandingFlags = Pick<UserRow, 'password_known_to_hr' | 'password_via_link' | 'email_confirmed'> &
  ({ password_hash: string | null } | { has_password: number | string | boolean });

function hasPassword(row: StandingFlags): boolean {
  if ('password_hash' in row) return row.password_hash !== null;
  return row.has_password === true || Number(row.has_password) === 1;
}

/**
 * A user with whom they report to ('Reporta a', decision 036), whether an administrator confirmed
 * their address and whether their 360 answers would count now (decision 040).
 */
export function toUserDetail(
  row: PublicUserRow & Pick<UserRow, 'manager_id'> & StandingFlags,
  managerName: string | null,
): UserDetail {
  return {
    ...toPublicUser(row),
    manager_id: row.manager_id,
    manager_name: managerName,
    email_confirmed: row.email_confirmed === 1,
    rater_standing: accountStanding({
      role: row.role as Role,
      has_password: hasPassword(row),
      password_known_to_hr: row.password_known_to_hr === 1,
      password_via_link: row.password_via_link === 1,
      email_confirmed: row.email_confirmed === 1,
    }),
  };
}

/** The name of a user, or null (none, or no such user). */
export async function userNameOf(db: Kysely<Database>, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const row = await db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? null;
}

/**
 * Whether `targetId` is found walking up the 'Reporta a' chain from `startId` (`startId` itself
 * included): giving the target that manager would close a cycle. Bounded by the visited set.
 */
export async function reportsChainReaches(
  db: Kysely<Database>,
  startId: number,
  targetId: number,
): Promise<boolean> {
  const seen = new Set<number>();
  let current: number | null = startId;
  while (current !== null && !seen.has(current)) {
    if (current === targetId) return true;
    seen.add(current);
    const row: { manager_id: number | null } | undefined = await db
      .selectFrom('users')
      .select('manager_id')
      .where('id', '=', current)
      .executeTakeFirst();
    current = row?.manager_id ?? null;
  }
  return false;
}

/** The key of the PostgreSQL advisory lock that serialises 'Reporta a' changes (decision 042). */
const REPORTS_TO_LOCK = 3_602_042;

/**
 * Makes the caller's transaction the only one changing 'Reporta a' until it ends (decision 042): its
 * cycle check and its write then see every change committed before, on any instance. PostgreSQL: a
 * transaction-level advisory lock (released at COMMIT or ROLLBACK). SQLite: nothing to do — a
 * transaction holds the only connection of the process from its first statement to its end, and
 * the next one reads what it wrote.
 */
export async function lockReportsTo(db: Kysely<Database>): Promise<void> {
  if (onPostgres(db)) await sql`select pg_advisory_xact_lock(${sql.lit(REPORTS_TO_LOCK)})`.execute(db);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface UserFilter {
  q?: string | undefined;
  role?: Role | undefined;
  roles?: readonly Role[];
  activeOnly?: boolean;
}

/**
 * Users with their category name, filtered and paged in SQL. A page and the number of matches come
 * from one statement (a window count): one scan of the table instead of two. The search is
 * case-insensitive: on SQLite LIKE itself ignores ASCII case (as lower() folds only ASCII there), so
 * the column is compared as it is; on PostgreSQL the lower-case copies stored with each row
 * (migration 0012) are.
 */
export async function listUsers(
  db: Kysely<Database>,
  filter: UserFilter,
  page?: { limit: number; offset: number },
): Promise<{ rows: UserListRow[]; total: number }> {
  let base = db
    .selectFrom('users')
    .leftJoin('categories', 'categories.id', 'users.category_id')
    .leftJoin('users as manager', 'manager.id', 'users.manager_id');
  if (filter.q) {
    const p = likePattern(filter.q);
    // PostgreSQL: the stored lower-case copies (migration 0012); SQLite: the columns themselves.
    const folded = (column: 'name' | 'email') =>
      onPostgres(db) ? sql.ref(`users.${column}_key`) : sql.ref(`users.${column}`);
    base = base.where((eb) =>
      eb.or([
        eb(folded('name'), 'like', sql`${p} escape '\\'`),
        eb(folded('email'), 'like', sql`${p} escape '\\'`),
      ]),
    );
  }
  if (filter.role) base = base.where('users.role', '=', filter.role);
  if (filter.roles) base = base.where('users.role', 'in', [...filter.roles]);
  if (filter.activeOnly) base = base.where('users.active', '=', 1);
  const columns = [
    'users.id',
    'users.name',
    'users.email',
    'users.role',
    'users.position',
    'users.department',
    'users.category_id',
    'users.active',
    'users.manager_id',
    'users.password_known_to_hr',
    'users.password_via_link',
    'users.email_confirmed',
    'manager.name as manager_name',
    'categories.name as category_name',
    sql<number>`case when users.password_hash is null then 0 else 1 end`.as('has_password'),
  ] as const;
  const toRow = (
    r: PublicUserRow &
      Pick<UserRow, 'manager_id' | 'password_known_to_hr' | 'password_via_link' | 'email_confirmed'> & {
        has_password: number;
        manager_name: string | null;
        category_name: string | null;
      },
  ): UserListRow => ({
    ...toUserDetail(r, r.manager_name ?? null),
    category_name: r.category_name ?? null,
  });
  if (!page) {
    const rows = await base.select(columns).orderBy('users.name').orderBy('users.id').execute();
    return { rows: rows.map(toRow), total: rows.length };
  }
  const rows = await base
    .select(columns)
    .select(sql<number | string>`count(*) over ()`.as('total'))
    .orderBy('users.name')
    .orderBy('users.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  // A page past the last one has no row to carry the count: count apart.
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : page.offset === 0
        ? 0
        : Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { rows: rows.map(toRow), total };
}

export type CreateUserInput = Omit<NewUser, 'created_at' | 'updated_at' | 'email'> & { email: string | null };

export async function insertUser(db: Kysely<Database>, input: CreateUserInput): Promise<UserRow> {
  const now = nowIso();
  return db
    .insertInto('users')
    .values({
      ...input,
      email: input.email === null ? null : normalizeEmail(input.email),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateUserRow(
  db: Kysely<Database>,
  id: number,
  changes: Omit<UserUpdate, 'id' | 'created_at' | 'updated_at'>,
): Promise<UserRow | undefined> {
  const values = { ...changes, updated_at: nowIso() };
  if (typeof values.email === 'string') values.email = normalizeEmail(values.email);
  return db.updateTable('users').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * The user's own new password ('Mi Perfil'): no longer one somebody else chose. Whether HR knew the
 * previous one stays as it was: HR could have made this change itself (decision 023).
 */
export async function updatePasswordHash(db: Kysely<Database>, userId: number, hash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: hash, password_set_by_other: 0, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}

/**
 * Active admins other than `exceptId`. On PostgreSQL the admin rows are locked for the rest of the
 * transaction, so two admins demoting each other at once cannot leave none (SQLite serialises
 * write transactions anyway).
 */
export async function otherActiveAdmins(
  db: Kysely<Database>,
  engine: Engine,
  exceptId: number,
): Promise<number> {
  let q = db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('active', '=', 1)
    .where('id', '!=', exceptId);
  if (engine === 'postgres') q = q.forUpdate();
  return (await q.execute()).length;
}

export async function categoryExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (
    (await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}

/**
 * After the address changed (decision 040), in the same transaction and after the write that changed
 * it (which holds the row lock): a password chosen through a link to the old address, which no
 * administrator confirmed, becomes one HR may know; no password is tied to the new address; the new
 * address is confirmed only when an administrator set it. Computed in the statement from the row as
 * it is then, so a link used at the same moment is seen (it locks the row first, decision 042).
 */
export async function markAddressChanged(
  db: Kysely<Database>,
  id: number,
  byAdmin: boolean,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set((eb) => ({
      password_known_to_hr: eb
        .case()
        .when(eb.and([eb('password_via_link', '=', 1), eb('email_confirmed', '=', 0)]))
        .then(1)
        .else(eb.ref('password_known_to_hr'))
        .end(),
      password_via_link: 0,
      email_confirmed: byAdmin ? eb.case().when('email', 'is not', null).then(1).else(0).end() : 0,
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * An administrator confirms the address (decision 040): only while it is still `email` (one changed
 * meanwhile is not confirmed). The row, or undefined when the address is not that one.
 */
export async function confirmEmailRow(
  db: Kysely<Database>,
  id: number,
  email: string,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ email_confirmed: 1, updated_at: nowIso() })
    .where('id', '=', id)
    .where('email', '=', normalizeEmail(email))
    .returningAll()
    .executeTakeFirst();
}

/** Voids every access and reset link of a user (their address changed: decision 033). */
export async function deleteUserTokens(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('user_tokens').where('user_id', '=', userId).execute();
}

/** The users among `ids` (any status), for a 360 batch's check (decision 035): 5000 ids per query. */
export async function usersByIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Array<Pick<UserRow, 'id' | 'name' | 'department' | 'position' | 'active'>>> {
  const out: Array<Pick<UserRow, 'id' | 'name' | 'department' | 'position' | 'active'>> = [];
  for (let i = 0; i < ids.length; i += 5000) {
    out.push(
      ...(await db
        .selectFrom('users')
        .select(['id', 'name', 'department', 'position', 'active'])
        .where('id', 'in', ids.slice(i, i + 5000))
        .orderBy('id')
        .execute()),
    );
  }
  return out;
}
