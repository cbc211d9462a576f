import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type Engine } from '../../apps/server/src/db/connection';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { repoRoot } from './app-process';
import { LARGE_SEED_VERSION, readSeedInfo, seedLargeDistrict, type LargeSeedInfo } from './large-seed';

/**
 * Where the large seed lives, and how a benchmark gets a throwaway copy of it: a copied file on
 * SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL.
 */

/** The cached SQLite file of a district (data/ is git-ignored). */
export function defaultSqliteFile(staff: number): string {
  return path.join(repoRoot, 'data/bench', `large-${staff}-v${LARGE_SEED_VERSION}.sqlite`);
}

/** The same server as `url`, another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  u.searchParams.delete('options');
  return u.toString();
}

export function databaseOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

/** The cached PostgreSQL database of a district, on the server of `serverUrl`. */
export function defaultPgUrl(serverUrl: string, staff: number): string {
  return withDatabase(serverUrl, `evalua_large_${staff}_v${LARGE_SEED_VERSION}`);
}

const SAFE_NAME = /^[a-z_][a-z0-9_]*$/;

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function pgDatabaseExists(url: string): Promise<boolean> {
  return admin(url, async (c) => {
    const r = await c.query('select 1 from pg_database where datname = $1', [databaseOf(url)]);
    return r.rowCount === 1;
  });
}

/** Reads the seed description of a database (undefined: absent, not migrated, or not a seed). */
export async function seedInfoAt(engine: Engine, location: string): Promise<LargeSeedInfo | undefined> {
  if (engine === 'sqlite' ? !fs.existsSync(location) : !(await pgDatabaseExists(location))) return undefined;
  const handle = open(engine, location);
  try {
    return await readSeedInfo(handle.db);
  } finally {
    await handle.destroy();
  }
}

export function open(engine: Engine, location: string): DatabaseHandle {
  return engine === 'sqlite'
    ? openDatabase(`sqlite:${location}`, { dataDir: path.dirname(location) })
    : openDatabase(location, { dataDir: os.tmpdir(), pgPoolSize: 2 });
}

async function isEmptyPg(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query(
      "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return (r.rows[0] as { n: number }).n === 0;
  } finally {
    await c.end();
  }
}

export interface SeedRun {
  info: LargeSeedInfo;
  location: string;
  ms: number;
}

/**
 * Seeds a district into a fresh database at `location` (a SQLite file, or a PostgreSQL URL whose
 * database is created). Replaces an earlier seed there; refuses anything else that holds data.
 */
export async function seedInto(
  engine: Engine,
  location: string,
  staff: number,
  log: (line: string) => void = () => undefined,
): Promise<SeedRun> {
  const started = performance.now();
  const previous = await seedInfoAt(engine, location);
  if (engine === 'sqlite') {
    if (fs.existsSync(location) && !previous && fs.statSync(location).size > 0) {
      const h = open(engine, location);
      const empty = await h.db
        .selectFrom('users')
        .select('id')
        .limit(1)
        .execute()
        .then((r) => r.length === 0)
        .catch(() => true);
      await h.destroy();
      if (!empty) throw new Error(`${location} holds data that is not a large seed: not overwriting it`);
    }
    fs.mkdirSync(path.dirname(location), { recursive: true });
    // Built under a temporary name and renamed: a half-written seed never looks like a finished one.
    const tmp = `${location}.tmp-${process.pid}`;
    for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`]) fs.rmSync(f, { force: true });
    const handle = open(engine, tmp);
    let info: LargeSeedInfo;
    try {
      await migrateToLatest(handle);
      log(`migrated ${tmp}`);
      info = await seedLargeDistrict(handle.db, engine, staff, log);
    } catch (err) {
      await handle.destroy();
      for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`]) fs.rmSync(f, { force: true });
      throw err;
    }
    await handle.destroy();
    for (const f of [location, `${location}-wal`, `${location}-shm`]) fs.rmSync(f, { force: true });
    fs.renameSync(tmp, location);
    return { info, location, ms: performance.now() - started };
  }
  const name = databaseOf(location);
  if (!SAFE_NAME.test(name)) throw new Error(`database name "${name}": use lower-case letters, digits and _`);
  if (await pgDatabaseExists(location)) {
    if (!previous && !(await isEmptyPg(location)))
      throw new Error(`database ${name} holds data that is not a large seed: not replacing it`);
    await admin(location, (c) => c.query(`drop database ${name} with (force)`));
  }
  await admin(location, (c) => c.query(`create database ${name}`));
  const handle = open(engine, location);
  try {
    await migrateToLatest(handle);
    log(`migrated database ${name}`);
    const info = await seedLargeDistrict(handle.db, engine, staff, log);
    return { info, location, ms: performance.now() - started };
  } catch (err) {
    await handle.destroy();
    await admin(location, (c) => c.query(`drop database if exists ${name} with (force)`));
    throw err;
  } finally {
    await handle.destroy().catch(() => undefined);
  }
}

/** A throwaway copy of a seeded database for one benchmark run. */
export interface RunCopy {
  /** DATABASE_URL for the app. */
  url: string;
  open(): DatabaseHandle;
  drop(): Promise<void>;
}

export async function copyForRun(engine: Engine, location: string): Promise<RunCopy> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-bench-'));
    const file = path.join(dir, 'app.db');
    fs.copyFileSync(location, file);
    return {
      url: `sqlite:${file}`,
      open: () => open('sqlite', file),
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `evalua_bench_run_${process.pid}`;
  await admin(location, async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name} template ${databaseOf(location)}`);
  });
  const url = withDatabase(location, name);
  return {
    url,
    open: () => open('postgres', url),
    drop: () =>
      admin(location, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
