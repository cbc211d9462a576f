import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type Engine } from '../../apps/server/src/db/connection';

/** A throwaway database for an app process: a new SQLite file, or a new schema in a PostgreSQL database. */
export interface FreshDatabase {
  engine: Engine;
  /** DATABASE_URL for the app process (PostgreSQL: the schema goes in as `options=-c search_path=…`). */
  url: string;
  /** Opens a handle on the same data, for checks from the test or the benchmark. */
  open(): DatabaseHandle;
  drop(): Promise<void>;
}

/** DATABASE_URL whose connections work in `schema` (libpq's `options` parameter, which pg honours). */
export function withSearchPath(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

export async function freshDatabase(engine: Engine, pgUrl?: string): Promise<FreshDatabase> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-rel-'));
    const url = `sqlite:${path.join(dir, 'app.db')}`;
    return {
      engine,
      url,
      open: () => openDatabase(url, { dataDir: dir }),
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (!pgUrl) throw new Error('PostgreSQL needs a server URL (TEST_DATABASE_URL).');
  const schema = `rel_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    engine,
    url: withSearchPath(pgUrl, schema),
    open: () => openDatabase(pgUrl, { dataDir: os.tmpdir(), pgSchema: schema, pgPoolSize: 4 }),
    drop: async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}
