import {
  ERROR_CODES,
  type Role,
  type UsersImportAction,
  type UsersImportPreview,
  type UsersImportResult,
  type UsersImportRow,
  IMPORT_MESSAGES,
  USER_MESSAGES,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import { hashPassword } from '../../auth/passwords';
import { deleteUserSessions } from '../../auth/sessions';
import type { Engine } from '../../db/connection';
import { isUniqueViolation } from '../../db/errors';
import type { Database, UserRow } from '../../db/schema';
import { conflict } from '../../http/errors';
import { issueAccessLinks } from '../account-access';
import type { AuditEntry } from '../audit';
import { categoryKey } from '../categories';
import { kickOutbox, type MailSettings } from '../mail';
import {
  deleteUserTokens,
  emailConfirmedBy,
  lockReportsTo,
  passwordSetBy,
  toPublicUser,
  updateUserRow,
} from '../users';
import { foldKey } from './csv';
import {
  activeAdminIds,
  allCategories,
  auditMany,
  insertUsers,
  managerLinks,
  usersByEmail,
  type CategoryRef,
  type ImportedUser,
} from './repository';
import { readImportFile, type ReadFile, type ReadRow } from './rows';

/**
 * Staff import: preview (reads the database, writes nothing) and apply (one transaction). Both run
 * the same plan, so what the preview promises is what apply does with the same file, unless the
 * database changed in between (apply plans again inside its transaction).
 */

interface UserValues {
  name: string;
  email: string;
  role: Role;
  position: string | null;
  department: string | null;
  category_id: number | null;
}

interface PlannedRow {
  read: ReadRow;
  action: UsersImportAction;
  errors: string[];
  existing: UserRow | undefined;
  /** The user as applying the row leaves it (null for a row in error). */
  values: UserValues | null;
  /** The row as the preview shows it. */
  shown: UsersImportRow;
  /** 'Reporta a' resolved: an existing user (`u<id>`) or a row of the file (`l<line>`); null none. */
  managerKey?: string | null;
}

interface World {
  existing: Map<string, UserRow>;
  categories: CategoryRef[];
  activeAdmins: Set<number>;
  /** 'Reporta a' links (user id → manager id), loaded when the file has that column. */
  managerLinks: Array<{ id: number; manager_id: number }>;
}

/** Finds a category by name: as stored (case-insensitive), else ignoring accents too when only one fits. */
function categoryFinder(categories: CategoryRef[]): (text: string) => CategoryRef | undefined {
  const byKey = new Map(categories.map((c) => [c.name_key, c]));
  const byFold = new Map<string, CategoryRef | null>();
  for (const c of categories) {
    const k = foldKey(c.name);
    byFold.set(k, byFold.has(k) ? null : c);
  }
  return (text) => byKey.get(categoryKey(text)) ?? byFold.get(foldKey(text)) ?? undefined;
}

/** A row's key in the 'Reporta a' graph: the existing user's id, or the file line of a new one. */
function graphKey(r: PlannedRow): string {
  return r.existing ? `u${r.existing.id}` : `l${r.read.line}`;
}

function rowError(r: PlannedRow, message: string): void {
  r.errors.push(message);
  r.action = 'error';
  r.values = null;
  r.shown.action = 'error';
}

/**
 * 'Reporta a' (decision 036): each row's manager e-mail names an active user or another row of the
 * file (further down too: managers are set after every row is created); not the person, not a row
 * in error, and no cycle once the file is applied. Repeats until no row changes.
 */
function planManagers(file: ReadFile, world: World, rows: PlannedRow[]): void {
  if (!file.columns.has('manager')) return;
  const rowByEmail = new Map<string, PlannedRow>();
  for (const r of rows)
    if (r.read.email !== null && !rowByEmail.has(r.read.email)) rowByEmail.set(r.read.email, r);
  for (const r of rows) r.shown.manager = r.read.managerEmail;
  let changedAny = true;
  while (changedAny) {
    changedAny = false;
    for (const r of rows) {
      if (r.action === 'error') continue;
      const email = r.read.managerEmail;
      r.managerKey = null;
      if (email === null) continue;
      const inFile = rowByEmail.get(email);
      const existing = world.existing.get(email);
      let problem: string | null = null;
      if (email === r.read.email) problem = IMPORT_MESSAGES.managerSelf;
      else if (inFile && inFile.action === 'error') problem = IMPORT_MESSAGES.managerInError(email);
      else if (!inFile && !existing) problem = IMPORT_MESSAGES.managerUnknown(email);
      else if (existing && existing.active !== 1) problem = IMPORT_MESSAGES.managerInactive(email);
      if (problem) {
        rowError(r, problem);
        changedAny = true;
      } else r.managerKey = inFile ? graphKey(inFile) : `u${existing!.id}`;
    }
    if (changedAny) continue;
    const edges = new Map<string, string>(world.managerLinks.map((l) => [`u${l.id}`, `u${l.manager_id}`]));
    for (const r of rows) {
      if (r.action === 'error') continue;
      if (r.managerKey) edges.set(graphKey(r), r.managerKey);
      else edges.delete(graphKey(r));
    }
    for (const r of rows) {
      if (r.action === 'error' || !r.managerKey) continue;
      const self = graphKey(r);
      const seen = new Set<string>();
      let at: string | undefined = r.managerKey;
      while (at !== undefined && !seen.has(at)) {
        if (at === self) {
          rowError(r, IMPORT_MESSAGES.managerCycle);
          changedAny = true;
          break;
        }
        seen.add(at);
        at = edges.get(at);
      }
      if (changedAny) break;
    }
  }
}

function plan(file: ReadFile, world: World, actor: Actor): PlannedRow[] {
  const rows = planRows(file, world, actor);
  planManagers(file, world, rows);
  return rows;
}

function planRows(file: ReadFile, world: World, actor: Actor): PlannedRow[] {
  const findCategory = categoryFinder(world.categories);
  const categoryName = new Map(world.categories.map((c) => [c.id, c.name]));
  const has = file.columns;
  let adminsLeft = world.activeAdmins.size;

  return file.rows.map((read) => {
    const errors = [...read.errors];
    const existing = read.email === null ? undefined : world.existing.get(read.email);

    let role: Role | null = read.role;
    if (read.roleText === null) {
      if (existing) role = existing.role as Role;
      else errors.push(IMPORT_MESSAGES.roleRequired);
    }

    let categoryId: number | null = null;
    let categoryShown: string | null = read.categoryText;
    if (!has.has('category')) {
      categoryId = existing?.category_id ?? null;
      categoryShown = categoryId === null ? null : (categoryName.get(categoryId) ?? null);
    } else if (read.categoryText !== null) {
      const found = findCategory(read.categoryText);
      if (found) {
        categoryId = found.id;
        categoryShown = found.name;
      } else errors.push(IMPORT_MESSAGES.categoryUnknown(read.categoryText));
    }
    const position = has.has('position') ? read.position : (existing?.position ?? null);
    const department = has.has('department') ? read.department : (existing?.department ?? null);

    // One's own password changes in 'Mi Perfil' (with the current one), never through an import.
    if (existing && existing.id === actor.userId && read.password !== null)
      errors.push(USER_MESSAGES.ownPassword);
    // DESIGN §4: only an admin creates an admin, gives the role or changes an admin account.
    if (actor.role !== 'admin' && (role === 'admin' || existing?.role === 'admin')) {
      errors.push(USER_MESSAGES.adminOnly);
    }
    // The last active admin keeps the role (rows are taken in file order).
    if (errors.length === 0 && existing && world.activeAdmins.has(existing.id) && role !== 'admin') {
      if (adminsLeft <= 1) errors.push(IMPORT_MESSAGES.lastAdmin);
      else adminsLeft -= 1;
    }

    const ok = errors.length === 0 && read.name !== null && read.email !== null && role !== null;
    const action: UsersImportAction = !ok ? 'error' : existing ? 'update' : 'create';
    const values: UserValues | null = ok
      ? { name: read.name!, email: read.email!, role: role!, position, department, category_id: categoryId }
      : null;
    return {
      read,
      action,
      errors,
      existing,
      values,
      shown: {
        line: read.line,
        name: read.name,
        email: read.email,
        role,
        position,
        department,
        category: categoryShown,
        action,
        errors,
      },
    };
  });
}

async function loadWorld(
  db: Kysely<Database>,
  engine: Engine,
  file: ReadFile,
  lock: boolean,
): Promise<World> {
  const emails = [
    ...new Set(
      file.rows.flatMap((r) => [
        ...(r.email === null ? [] : [r.email]),
        ...(r.managerEmail === null ? [] : [r.managerEmail]),
      ]),
    ),
  ];
  // One after another: inside a transaction they share one connection anyway.
  const existing = emails.length > 0 ? await usersByEmail(db, emails) : new Map<string, UserRow>();
  const categories = await allCategories(db);
  const activeAdmins = await activeAdminIds(db, lock ? engine : 'sqlite');
  const links = file.columns.has('manager') ? await managerLinks(db) : [];
  return { existing, categories, activeAdmins, managerLinks: links };
}

function countsOf(rows: PlannedRow[]): UsersImportPreview['counts'] {
  const counts = { create: 0, update: 0, error: 0 };
  for (const r of rows) counts[r.action] += 1;
  return counts;
}

export async function previewImport(
  db: Kysely<Database>,
  engine: Engine,
  csv: string,
  actor: Actor,
): Promise<UsersImportPreview> {
  const file = readImportFile(csv);
  const rows = plan(file, await loadWorld(db, engine, file, false), actor);
  return { rows: rows.map((r) => r.shown), counts: countsOf(rows), ignoredColumns: file.ignoredColumns };
}

/** Runs `work` on every item with at most `limit` at a time (argon2 runs on libuv's thread pool). */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next;
      next += 1;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

function changed(before: UserRow, after: UserValues): boolean {
  return (
    before.name !== after.name ||
    before.role !== after.role ||
    before.position !== after.position ||
    before.department !== after.department ||
    before.category_id !== after.category_id
  );
}

/**
 * Applies every row without errors in one transaction: new e-mails create users (active, without
 * password unless the file gives one), known e-mails update them. Every change is audited; a row whose
 * values equal the user's is counted as updated but neither written nor audited. A password set here
 * ends that user's sessions, as in Gestión de Usuarios. Every user created without a password is
 * mailed an access link in the same transaction (decision 033).
 */
export async function applyImport(
  db: Kysely<Database>,
  engine: Engine,
  csv: string,
  actor: Actor,
  mail: MailSettings,
): Promise<UsersImportResult> {
  const file = readImportFile(csv);
  // Hash outside the transaction (slow on purpose); a row that turns out in error just drops its hash.
  const withPassword = file.rows.filter((r) => r.errors.length === 0 && r.password !== null);
  const hashes = new Map<number, string>();
  const hashed = await mapLimited(withPassword, 4, (r) => hashPassword(r.password!));
  withPassword.forEach((r, i) => hashes.set(r.line, hashed[i]!));

  try {
    const result = await db.transaction().execute(async (trx) => {
      // 'Reporta a' is planned (its cycle check) and written under the lock every such change takes,
      // before any row lock (decision 042).
      if (file.columns.has('manager')) await lockReportsTo(trx);
      const world = await loadWorld(trx, engine, file, true);
      const rows = plan(file, world, actor);
      const entries: AuditEntry[] = [];
      const audit = (e: Omit<AuditEntry, 'userId' | 'entity' | 'ip'>) =>
        entries.push({ ...e, userId: actor.userId, entity: 'user', ip: actor.ip });

      const creates = rows.filter((r) => r.action === 'create');
      const created = await insertUsers(
        trx,
        creates.map((r): ImportedUser => {
          const hash = hashes.get(r.read.line) ?? null;
          // Every row carries every flag (one multi-row INSERT): decisions 023 and 040.
          const flags = hash
            ? passwordSetBy(actor)
            : { password_set_by_other: 0, password_known_to_hr: 0, password_via_link: 0 };
          return {
            ...r.values!,
            password_hash: hash,
            ...flags,
            email_confirmed: emailConfirmedBy(actor, r.values!.email),
          };
        }),
      );
      for (const row of created) audit({ action: 'create', entityId: row.id, after: toPublicUser(row) });
      // New people without a password choose their own through an access link.
      const invited = created.flatMap((row) =>
        row.password_hash === null && row.email !== null
          ? [{ id: row.id, name: row.name, email: row.email }]
          : [],
      );
      await issueAccessLinks(trx, mail, invited);
      for (const person of invited)
        audit({ action: 'access_link', entityId: person.id, after: { email: person.email } });

      const updates = rows.filter((r) => r.action === 'update');
      for (const r of updates) {
        const before = r.existing!;
        const hash = hashes.get(r.read.line);
        if (!changed(before, r.values!) && hash === undefined) continue;
        const { name, role, position, department, category_id } = r.values!;
        const after = await updateUserRow(trx, before.id, {
          name,
          role,
          position,
          department,
          category_id,
          ...(hash ? { password_hash: hash, ...passwordSetBy(actor) } : {}),
        });
        if (!after) continue;
        if (hash) await deleteUserSessions(trx, before.id);
        // A new role ends the person's access and reset links, as in Gestión de Usuarios (decision 042).
        if (before.role !== after.role) await deleteUserTokens(trx, before.id);
        audit({
          action: hash ? 'update_with_password' : 'update',
          entityId: before.id,
          before: toPublicUser(before),
          after: toPublicUser(after),
        });
      }
      // 'Reporta a' last: a manager further down the file exists by now (decision 036).
      if (file.columns.has('manager')) {
        const idOf = new Map<string, number>();
        for (const [email, row] of world.existing) idOf.set(email, row.id);
        for (const row of created) if (row.email !== null) idOf.set(row.email, row.id);
        for (const r of rows) {
          if (r.action === 'error' || r.read.email === null) continue;
          const id = idOf.get(r.read.email);
          if (id === undefined) continue;
          const managerId = r.read.managerEmail === null ? null : (idOf.get(r.read.managerEmail) ?? null);
          const current = r.existing?.manager_id ?? null;
          if (managerId === current) continue;
          await updateUserRow(trx, id, { manager_id: managerId });
          audit({
            action: 'update',
            entityId: id,
            before: { manager_id: current },
            after: { manager_id: managerId },
          });
        }
      }
      await auditMany(trx, entries);
      const counts = countsOf(rows);
      return {
        created: counts.create,
        updated: counts.update,
        skipped: counts.error,
        links_sent: invited.length,
      };
    });
    kickOutbox(db);
    return result;
  } catch (err) {
    // An e-mail registered by someone else meanwhile: the whole import is refused, nothing written.
    if (isUniqueViolation(err)) throw conflict(USER_MESSAGES.duplicateEmail, ERROR_CODES.duplicateEmail);
    throw err;
  }
}
