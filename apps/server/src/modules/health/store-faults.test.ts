import { categoryEndpoints, healthEndpoints, HTTP_MESSAGES } from '@evalua/contracts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/connection';
import { isStoreFault } from '../../db/errors';
import { STORE_FAULT_HOLD_MS } from '../../db/store-faults';
import { call, reply, type Reply } from '../../../test/call';
import { createTestContext, TEST_SECRET, type TestContext } from '../../../test/context';
import { loginAs } from '../../../test/factories';
import { TestClient } from '../../../test/client';

/**
 * Issue 27 §8, decision 044: a store that cannot take writes (a full disk, a read-only database)
 * answers 503 with Retry-After and a Spanish sentence — never 'Ocurrió un error inesperado' — and
 * /api/health says so until writes succeed again, which happens by itself once space returns.
 */

const FULL = {
  error: HTTP_MESSAGES.storageUnavailable,
  code: 'STORAGE_UNAVAILABLE',
};

/**
 * GET /api/health straight on `app`, raw: its 503 answers {status, db} (the endpoint's
 * otherResponses), which call()/reply() would read as the error shape.
 */
async function health(app: FastifyInstance): Promise<LightMyRequestResponse> {
  return app.inject({ method: healthEndpoints.check.method, url: healthEndpoints.check.path });
}

/** Polls health until it answers 200 (the server recovers on its own), at most `ms`. */
async function healthRecovers(app: FastifyInstance, ms = STORE_FAULT_HOLD_MS + 10_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const res = await health(app);
    if (res.statusCode === 200) {
      expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
      return;
    }
    expect(res.json()).toEqual({ status: 'error', db: 'unwritable' });
    if (Date.now() > end) throw new Error('health did not recover');
    await new Promise((r) => setTimeout(r, 200));
  }
}

let n = 0;
/** A write that grows the database: a category with a long name (and its audit entry). */
function createCategory(client: TestClient): Promise<Reply<typeof categoryEndpoints.create>> {
  n += 1;
  return reply(
    client,
    categoryEndpoints.create,
    { body: { name: `Categoría ${n} ${'x'.repeat(100)}`.slice(0, 120) } },
    { expect5xx: true },
  );
}

/**
 * Writes until the store refuses one (at most `max`); every answer is a 201 or the 503 of a full
 * store with Retry-After — never another 5xx. Returns how many were refused.
 */
async function writeUntilRefused(client: TestClient, max: number): Promise<number> {
  let refused = 0;
  for (let i = 0; i < max && refused === 0; i++) {
    // Ten at once: on SQLite they share one group commit, which the full disk fails as a whole.
    const answers = await Promise.all(Array.from({ length: 10 }, () => createCategory(client)));
    for (const answer of answers) {
      if (answer.status === 201) continue;
      expect(answer.status, answer.res.body).toBe(503);
      expect(answer.body).toEqual(FULL);
      expect(answer.res.headers['retry-after']).toBe('60');
      refused += 1;
    }
  }
  return refused;
}

async function expectUnwritableHealth(app: FastifyInstance): Promise<void> {
  const res = await health(app);
  expect(res.statusCode, res.body).toBe(503);
  expect(res.json()).toEqual({ status: 'error', db: 'unwritable' });
  expect(res.headers['retry-after']).toBe('60');
}

describe('a full SQLite database (max_page_count: SQLITE_FULL from SQLite itself)', () => {
  let t: TestContext;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestContext('sqlite');
    ({ client: admin } = await loginAs(t, 'admin'));
  });
  afterAll(async () => t?.close());

  it('answers 503 with Retry-After while full, health says so, and both recover when room returns', async () => {
    expect((await health(t.app)).json()).toEqual({ status: 'ok', db: 'ok' });
    const [{ page_count: pages }] = (await sql<{ page_count: number }>`pragma page_count`.execute(t.db))
      .rows as [{ page_count: number }];
    await sql.raw(`pragma max_page_count = ${pages}`).execute(t.db);
    expect(await writeUntilRefused(admin, 50)).toBeGreaterThan(0);
    await expectUnwritableHealth(t.app);
    // Reads still work.
    const list = await call(admin, categoryEndpoints.list);
    expect(list.status).toBe(200);

    // Room again: no restart, no action — health turns ok and writes succeed.
    await sql.raw('pragma max_page_count = 1073741823').execute(t.db);
    await healthRecovers(t.app);
    expect((await createCategory(admin)).status).toBe(201);
  });
});

