import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ADMIN,
  BENCH_SECRET,
  buildIfStale,
  repoRoot,
  startApp,
  type AppProcess,
} from '../../../../bench/lib/app-process';
import { freshDatabase, type FreshDatabase } from '../../../../bench/lib/database';
import { Session } from '../../../../bench/lib/http';
import { createV1Round, fullSubmitBody, logIn, uniqueName } from '../../../../bench/lib/rounds';
import { testEngines } from '../engines';

/**
 * A real SIGTERM while requests stream in (decision 029): the built server stops accepting, answers
 * every request it had read — whole, never cut mid-answer — keeps every write it acknowledged, closes
 * the database and exits 0. A request that outlasts SHUTDOWN_TIMEOUT_SECONDS has its connection cut
 * and the server still exits 0.
 */

const QUESTIONS = 10;
const COLLABORATORS = 200;
const IN_FLIGHT = 8;

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
});

type Outcome =
  | { kind: 'answered'; status: number; complete: boolean }
  /** No answer began: refused or reset before any response (the request was not served). */
  | { kind: 'not-answered'; reason: string }
  /** The answer began and then the connection was cut. */
  | { kind: 'cut'; reason: string };

/** One request through fetch, telling apart 'never answered' and 'answer cut in the middle'. */
async function call(session: Session, method: string, path: string, body?: unknown): Promise<Outcome> {
  const headers: Record<string, string> = {
    'x-requested-with': 'XMLHttpRequest',
    cookie: session.cookieHeader(),
  };
  if (method !== 'GET') headers['x-csrf-token'] = session.csrfToken ?? '';
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(session.origin + path, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    return { kind: 'not-answered', reason: String((err as { cause?: unknown }).cause ?? err) };
  }
  try {
    const bytes = Buffer.from(await res.arrayBuffer());
    const length = res.headers.get('content-length');
    const complete = length === null || Number(length) === bytes.length;
    return { kind: 'answered', status: res.status, complete };
  } catch (err) {
    return { kind: 'cut', reason: String((err as { cause?: unknown }).cause ?? err) };
  }
}

/**
 * A POST whose body arrives late: the headers go now, the body when `finish()` is called. `answer`
 * resolves with the status and body, or rejects when the connection is cut.
 */
function slowPost(session: Session, path: string, body: unknown) {
  const url = new URL(session.origin + path);
  const payload = Buffer.from(JSON.stringify(body));
  let headersSent!: () => void;
  let finish!: () => void;
  const sent = new Promise<void>((resolve) => (headersSent = resolve));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          'x-requested-with': 'XMLHttpRequest',
          'x-csrf-token': session.csrfToken ?? '',
          cookie: session.cookieHeader(),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.flushHeaders();
    req.on('socket', (socket) => socket.once('connect', headersSent));
    finish = () => req.end(payload);
  });
  return { sent, answer, finish };
}

async function started(engine: 'sqlite' | 'postgres', env: Record<string, string> = {}) {
  const db: FreshDatabase = await freshDatabase(engine, process.env.TEST_DATABASE_URL);
  cleanup.push(() => db.drop());
  const app: AppProcess = await startApp({ databaseUrl: db.url, admin: ADMIN, env });
  cleanup.push(() => app.stop());
  const admin = new Session(app.origin);
  await logIn(admin, ADMIN.email, ADMIN.password);
  await admin.get('/api/csrf-token');
  return { db, app, admin };
}

