import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../paths';
import { BackupError, backupSqlite, restoreSqlite, stamp } from './backup';
import { openDatabase, type DatabaseHandle } from './connection';
import { migrateToLatest } from './migrate';
import { allMigrations } from './migrations/index';

const KNOWN = Object.keys(allMigrations('sqlite'));
const run = promisify(execFile);

let dir: string;
let dbFile: string;
let backups: string;
let handle: DatabaseHandle | undefined;

async function openApp(): Promise<DatabaseHandle> {
  handle = openDatabase(`sqlite:${dbFile}`, { dataDir: dir });
  return handle;
}

async function closeApp(): Promise<void> {
  await handle?.destroy();
  handle = undefined;
}

async function categoryNames(file: string): Promise<string[]> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('select name from categories order by name')
      .all()
      .map((r) => (r as { name: string }).name);
  } finally {
    db.close();
  }
}

async function addCategory(h: DatabaseHandle, name: string): Promise<void> {
  await h.db.insertInto('categories').values({ name, name_key: name.toLowerCase() }).execute();
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-backup-'));
  dbFile = path.join(dir, 'evalua.db');
  backups = path.join(dir, 'backups');
  const h = await openApp();
  await migrateToLatest(h);
  await addCategory(h, 'Docentes');
});

afterEach(async () => {
  await closeApp();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('SQLite backup and restore', () => {
  it('backs up the live database, and a restore brings back exactly that state', async () => {
    const h = handle as DatabaseHandle;
    // Online: the app's connection stays open (WAL, with a write not yet checkpointed).
    const when = new Date(2026, 2, 5, 14, 30, 7);
    const copy = await backupSqlite(dbFile, backups, when);
    expect(copy).toBe(path.join(backups, 'evalua-20260305-143007.db'));
    // One self-contained file: nothing beside it, even after it is opened.
    expect(await categoryNames(copy)).toEqual(['Docentes']);
    expect(fs.readdirSync(backups)).toEqual(['evalua-20260305-143007.db']);
    // A second backup in the same second does not overwrite the first.
    expect(await backupSqlite(dbFile, backups, when)).toBe(path.join(backups, 'evalua-20260305-143007-2.db'));

    await h.db.updateTable('categories').set({ name: 'Renombrada', name_key: 'renombrada' }).execute();
    await addCategory(h, 'Administrativos');
    await closeApp();

    const { previous } = await restoreSqlite(copy, dbFile, backups, KNOWN, new Date(2026, 2, 6, 9, 0, 0));
    expect(previous).toBe(path.join(backups, 'evalua-20260306-090000-before-restore.db'));
    expect(await categoryNames(dbFile)).toEqual(['Docentes']);
    // The replaced database is kept, with the changes made after the backup.
    expect(await categoryNames(previous as string)).toEqual(['Administrativos', 'Renombrada']);
    expect(fs.existsSync(`${dbFile}.restoring`)).toBe(false);

    // The app opens the restored file, migrates (nothing to do) and works on it.
    const again = await openApp();
    expect(await migrateToLatest(again)).toEqual([]);
    await addCategory(again, 'Nueva');
    expect((await again.db.selectFrom('categories').select('name').execute()).length).toBe(2);
  });

  it('restores onto a machine that has no database yet', async () => {
    const copy = await backupSqlite(dbFile, backups);
    await closeApp();
    const elsewhere = path.join(dir, 'nuevo', 'evalua.db');
    expect((await restoreSqlite(copy, elsewhere, backups, KNOWN)).previous).toBeNull();
    expect(await categoryNames(elsewhere)).toEqual(['Docentes']);
  });

  it('refuses a file that is not a valid Evalúa database, and leaves the database as it was', async () => {
    await closeApp();
    const junk = path.join(dir, 'junk.db');
    fs.writeFileSync(junk, 'esto no es una base de datos '.repeat(200));
    const foreign = path.join(dir, 'ajena.db');
    const other = new SQLite(foreign);
    other.exec('create table notas (id integer primary key, texto text)');
    other.close();
    const newer = await backupSqlite(dbFile, backups);
    const n = new SQLite(newer);
    n.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('9999-del-futuro', 'x');
    n.close();
    const damaged = path.join(dir, 'dañada.db');
    fs.copyFileSync(await backupSqlite(dbFile, backups), damaged);
    const bytes = fs.readFileSync(damaged);
    bytes.fill(0x41, 4096, bytes.length); // every page after the first overwritten
    fs.writeFileSync(damaged, bytes);

    const refusals: Array<[string, RegExp]> = [
      [path.join(dir, 'no-existe.db'), /^No existe el archivo/],
      [junk, /no es una base de datos SQLite\.$/],
      [foreign, /no es una base de datos de Evalúa \(faltan las tablas kysely_migration, users/],
      [newer, /viene de una versión más nueva de Evalúa \(migraciones desconocidas: 9999-del-futuro\)/],
      [damaged, /(está dañado|no es una base de datos)/],
      [dbFile, /son el mismo archivo/],
    ];
    const before = fs.readFileSync(dbFile);
    const backupsBefore = fs.readdirSync(backups).sort();
    for (const [file, message] of refusals) {
      const attempt = restoreSqlite(file, dbFile, backups, KNOWN);
      await expect(attempt, file).rejects.toBeInstanceOf(BackupError);
      await expect(restoreSqlite(file, dbFile, backups, KNOWN), file).rejects.toThrow(message);
    }
    expect(fs.readFileSync(dbFile).equals(before)).toBe(true);
    expect(fs.readdirSync(backups).sort()).toEqual(backupsBefore);
    expect(fs.existsSync(`${dbFile}.restoring`)).toBe(false);
    // The file given is never changed (nor given -wal/-shm companions).
    expect(fs.readdirSync(dir).filter((f) => /-(wal|shm)$/.test(f))).toEqual([]);
  });

  it('refuses while the app has the database open', async () => {
    const copy = await backupSqlite(dbFile, backups);
    await addCategory(handle as DatabaseHandle, 'Después de la copia');
    await expect(restoreSqlite(copy, dbFile, backups, KNOWN)).rejects.toThrow(
      /está en uso. Detén la aplicación/,
    );
    expect(
      await (handle as DatabaseHandle).db.selectFrom('categories').select('name').execute(),
    ).toHaveLength(2);
    expect(fs.readdirSync(backups)).toEqual([path.basename(copy)]);
  });

  it('names copies by local date and time', () => {
    expect(stamp(new Date(2026, 0, 2, 3, 4, 5))).toBe('20260102-030405');
  });
});

/** A file's permission bits. */
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('who may read the database and its copies (decision 043)', () => {
  it('the database, its WAL and shared memory are 0600, also under a permissive umask', async () => {
    const h = handle as DatabaseHandle;
    await addCategory(h, 'Con WAL');
    for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) expect([f, modeOf(f)]).toEqual([f, 0o600]);
    await closeApp();

    // A database an older version left world-readable is tightened at the next start.
    for (const f of [dbFile]) fs.chmodSync(f, 0o644);
    const previous = process.umask(0o000);
    try {
      const fresh = path.join(dir, 'nueva', 'evalua.db');
      const other = openDatabase(`sqlite:${fresh}`, { dataDir: dir });
      try {
        await migrateToLatest(other);
        for (const f of [fresh, `${fresh}-wal`, `${fresh}-shm`]) expect([f, modeOf(f)]).toEqual([f, 0o600]);
      } finally {
        await other.destroy();
      }
      const again = await openApp();
      await addCategory(again, 'Otra');
      for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) expect([f, modeOf(f)]).toEqual([f, 0o600]);
    } finally {
      process.umask(previous);
    }
  });

  it('every file a backup and a restore write is 0600, and the copies folder 0700', async () => {
    const previous = process.umask(0o000);
    try {
      const copy = await backupSqlite(dbFile, backups);
      expect(modeOf(copy)).toBe(0o600);
      expect(modeOf(backups)).toBe(0o700);
      await closeApp();
      // A copy an older version made world-readable: the database restored from it is not.
      fs.chmodSync(copy, 0o644);
      const { previous: before } = await restoreSqlite(copy, dbFile, backups, KNOWN);
      expect(modeOf(before as string)).toBe(0o600);
      expect(modeOf(dbFile)).toBe(0o600);
      expect(fs.readdirSync(backups).filter((f) => /-(wal|shm|journal)$/.test(f))).toEqual([]);
    } finally {
      process.umask(previous);
    }
  });

  it('a backup holds nothing the live file once held and no longer does', async () => {
    const h = handle as DatabaseHandle;
    const secret = `secreto-${'x'.repeat(40)}-borrado`;
    await addCategory(h, secret);
    await h.db.deleteFrom('categories').where('name', '=', secret).execute();
    const copy = await backupSqlite(dbFile, backups);
    expect(fs.readFileSync(copy).includes(Buffer.from(secret))).toBe(false);
  });
});

describe('npm run backup / restore (the CLI)', () => {
  const cli = (args: string[], env: Record<string, string>) =>
    run(process.execPath, ['--import', 'tsx', 'apps/server/src/db/backup-cli.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, INIT_CWD: dir, ...env },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({
        code: e.code,
        stdout: e.stdout,
        stderr: e.stderr,
      }),
    );

  it('backs up and restores the SQLite file DATABASE_URL names; prints pg commands for PostgreSQL', async () => {
    const env = { DATABASE_URL: `sqlite:${dbFile}`, BACKUP_DIR: 'copias' };
    const made = await cli(['backup'], env);
    expect(made.code, made.stderr).toBe(0);
    const copy = /Copia de seguridad creada: (.+\.db)/.exec(made.stdout)?.[1] as string;
    expect(path.dirname(copy)).toBe(path.join(dir, 'copias'));
    expect(path.basename(copy)).toMatch(/^evalua-\d{8}-\d{6}\.db$/);

    await addCategory(handle as DatabaseHandle, 'Cambio posterior');
    const busy = await cli(['restore', path.relative(dir, copy)], env);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/está en uso/);

    await closeApp();
    const restored = await cli(['restore', path.relative(dir, copy)], env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/-before-restore\.db/);
    expect(await categoryNames(dbFile)).toEqual(['Docentes']);

    const missing = await cli(['restore'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Indica un solo archivo/);

    const pg = { DATABASE_URL: 'postgres://evalua:secreto@db.example:5432/evalua', BACKUP_DIR: 'copias' };
    const dump = await cli(['backup'], pg);
    expect(dump.code).toBe(2);
    expect(dump.stdout).toMatch(/\(umask 077 && pg_dump --format=custom .*"\$DATABASE_URL"\)/);
    const pgRestore = await cli(['restore', 'copia.dump'], pg);
    expect(pgRestore.code).toBe(2);
    expect(pgRestore.stdout).toContain(`pg_restore --clean --if-exists`);
    expect(pgRestore.stdout).toContain(path.join(dir, 'copia.dump'));
    expect(`${dump.stdout}${pgRestore.stdout}`).not.toContain('secreto');
  });
});
