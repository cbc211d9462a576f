import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type SQLiteModule from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import type PgModule from 'pg';
import { NamedStatements } from './pg-named';
import type { Database } from './schema';
import { GroupCommitSqliteDialect } from './sqlite-driver';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** Where the data lives, for logs: a file path or the server address (never a password). */
  location: string;
  destroy(): Promise<void>;
}

export interface OpenOptions {
  /** The default SQLite file's folder. */
  dataDir: string;
  /** Relative SQLite paths start here (config.callerDir); the working directory otherwise. */
  callerDir?: string;
  /** PostgreSQL only: the schema to work in (tests use one schema per run). */
  pgSchema?: string;
  /** PostgreSQL only: pool size. */
  pgPoolSize?: number;
  /** PostgreSQL only: name the statements the app repeats (decision 061; default true). */
  pgPreparedStatements?: boolean;
}

// Each engine's driver is loaded only when that engine is used: a process holds one of them, not
// both (pg alone is ~15 MB of memory; docs/performance.md).
const require = createRequire(import.meta.url);

let pgModule: typeof PgModule | undefined;
function loadPg(): typeof PgModule {
  if (!pgModule) {
    pgModule = require('pg') as typeof PgModule;
    // COUNT(*) and other int8 values come back as strings by default; our counts fit easily in a double.
    pgModule.types.setTypeParser(pgModule.types.builtins.INT8, (v) => Number.parseInt(v, 10));
    pgModule.types.setTypeParser(pgModule.types.builtins.NUMERIC, (v) => Number.parseFloat(v));
  }
  return pgModule;
}

export function engineOf(url: string | undefined): Engine {
  return url !== undefined && /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

export function sqlitePathOf(url: string | undefined, dataDir: string, callerDir = process.cwd()): string {
  if (url === undefined) return path.join(dataDir, 'evalua.db');
  const file = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : url;
  if (file === ':memory:') return file;
  return path.isAbsolute(file) ? file : path.resolve(callerDir, file);
}

export function openDatabase(url: string | undefined, options: OpenOptions): DatabaseHandle {
  if (engineOf(url) === 'postgres') return openPostgres(url as string, options);
  return openSqlite(sqlitePathOf(url, options.dataDir, options.callerDir));
}

/** The mode of the database and of every copy of it: the owner alone reads it (decision 043). */
export const DATABASE_FILE_MODE = 0o600;

/** The SQLite files beside a database: its WAL, shared memory and rollback journal. */
export function sqliteSidecars(file: string): string[] {
  return [`${file}-wal`, `${file}-shm`, `${file}-journal`];
}

/**
 * Makes the database file (created empty if missing) and its existing sidecars readable by the
 * owner alone. SQLite gives the -wal, -shm and -journal it creates the mode of the database file, so
 * they follow. A file created 0644 by an older version is tightened at its next start.
 */
export function restrictDatabaseFiles(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', DATABASE_FILE_MODE));
  for (const f of [file, ...sqliteSidecars(file)]) {
    try {
      fs.chmodSync(f, DATABASE_FILE_MODE);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}

function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    restrictDatabaseFiles(file);
  }
  const SQLite = require('better-sqlite3') as typeof SQLiteModule;
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  if (file !== ':memory:') restrictDatabaseFiles(file);
  // Deleted and overwritten content (a link taken out of a message, decision 043) is zeroed in the
  // pages written anyway, at no extra I/O.
  sqlite.pragma('secure_delete = FAST');
  // NORMAL: a COMMIT does not fsync the WAL itself; the driver does, off the event loop, before it
  // acknowledges the write (one fsync for every commit made before it started). So an acknowledged
  // write survives a crash of the process and of the machine, as with FULL (decision 020).
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new GroupCommitSqliteDialect(sqlite) });
  return { db, engine: 'sqlite', location: file, destroy: () => db.destroy() };
}

function openPostgres(url: string, options: OpenOptions): DatabaseHandle {
  const pg = loadPg();
  const pool = new pg.Pool({
    connectionString: url,
    max: options.pgPoolSize ?? 10,
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
  });
  // A client that loses its server (restart) must not crash the process: an idle one is reported on
  // the pool; a checked-out one (inside a transaction, between two queries) on itself, and without a
  // listener that 'error' event would be thrown. Its next query fails instead (a 503 for the caller).
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  // Statements the app repeats are prepared once per connection (decision 061).
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: options.pgPreparedStatements === false ? pool : new NamedStatements().wrap(pool),
    }),
  });
  const u = new URL(url);
  return {
    db,
    engine: 'postgres',
    location: `${u.hostname}:${u.port || '5432'}${u.pathname}`,
    destroy: () => db.destroy(),
  };
}