describe.each(testEngines())('SIGTERM under load [%s]', (engine) => {
  it('answers whole every request it read, keeps every acknowledged write, exits 0', async () => {
    const { db, app, admin } = await started(engine);
    const round = await createV1Round(admin, { questions: QUESTIONS, collaborators: COLLABORATORS });
    const evaluator = new Session(app.origin);
    await logIn(evaluator, round.evaluator.email, round.evaluator.password);
    await evaluator.get('/api/csrf-token');

    // A request in flight for sure: its headers are read, its body comes after the signal.
    const slowName = uniqueName('Categoría en vuelo');
    const slow = slowPost(admin, '/api/categories', { name: slowName });
    await slow.sent;

    const acked = new Map<number, number>(); // collaborator → submission id of the 201
    const outcomes: Array<{ what: string; outcome: Outcome }> = [];
    let next = 0;
    let signalled = false;
    let refusedInARow = 0;
    const worker = async (w: number) => {
      // Until the server no longer answers: writes (full submits) and reads (the evaluator's list).
      while (next < round.collaboratorIds.length && refusedInARow < 20) {
        if (w % 2 === 0) {
          const c = round.collaboratorIds[next++]!;
          const body = fullSubmitBody(round, round.evaluationId, c, round.evaluator.id);
          const outcome = await call(evaluator, 'POST', '/api/full-evaluation/full-submit', body);
          outcomes.push({ what: `submit ${c}`, outcome });
          if (outcome.kind === 'answered' && outcome.status === 201) acked.set(c, c);
          refusedInARow = outcome.kind === 'not-answered' ? refusedInARow + 1 : 0;
        } else {
          const outcome = await call(evaluator, 'GET', '/api/users/me');
          outcomes.push({ what: 'me', outcome });
          refusedInARow = outcome.kind === 'not-answered' ? refusedInARow + 1 : 0;
        }
        if (!signalled && acked.size >= 40) {
          signalled = true;
          process.kill(app.pid, 'SIGTERM');
          setTimeout(slow.finish, 300);
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, (_, w) => worker(w)));
    expect(signalled, 'the stream ended before the signal').toBe(true);

    const slowAnswer = await slow.answer;
    expect(await app.exited).toBe(0);
    expect(app.output.join('')).toContain('Evalúa se detuvo.');

    // The request in flight at the signal was answered and its write kept.
    expect(slowAnswer.status, slowAnswer.body).toBe(201);
    // Nothing cut mid-answer; everything answered is whole and no 5xx.
    const cut = outcomes.filter((o) => o.outcome.kind === 'cut');
    expect(cut).toEqual([]);
    const answered = outcomes.flatMap((o) => (o.outcome.kind === 'answered' ? [o.outcome] : []));
    expect(answered.filter((a) => !a.complete)).toEqual([]);
    expect(answered.filter((a) => a.status >= 500)).toEqual([]);
    expect(answered.filter((a) => a.status !== 200 && a.status !== 201)).toEqual([]);
    expect(outcomes.some((o) => o.outcome.kind === 'not-answered')).toBe(true);

    // Every acknowledged write is in the database.
    const handle = db.open();
    cleanup.push(() => handle.destroy());
    const stored = await handle.db
      .selectFrom('v1_submissions')
      .select('collaborator_id')
      .where('evaluation_id', '=', round.evaluationId)
      .execute();
    const storedIds = new Set(stored.map((r) => r.collaborator_id));
    for (const c of acked.keys()) expect(storedIds.has(c), `acknowledged submission for ${c}`).toBe(true);
    const category = await handle.db
      .selectFrom('categories')
      .select('id')
      .where('name', '=', slowName)
      .executeTakeFirst();
    expect(category).toBeDefined();
  });

  it('cuts a request that outlasts SHUTDOWN_TIMEOUT_SECONDS, closes the database and exits 0', async () => {
    const { db, app, admin } = await started(engine, { SHUTDOWN_TIMEOUT_SECONDS: '1' });
    const name = uniqueName('Categoría que nunca llega');
    // The body never comes: without a limit the stop would wait for it (up to the request timeout).
    const stuck = slowPost(admin, '/api/categories', { name });
    await stuck.sent;
    const outcome = stuck.answer.then(
      () => 'answered',
      () => 'cut',
    );
    process.kill(app.pid, 'SIGTERM');
    expect(await app.exited).toBe(0);
    expect(await outcome).toBe('cut');
    const output = app.output.join('');
    expect(output).toContain('Las peticiones en curso no terminaron en 1 s: se cortan sus conexiones.');
    expect(output).toContain('Evalúa se detuvo.');

    const handle = db.open();
    cleanup.push(() => handle.destroy());
    const row = await handle.db
      .selectFrom('categories')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});

/**
 * Holds the database so that a starting server's migrations wait: SQLite, a write transaction (the
 * server waits in its busy timeout, 5 s); PostgreSQL, an exclusive lock on the schema's migration
 * table. `waiting(pid)` tells when that server has reached the lock; `release()` lets it go on.
 */
async function holdMigrations(db: FreshDatabase) {
  if (db.engine === 'sqlite') {
    const file = db.url.slice('sqlite:'.length);
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('begin immediate');
    return {
      // The server has opened the file (its signal handlers are installed by then): it is waiting.
      waiting: async (pid: number) =>
        fs.readdirSync(`/proc/${pid}/fd`).some((fd) => {
          try {
            return fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === file;
          } catch {
            return false;
          }
        }),
      release: async () => {
        sqlite.exec('commit');
        sqlite.close();
      },
    };
  }
  const schema = /search_path=(\w+)/.exec(decodeURIComponent(db.url))![1]!;
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  // The table Kysely's migrator would create, created and locked first.
  await client.query(
    'create table kysely_migration (name varchar(255) not null primary key, timestamp varchar(255) not null)',
  );
  await client.query('begin');
  await client.query('lock table kysely_migration in access exclusive mode');
  const watcher = new pg.Client({ connectionString: db.url });
  await watcher.connect();
  return {
    waiting: async () => {
      const { rows } = await watcher.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and query like '%' || $1 || '%kysely_migration%'`,
        [schema],
      );
      return rows[0]!.n > 0;
    },
    release: async () => {
      await client.query('commit');
      await client.end();
      await watcher.end();
    },
  };
}

describe.each(testEngines())('SIGTERM while starting [%s]', (engine) => {
  it('lets the migrations finish, then stops with exit 0 (never a half-migrated database)', async () => {
    const db = await freshDatabase(engine, process.env.TEST_DATABASE_URL);
    cleanup.push(() => db.drop());
    buildIfStale(false);
    const held = await holdMigrations(db);
    let released = false;
    cleanup.push(async () => {
      if (!released) await held.release();
    });
    const child = spawn(process.execPath, ['apps/server/dist/serve.js'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SESSION_SECRET: BENCH_SECRET,
        DATABASE_URL: db.url,
        WEB_DIST_DIR: path.join(repoRoot, 'bench/.no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | string>((resolve) =>
      child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
    );
    cleanup.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    });

    while (!(await held.waiting(child.pid!))) {
      expect(child.exitCode, output).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGTERM');
    released = true;
    await held.release();

    expect(await exited, output).toBe(0);
    expect(output).toContain('Evalúa se detuvo.');
    const migrate = execFileSync(process.execPath, ['apps/server/dist/migrate.js'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: db.url },
    });
    expect(migrate.trim()).toBe('La base de datos ya está al día.');
  });
});
