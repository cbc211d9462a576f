import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DATABASE_FILE_MODE, sqliteSidecars } from './connection';

/**
 * Backup and restore of the SQLite database (docs/reliability.md). A backup is SQLite's online
 * backup (better-sqlite3's db.backup()): a consistent copy taken while the app keeps running,
 * saved as one self-contained file. A restore replaces the database file with a checked copy —
 * with the app stopped — and keeps the file it replaces as …-before-restore.db. PostgreSQL is
 * backed up with pg_dump and restored with pg_restore; the last functions give those commands.
 */

/** A refusal the operator can act on; its message is a Spanish sentence. */
export class BackupError extends Error {}

/** Tables every Evalúa database has had since its first migration. */
const CORE_TABLES = ['kysely_migration', 'users', 'sessions', 'audit_log', 'app_meta'];

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYYMMDD-HHMMSS in the machine's local time (what an operator reads off a clock). */
export function stamp(now: Date): string {
  return (
    `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-` +
    `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`
  );
}

/** A path in `dir` named `<base>.<ext>` that does not exist yet (-2, -3… on a clash). */
function freePath(dir: string, base: string, ext: string): string {
  for (let n = 1; ; n += 1) {
    const file = path.join(dir, `${base}${n === 1 ? '' : `-${n}`}.${ext}`);
    if (!fs.existsSync(file)) return file;
  }
}

/** The folder of the copies: its owner alone lists or opens it (decision 043). */
const BACKUPS_DIR_MODE = 0o700;

function makeBackupsDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: BACKUPS_DIR_MODE });
}

function removeWithSidecars(file: string): void {
  for (const f of [file, ...sqliteSidecars(file)]) fs.rmSync(f, { force: true });
}

/**
 * SQLite's online backup of `db` into the new file `target`, made a rollback-journal file
 * (nothing beside it, no -wal even once opened: copyable anywhere), rebuilt by VACUUM (no free page
 * or overwritten cell keeps what the live file once held, such as a link taken out of a message)
 * and checked. The file is created 0600 before anything is written to it (decision 043).
 */
async function copyDatabase(db: SQLite.Database, target: string): Promise<void> {
  try {
    fs.closeSync(fs.openSync(target, 'wx', DATABASE_FILE_MODE));
    await db.backup(target);
    const copy = new SQLite(target, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
      copy.exec('VACUUM');
      const check: unknown = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new BackupError(`La copia ${target} no pasó quick_check: ${String(check)}.`);
    } finally {
      copy.close();
    }
  } catch (err) {
    removeWithSidecars(target);
    throw err;
  }
}

/**
 * Copies the live database `dbFile` to `<backupsDir>/evalua-YYYYMMDD-HHMMSS.db` with SQLite's
 * online backup (safe while the app runs: the copy is one consistent state) and answers its path.
 */
export async function backupSqlite(dbFile: string, backupsDir: string, now = new Date()): Promise<string> {
  if (dbFile === ':memory:') throw new BackupError('Una base de datos en memoria no se puede respaldar.');
  if (!fs.existsSync(dbFile)) throw new BackupError(`No existe la base de datos ${dbFile}.`);
  makeBackupsDir(backupsDir);
  const target = freePath(backupsDir, `evalua-${stamp(now)}`, 'db');
  const db = new SQLite(dbFile, { fileMustExist: true, timeout: 5000 });
  try {
    await copyDatabase(db, target);
  } finally {
    db.close();
  }
  return target;
}

/**
 * Refuses (BackupError) unless `file` is an intact Evalúa database this version can run: a SQLite
 * file that passes quick_check, holds Evalúa's tables and has only migrations this code knows.
 * Opens it for writing (a read-only open of a WAL file leaves -wal/-shm behind): pass a copy.
 * `name` is how the messages call the file.
 */
function checkEvaluaDatabase(file: string, knownMigrations: readonly string[], name: string): void {
  const notSqlite = () => new BackupError(`${name} no es una base de datos SQLite.`);
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { fileMustExist: true });
  } catch {
    throw notSqlite();
  }
  try {
    let check: unknown;
    try {
      check = db.pragma('quick_check', { simple: true });
    } catch {
      throw notSqlite();
    }
    if (check !== 'ok') throw new BackupError(`${name} está dañado (quick_check: ${String(check)}).`);
    const tables = new Set(
      db
        .prepare("select name from sqlite_master where type = 'table'")
        .all()
        .map((r) => (r as { name: string }).name),
    );
    const missing = CORE_TABLES.filter((t) => !tables.has(t));
    if (missing.length > 0) {
      throw new BackupError(
        `${name} no es una base de datos de Evalúa (faltan las tablas ${missing.join(', ')}).`,
      );
    }
    const applied = db
      .prepare('select name from kysely_migration order by name')
      .all()
      .map((r) => (r as { name: string }).name);
    if (!applied.includes('0001-foundation')) {
      throw new BackupError(`${name} no es una base de datos de Evalúa (no tiene la migración inicial).`);
    }
    const unknown = applied.filter((m) => !knownMigrations.includes(m));
    if (unknown.length > 0) {
      throw new BackupError(
        `${name} viene de una versión más nueva de Evalúa (migraciones desconocidas: ${unknown.join(', ')}). ` +
          'Actualiza la aplicación antes de restaurarla.',
      );
    }
  } finally {
    db.close();
  }
}

