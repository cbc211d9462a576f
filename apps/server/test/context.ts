import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { AppContext } from '../src/context';
import { openDatabase, type DatabaseHandle, type Engine } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { testEngines } from './engines';
import { TestClient } from './client';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestContext extends AppContext {
  app: FastifyInstance;
  handle: DatabaseHandle;
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

/** Opens a fresh database (a temp SQLite file, or a new PostgreSQL schema), migrated, with an app on it. */
export async function createTestContext(
  engine: Engine,
  overrides: Partial<Config> = {},
  /** SQLite only: the folder to make the database's temporary folder in (os.tmpdir() by default). */
  options: { sqliteDir?: string } = {},
): Promise<TestContext> {
  const config = testConfig(overrides);
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let reopen: () => DatabaseHandle;
  if (engine === 'postgres') {
    const url = process.env.TEST_DATABASE_URL as string;
    const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    reopen = () => openDatabase(url, { dataDir: os.tmpdir(), pgSchema: schema, pgPoolSize: 5 });
    handle = reopen();
    cleanup = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(options.sqliteDir ?? os.tmpdir(), 'evalua-test-'));
    reopen = () => openDatabase(`sqlite:${path.join(dir, 'test.db')}`, { dataDir: dir });
    handle = reopen();
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  await migrateToLatest(handle);
  const ctx: AppContext = { db: handle.db, engine, config, sessionSecret: TEST_SECRET };
  const app = await buildApp(ctx, {
    webDir: null,
    logger: process.env.TEST_LOG === '1' ? { level: 'error' } : false,
  });
  await app.ready();
  const others: Array<() => Promise<void>> = [];
  return {
    ...ctx,
    app,
    handle,
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