/** Whether this process may mount a file system (root on Linux, as CI runs). */
function canMount(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-mount-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

describe.skipIf(!canMount())('a full disk (a 24 MB tmpfs filled to the last byte: ENOSPC)', () => {
  let mountPoint: string;
  let t: TestContext;
  let admin: TestClient;
  let adminEmail: string;
  const ballast = () => path.join(mountPoint, 'ballast');
  beforeAll(async () => {
    mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', mountPoint]);
    t = await createTestContext('sqlite', {}, { sqliteDir: mountPoint });
    const signedIn = await loginAs(t, 'admin');
    admin = signedIn.client;
    adminEmail = signedIn.user.email;
  });
  afterAll(async () => {
    await t?.close();
    if (mountPoint) {
      execFileSync('umount', ['-l', mountPoint]);
      fs.rmSync(mountPoint, { recursive: true, force: true });
    }
  });

  it('answers 503 with Retry-After while the disk is full, never a 500, and recovers when space returns', async () => {
    // Fill every byte left.
    const fd = fs.openSync(ballast(), 'w');
    const chunk = Buffer.alloc(64 * 1024, 1);
    try {
      for (;;) fs.writeSync(fd, chunk);
    } catch (err) {
      expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
    }
    try {
      for (;;) fs.writeSync(fd, chunk.subarray(0, 512));
    } catch {
      // the last bytes too
    }
    fs.closeSync(fd);

    expect(await writeUntilRefused(admin, 200)).toBeGreaterThan(0);
    await expectUnwritableHealth(t.app);
    // Signing in (a session is a write) gets the same answer, not a 500.
    const login = await t.client().login(adminEmail, 'Clave-Segura-123', { expect5xx: true });
    expect(login.statusCode, login.body).toBe(503);
    expect(login.json()).toEqual(FULL);

    // Space returns: the server recovers by itself.
    fs.rmSync(ballast());
    await healthRecovers(t.app);
    expect((await createCategory(admin)).status).toBe(201);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a read-only PostgreSQL (25006: a standby, or set read-only)',
  () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestContext('postgres');
      await loginAs(t, 'admin', { email: 'admin-ro@colegio.test' });
    });
    afterAll(async () => t?.close());

    it('answers 503 with Retry-After for a write, and health says the database cannot take writes', async () => {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
      const url = new URL(t.databaseUrl as string);
      url.searchParams.set(
        'options',
        `-c search_path=${rows[0]!.schema} -c default_transaction_read_only=on`,
      );
      const handle = openDatabase(url.toString(), { dataDir: os.tmpdir(), pgPoolSize: 2 });
      const app = await buildApp(
        { db: handle.db, engine: 'postgres', config: t.config, sessionSecret: TEST_SECRET },
        { webDir: null, logger: false },
      );
      try {
        expect((await health(app)).json()).toEqual({ status: 'ok', db: 'ok' });
        // Ten sign-ins at once: each writes a session, and the database refuses every write.
        const answers = await Promise.all(
          Array.from({ length: 10 }, () =>
            new TestClient(app).login('admin-ro@colegio.test', 'Clave-Segura-123', { expect5xx: true }),
          ),
        );
        for (const res of answers) {
          expect(res.statusCode, res.body).toBe(503);
          expect(res.json()).toEqual(FULL);
          expect(res.headers['retry-after']).toBe('60');
        }
        await expectUnwritableHealth(app);
      } finally {
        await app.close();
        await handle.destroy();
      }
    });
  },
);

describe('which errors are a store that cannot take writes', () => {
  it('recognises SQLite, the system and PostgreSQL codes, and nothing else', () => {
    for (const code of [
      'SQLITE_FULL',
      'SQLITE_READONLY',
      'SQLITE_READONLY_DBMOVED',
      'SQLITE_IOERR',
      'SQLITE_IOERR_WRITE',
      'SQLITE_IOERR_FSYNC',
      'ENOSPC',
      'EROFS',
      '53100',
      '25006',
    ]) {
      expect(isStoreFault({ code }), code).toBe(true);
    }
    for (const code of [
      'SQLITE_IOERR_NOMEM',
      'SQLITE_CONSTRAINT_UNIQUE',
      'SQLITE_BUSY',
      '23505',
      'ECONNREFUSED',
    ]) {
      expect(isStoreFault({ code }), code).toBe(false);
    }
    // A group commit that SQLite rolled back passes its cause on.
    expect(
      isStoreFault(new Error('La transacción de SQLite se revirtió.', { cause: { code: 'SQLITE_FULL' } })),
    ).toBe(true);
    expect(isStoreFault(new Error('otro'))).toBe(false);
  });
});