/** Refuses while another connection (the running app) has the database open. */
function assertNotInUse(file: string): void {
  const db = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    // An exclusive lock is granted only when no other connection has the file open (WAL or not).
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('begin exclusive; commit');
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code)) {
      throw new BackupError(
        `La base de datos ${file} está en uso. Detén la aplicación antes de restaurar una copia.`,
      );
    }
    throw err;
  } finally {
    db.close();
  }
}

export interface RestoreResult {
  /** The copy of the database that was replaced, or null when there was none. */
  previous: string | null;
}

/**
 * Replaces the database `target` with the backup `source`. The app must be stopped (a database
 * still in use is refused). The backup is copied beside the target and checked there (the file
 * given is never opened); the current database is saved as
 * `<backupsDir>/<name>-YYYYMMDD-HHMMSS-before-restore.db`; then the checked copy is renamed over
 * the target, so the target is always either the old or the new database. Migrations that the
 * backup lacks run at the next start, as usual.
 */
export async function restoreSqlite(
  source: string,
  target: string,
  backupsDir: string,
  knownMigrations: readonly string[],
  now = new Date(),
): Promise<RestoreResult> {
  if (target === ':memory:')
    throw new BackupError('No se puede restaurar sobre una base de datos en memoria.');
  const from = path.resolve(source);
  const to = path.resolve(target);
  if (from === to) throw new BackupError('La copia y la base de datos son el mismo archivo.');
  if (!fs.existsSync(from) || !fs.statSync(from).isFile())
    throw new BackupError(`No existe el archivo ${from}.`);
  const wal = `${from}-wal`;
  if (fs.existsSync(wal) && fs.statSync(wal).size > 0) {
    throw new BackupError(
      `${from} tiene cambios pendientes en ${path.basename(wal)}: no es una copia cerrada. ` +
        'Restaura una copia hecha con npm run backup.',
    );
  }

  fs.mkdirSync(path.dirname(to), { recursive: true });
  const staging = `${to}.restoring`;
  removeWithSidecars(staging);
  try {
    fs.copyFileSync(from, staging);
    // A copy made by an older version may be 0644: the database it becomes is 0600 (decision 043).
    fs.chmodSync(staging, DATABASE_FILE_MODE);
    checkEvaluaDatabase(staging, knownMigrations, from);

    let previous: string | null = null;
    if (fs.existsSync(to)) {
      assertNotInUse(to);
      makeBackupsDir(backupsDir);
      const base = path.basename(to).replace(/\.(db|sqlite3?)$/i, '');
      previous = freePath(backupsDir, `${base}-${stamp(now)}-before-restore`, 'db');
      const current = new SQLite(to, { fileMustExist: true, timeout: 5000 });
      try {
        // Through SQLite, so pages still in the WAL are part of the copy.
        await copyDatabase(current, previous);
      } finally {
        // The last connection to close checkpoints the WAL and removes it.
        current.close();
      }
    }
    // A WAL left by the replaced file would be replayed into the new one: it goes first (its
    // pages are in the before-restore copy).
    for (const f of sqliteSidecars(to)) fs.rmSync(f, { force: true });
    fs.renameSync(staging, to);
    return { previous };
  } finally {
    removeWithSidecars(staging);
  }
}

/** The pg_dump command for PostgreSQL (DATABASE_URL is left to the shell: no password printed). */
export function postgresBackupCommand(backupsDir: string, now = new Date()): string {
  const file = path.join(backupsDir, `evalua-${stamp(now)}.dump`);
  // umask: the dump file is the owner's alone, like a SQLite copy (decision 043).
  return `(umask 077 && pg_dump --format=custom --no-owner --no-privileges --file "${file}" "$DATABASE_URL")`;
}

/** The pg_restore command that restores a pg_dump archive over the database, in one transaction. */
export function postgresRestoreCommand(file: string): string {
  return (
    'pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction ' +
    `--dbname "$DATABASE_URL" "${file}"`
  );
}
