import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';

/**
 * Migrated databases that each test context copies instead of migrating its own (migrating takes
 * 0.1–0.4 s, a copy a few milliseconds): a SQLite file, and a PostgreSQL database used as the TEMPLATE
 * of `CREATE DATABASE`. Made once per run of the API suite by test/global-setup.ts; a context checks
 * that migrating its copy applies nothing, so a template behind the migrations fails loudly.
 */
export interface Templates {
  /** The migrated SQLite file ('' when none was made). */
  sqlite: string;
  /** The migrated PostgreSQL database's name ('' without PostgreSQL). */
  postgres: string;
}

/** TEST_DATABASE_URL with another database name. */
export function databaseUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL as string });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function makeTemplates(): Promise<{ templates: Templates; remove(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-template-'));
  const sqlite = path.join(dir, 'template.db');
  const lite = openDatabase(`sqlite:${sqlite}`, { dataDir: dir });
  await migrateToLatest(lite);
  await lite.destroy();

  let postgres = '';
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    postgres = `evalua_tpl_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(`create database ${postgres}`);
    const handle = openDatabase(databaseUrl(base, postgres), { dataDir: dir, pgPoolSize: 1 });
    try {
      await migrateToLatest(handle);
    } finally {
      await handle.destroy();
    }
  }
  return {
    templates: { sqlite, postgres },
    async remove() {
      fs.rmSync(dir, { recursive: true, force: true });
      if (postgres) await adminQuery(`drop database if exists ${postgres} with (force)`);
    },
  };
}
