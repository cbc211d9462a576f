import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { AppContext } from '../src/context';
import { openDatabase, type DatabaseHandle, type Engine } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { testEngines } from './engines';
import { TestClient } from './client';
import { adminQuery, databaseUrl as urlWithDatabase, type Templates } from './templates';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestContext extends AppContext {
  app: FastifyInstance;
  handle: DatabaseHandle;
  /** PostgreSQL: the URL of the context's own database (for a second client or pg_dump). */
  databaseUrl: string | undefined;
  /** A client with its own cookie jar (a browser, in effect). */
  client(): TestClient;
  /**
   * Another instance of the app on the same database: its own connection(s) and in-memory caches,
   * as a second server behind a proxy would have. Closed with the context at the latest.
   */
  secondInstance(): Promise<{ app: FastifyInstance; db: DatabaseHandle['db']; client(): TestClient }>;
  close(): Promise<void>;
}

/**
 * The overload guard is off (its own tests turn it on): a test machine running several suites at
 * once must not have a suite's requests refused because another suite keeps the CPU busy.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent' }),
    overloadMaxLatencyMs: 0,
    automaticReminders: false,
    mailPollMilliseconds: 50,
    mailRetrySeconds: 1,
    ...overrides,
  };
}

/**
 * The migrated templates of this run (test/global-setup.ts), or undefined where no global setup made
 * them (the reliability project): the context then migrates its database itself.
 */
function providedTemplates(): Templates | undefined {
  try {
    const t = inject('templates');
    return t?.sqlite ? t : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Opens a fresh database (a temp SQLite file, or a new PostgreSQL database), copied from the run's
 * migrated template and checked up to date, with an app on it.
 */
export async function createTestContext(
  engine: Engine,
  overrides: Partial<Config> = {},
  /** SQLite only: the folder to make the database's temporary folder in (os.tmpdir() by default). */
  options: { sqliteDir?: string } = {},
): Promise<TestContext> {
  const config = testConfig(overrides);
  const templates = providedTemplates();
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let reopen: () => DatabaseHandle;
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    const base = process.env.TEST_DATABASE_URL as string;
    // A database of its own, copied from the migrated template (or migrated below when there is none).
    const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(
      templates?.postgres
        ? `create database ${name} template ${templates.postgres}`
        : `create database ${name}`,
    );
    const url = urlWithDatabase(base, name);
    databaseUrl = url;
    reopen = () => openDatabase(url, { dataDir: os.tmpdir(), pgPoolSize: 5 });
    handle = reopen();
    cleanup = () => adminQuery(`drop database if exists ${name} with (force)`);
  } else {
    const dir = fs.mkdtempSync(path.join(options.sqliteDir ?? os.tmpdir(), 'evalua-test-'));
    const file = path.join(dir, 'test.db');
    if (templates?.sqlite) fs.copyFileSync(templates.sqlite, file);
    reopen = () => openDatabase(`sqlite:${file}`, { dataDir: dir });
    handle = reopen();
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const ctx: AppContext = { db: handle.db, engine, config, sessionSecret: TEST_SECRET };
  let app: FastifyInstance;
  try {
    const applied = await migrateToLatest(handle);
    if (templates && applied.length > 0) {
      throw new Error(`la plantilla migrada no está al día: faltaban ${applied.join(', ')}`);
    }
    app = await buildApp(ctx, {
      webDir: null,
      logger: process.env.TEST_LOG === '1' ? { level: 'error' } : false,
    });
    await app.ready();
  } catch (error) {
    // A context that failed to start leaves nothing behind (no schema, no folder): its suite never
    // gets a context to close.
    await handle.destroy().catch(() => undefined);
    await cleanup();
    throw error;
  }
  const others: Array<() => Promise<void>> = [];
  return {
    ...ctx,
    app,
    handle,
    databaseUrl,
    client: () => new TestClient(app),
    async secondInstance() {
      const other = reopen();
      const otherApp = await buildApp({ ...ctx, db: other.db }, { webDir: null, logger: false });
      await otherApp.ready();
      others.push(async () => {
        await otherApp.close();
        await other.destroy();
      });
      return { app: otherApp, db: other.db, client: () => new TestClient(otherApp) };
    },
    async close() {
      for (const closeOther of others) await closeOther();
      await app.close();
      await handle.destroy();
      await cleanup();
    },
  };
}

/** Runs a suite once per engine, each with its own database. */
export function describeEngines(
  name: string,
  fn: (t: () => TestContext) => void,
  overrides: Partial<Config> = {},
): void {
  describe.each(testEngines())(`${name} [%s]`, (engine) => {
    let ctx: TestContext | undefined;
    beforeAll(async () => {
      ctx = await createTestContext(engine, overrides);
    });
    afterAll(async () => {
      await ctx?.close();
    });
    fn(() => {
      if (!ctx) throw new Error('test context not ready');
      return ctx;
    });
  });
}
