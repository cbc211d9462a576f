/**
 * The benchmark at the size of a school district (docs/performance.md, "Benchmark"):
 *
 *   npm run bench -- [--staff 10000] [--db sqlite|postgres] [--pg-url URL] [--duration 5]
 *                    [--connections 10] [--submit-connections 50] [--submits 6000] [--snapshots 3]
 *                    [--reseed] [--only me,dashboard,…] [--node-arg FLAG] [--env NAME=VALUE]
 *                    [--cpu-prof DIR] [--app-entry FILE] [--ceiling-entry FILE]
 *
 * Starts the real app (a child process, as `npm start` runs it; builds apps/web when dist is missing)
 * on a throwaway copy of the large seed (seeded first when absent: bench/seed-large.ts), and two
 * ceilings, each alone on the machine: a bare Fastify (bench/bare-ceiling.ts: no plugin) and Fastify
 * with the app's HTTP stack (bench/ceiling.ts); the second over the first is the fixed cost of the
 * app's plugins (decision 031). Admin and HR log in through
 * the API; the other sessions are created in the database with the server's own createSession (a
 * login costs an argon2 hash, and the submits need a session for each of ~2,500 raters). Everything
 * is prepared before the measured loops.
 *
 * Each GET is measured twice with autocannon: at --connections (throughput: requests/s, and the
 * latency under that load) and at one connection (latency: what one user waits on an idle server).
 * Each pass follows a 1 s warm-up, and records the server's CPU time (user + system, from
 * /proc/<pid>/stat, until its work has settled) per request answered: steadier than requests/s on a
 * shared machine. The submits each answer their own pending assignment (a fixed
 * number, so the run never runs out); the snapshot is taken --snapshots times, and each is read
 * back as admin (GET …/snapshots/{id}, the larger view). The app's RSS is read from /proc/<pid>/status
 * every 100 ms throughout: its maximum per scenario, and what it is once the scenario's work has
 * settled ("after"). Prints a table with each figure, its ratio to the
 * ceiling and the budgets; writes bench/results.json (one entry per engine; the committed file is the
 * reference the docs quote). Exit code 1 when a request failed; missed budgets are reported, not fatal.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql, type Kysely } from 'kysely';
import { createSession } from '../apps/server/src/auth/sessions';
import type { Engine } from '../apps/server/src/db/connection';
import type { Database } from '../apps/server/src/db/schema';
import { listItems } from '../apps/server/src/modules/v2-items/repository';
import { ADMIN, repoRoot, startApp, type AppProcess } from './lib/app-process';
import { Session, expectStatus } from './lib/http';
import { copyForRun, seedInfoAt, seedInto, type RunCopy } from './lib/large-db';
import { LARGE_SEED_VERSION, type LargeSeedInfo } from './lib/large-seed';
import { logIn } from './lib/rounds';
import { v2SubmitBody } from './lib/seed';
import { seedLocation } from './seed-large';

export interface BenchOptions {
  staff: number;
  db: Engine;
  pgUrl?: string;
  /** Seconds per measured pass. */
  duration: number;
  /** Seconds of warm-up before each pass (not measured). */
  warmup: number;
  connections: number;
  /**
   * Connections of the submits' throughput pass. A rate is measured at saturation: every submit
   * waits for an fsync of the WAL (≈ 4 ms on this machine's disk), and one fsync serves all the
   * submits committed before it, so with 10 connections at most ~10 submits share one.
   */
  submitConnections: number;
  /** Submits in the throughput pass (each its own pending assignment). */
  submits: number;
  /** Submits in the one-connection latency pass. */
  latencySubmits: number;
  snapshots: number;
  reseed: boolean;
  /** Only these scenarios (keys: bare, ceiling, me, dashboard, report, pdf, users, mine, submit, snapshot). */
  only?: string[];
  /** Write a V8 CPU profile of the app into this folder (node --cpu-prof). */
  cpuProf?: string;
  /** Extra node flags for the app (e.g. --max-semi-space-size=4), to try a runtime setting. */
  nodeArgs?: string[];
  /** Extra environment of the app (--env NAME=VALUE, e.g. MALLOC_MMAP_THRESHOLD_=131072). */
  env?: Record<string, string>;
  /**
   * Run this file (through tsx) as the app instead of the current build, e.g. a copy of an older
   * build (apps/server/dist.before/serve.js) to compare with.
   */
  appEntry?: string;
  /** Run this file as the (app's stack) ceiling instead of bench/ceiling.ts. */
  ceilingEntry?: string;
  /**
   * A person's 360 results per second on SQLite (from the results file's SQLite entry), which the
   * PostgreSQL run must reach 40 % of.
   */
  sqlitePersonRps?: number;
  results: string;
  log: (line: string) => void;
}

interface Figures {
  connections: number;
  requests: number;
  /** Non-2xx answers, socket errors and timeouts. */
  errors: number;
  firstError?: string;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** The server's CPU time (user + system) per request answered, in µs. */
  cpuUs: number;
  /**
   * PostgreSQL's CPU time per request answered, in µs: its processes serving the bench's database
   * and the cluster's background processes (WAL writer, checkpointer…); 0 on SQLite, whose work is
   * the app's own.
   */
  dbCpuUs: number;
}

interface Scenario {
  key: string;
  label: string;
  /** At --connections. */
  load?: Figures;
  /** At one connection. */
  single?: Figures;
  rssMaxMb: number;
  /** RSS once the scenario's requests have finished and the app is idle. */
  rssAfterMb: number;
}

interface Budget {
  what: string;
  limit: string;
  measured: string;
  met: boolean;
}

export interface BenchResult {
  engine: Engine;
  date: string;
  machine: { cpus: number; model: string; loadBefore: number[]; loadAfter: number[] };
  options: Omit<BenchOptions, 'log' | 'results' | 'reseed' | 'pgUrl' | 'cpuProf'>;
  seed: LargeSeedInfo;
  scenarios: Scenario[];
  snapshotMs: number[];
  /** Reading each snapshot back as admin (GET …/snapshots/{id}). */
  snapshotReadMs: number[];
  /**
   * The first calls after the app started (issue 31): nothing cached yet. In ms; absent when the
   * run left the 360 out (--only without v2summary).
   */
  firstCall?: { summaryMs: number; personMs: number };
  /**
   * After each of `writes` 360 answers (one submit, awaited), HR's summary and the answered person's
   * results, read at once: what the deadline day costs when answers arrive all the time (issue 31).
   */
  afterWrite?: { writes: number; summary: Latencies; person: Latencies };
  rss: {
    ceilingMaxMb: number;
    idleMb: number;
    maxMb: number;
    /** Over the snapshots and their reads. */
    snapshotMaxMb: number;
    /** At the end of the run, the app idle. */
    afterMb: number;
  };
  budgets: Budget[];
  ok: boolean;
}

interface Latencies {
  p50: number;
  p95: number;
  max: number;
}

function latencies(ms: readonly number[]): Latencies {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? 0 };
}

/** One request with a login's headers, timed from sending to the whole body read; throws unless 2xx. */
async function timedCall(origin: string, req: Req): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(origin + req.path, {
    method: req.method,
    headers: req.headers,
    ...(req.body !== undefined ? { body: req.body } : {}),
  });
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (res.status >= 300) throw new Error(`${req.method} ${req.path}: ${res.status}`);
  return ms;
}

interface Req {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface Login {
  cookie: string;
  csrf: string;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One autocannon pass: `next()` gives each request (path, session, body). */
async function measure(
  origin: string,
  next: () => Req,
  o: { connections: number; duration?: number; amount?: number },
): Promise<Figures> {
  const latencies: number[] = [];
  let non2xx = 0;
  let firstError: string | undefined;
  const started = performance.now();
  let last = started;
  const result = await autocannon({
    url: origin,
    connections: o.connections,
    ...(o.amount !== undefined ? { amount: o.amount } : { duration: o.duration ?? 5 }),
    timeout: 30,
    requests: [
      {
        setupRequest: (req: autocannon.Request) => {
          const r = next();
          return { ...req, method: r.method, path: r.path, headers: r.headers, body: r.body };
        },
        onResponse: (status: number, body: string) => {
          if (status < 200 || status >= 300) {
            non2xx += 1;
            firstError ??= `${status} ${body.slice(0, 300)}`;
          }
        },
      },
    ],
    setupClient: (client: autocannon.Client) => {
      client.on('response', (_status: number, _bytes: number, ms: number) => {
        latencies.push(ms);
        last = performance.now();
      });
    },
  } as autocannon.Options);
  latencies.sort((a, b) => a - b);
  const seconds = Math.max(0.001, (last - started) / 1000);
  return {
    connections: o.connections,
    requests: latencies.length,
    errors: non2xx + result.errors,
    ...(firstError !== undefined ? { firstError } : {}),
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? 0,
    cpuUs: 0,
    dbCpuUs: 0,
  };
}

/** VmRSS of a process, sampled every 100 ms; the maximum per label and overall. */
class RssSampler {
  label = '';
  maxKb = 0;
  readonly byLabel = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  constructor(private readonly pid: number) {}
  read(): number {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${this.pid}/status`, 'utf8'));
      return m ? Number(m[1]) : 0;
    } catch {
      return 0;
    }
  }
  sample(): void {
    const kb = this.read();
    this.maxKb = Math.max(this.maxKb, kb);
    this.byLabel.set(this.label, Math.max(this.byLabel.get(this.label) ?? 0, kb));
  }
  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), 100);
  }
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.sample();
  }
  mbOf(label: string): number {
    return (this.byLabel.get(label) ?? 0) / 1024;
  }
}

/** 360 answers of the after-write scenario, each followed by the reads it makes stale. */
const AFTER_WRITES = 60;

/** Clock ticks per second, the unit of /proc/<pid>/stat's times. */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time (user + system, in clock ticks) a process has used so far. */
function cpuTicks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/**
 * CPU ticks so far of each PostgreSQL process that serves `db`'s database (but `db`'s own query) or
 * the whole cluster (background processes): read from /proc, as for the app. Empty on SQLite.
 */
async function databaseTicks(db: Kysely<Database>, engine: Engine): Promise<Map<number, number>> {
  if (engine !== 'postgres') return new Map();
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity
    where pid <> pg_backend_pid() and (datname = current_database() or backend_type <> 'client backend')
  `.execute(db);
  return new Map(rows.map((r) => [r.pid, cpuTicks(r.pid)]));
}

/** Ticks used between two readings (a process that started in between counts from zero). */
function ticksBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ticks] of after) sum += Math.max(0, ticks - (before.get(pid) ?? 0));
  return sum;
}

/**
 * Waits until the process is idle (under 10 % of a core for 0.3 s): autocannon stops a timed pass
 * with requests in flight, and the server keeps working on them (a PDF takes a while); the next
 * pass must not pay for them.
 */
async function waitIdle(pid: number, maxMs = 60_000): Promise<void> {
  const until = performance.now() + maxMs;
  let quiet = 0;
  let last = cpuTicks(pid);
  while (quiet < 3 && performance.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    const now = cpuTicks(pid);
    quiet = now - last <= 1 ? quiet + 1 : 0;
    last = now;
  }
}

/** Round-robin over `list` (with a shuffle-free stride, so neighbours are not hit in a row). */
function cycler<T>(list: readonly T[], stride = 1): () => T {
  if (list.length === 0) throw new Error('nothing to cycle over');
  let i = 0;
  return () => {
    const item = list[(i * stride) % list.length]!;
    i += 1;
    return item;
  };
}

const headersOf = (login: Login, json = false): Record<string, string> => ({
  cookie: login.cookie,
  'x-csrf-token': login.csrf,
  'x-requested-with': 'XMLHttpRequest',
  ...(json ? { 'content-type': 'application/json' } : {}),
});

/** Makes sure the seed exists (seeding it when absent or of another version) and returns its description. */
async function ensureSeed(opts: BenchOptions): Promise<{ location: string; info: LargeSeedInfo }> {
  const location = seedLocation({
    staff: opts.staff,
    db: opts.db,
    ...(opts.pgUrl ? { pgUrl: opts.pgUrl } : {}),
  });
  const found = opts.reseed ? undefined : await seedInfoAt(opts.db, location);
  if (found && found.version === LARGE_SEED_VERSION && found.staff === opts.staff) {
    return { location, info: found };
  }
  opts.log(`no large seed of ${opts.staff} staff (v${LARGE_SEED_VERSION}) yet: seeding…`);
  const run = await seedInto(opts.db, location, opts.staff, opts.log);
  opts.log(`seeded in ${(run.ms / 1000).toFixed(1)} s`);
  return { location, info: run.info };
}

function ensureWebBuild(log: (l: string) => void): void {
  if (fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) return;
  log('apps/web/dist is missing: building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the web build failed');
}

export async function runBench(opts: BenchOptions): Promise<BenchResult> {
  const log = opts.log;
  ensureWebBuild(log);
  const { location, info } = await ensureSeed(opts);
  const loadBefore = os.loadavg();
  const copy: RunCopy = await copyForRun(opts.db, location);
  const handle = copy.open();
  let app: AppProcess | undefined;
  let ceilingApp: AppProcess | undefined;
  const scenarios: Scenario[] = [];
  const want = (key: string) => opts.only === undefined || opts.only.includes(key);
  const pass = (connections: number) => ({ connections, duration: opts.duration });
  /** The pid whose work must settle between passes (the ceiling's, then the app's). */
  let busyPid = 0;
  const settled = async <T>(run: Promise<T>): Promise<T> => {
    const out = await run;
    await waitIdle(busyPid);
    return out;
  };
  /** A measured pass, with the server's CPU time per request (its work settled included). */
  const timed = async (run: () => Promise<Figures>): Promise<Figures> => {
    const perRequest = (ticks: number) =>
      out.requests > 0 ? ((ticks / CLOCK_TICKS) * 1e6) / out.requests : 0;
    const dbBefore = await databaseTicks(handle.db, opts.db);
    const before = cpuTicks(busyPid);
    const out = await settled(run());
    const ticks = cpuTicks(busyPid) - before;
    const dbTicks = ticksBetween(dbBefore, await databaseTicks(handle.db, opts.db));
    return { ...out, cpuUs: perRequest(ticks), dbCpuUs: perRequest(dbTicks) };
  };
  const warm = async (origin: string, next: () => Req, connections: number) => {
    if (opts.warmup > 0) await settled(measure(origin, next, { connections, duration: opts.warmup }));
  };
  try {
    // Sessions and targets, prepared before anything is measured.
    const readers = await handle.db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('role', 'in', ['colaborador', 'evaluador'])
      .orderBy('id')
      .execute();
    const readerIds = [
      ...readers.filter((r) => r.role === 'colaborador').filter((_, i) => i % 50 === 0),
      ...readers.filter((r) => r.role === 'evaluador').filter((_, i) => i % 6 === 0),
    ].map((r) => r.id);
    const pending = await handle.db
      .selectFrom('v2_assignments')
      .select(['id', 'evaluator_id', 'evaluatee_id'])
      .where('evaluation_id', '=', info.v2EvaluationId)
      .where('status', '=', 'pending')
      .orderBy('id')
      .execute();
    // Interleaved across raters, so that concurrent submits come from different people.
    const byRater = new Map<number, number[]>();
    for (const p of pending) byRater.set(p.evaluator_id, [...(byRater.get(p.evaluator_id) ?? []), p.id]);
    const lists = [...byRater.entries()];
    const targets: Array<{ rater: number; assignmentId: number }> = [];
    const warmSubmits = Math.min(500, Math.ceil(opts.submits / 10));
    const afterWrites = want('afterwrite') ? AFTER_WRITES : 0;
    const wanted = opts.submits + opts.latencySubmits + warmSubmits + afterWrites;
    const evaluateeOf = new Map(pending.map((p) => [p.id, p.evaluatee_id]));
    for (let i = 0; targets.length < wanted && lists.some(([, ids]) => i < ids.length); i += 1)
      for (const [rater, ids] of lists)
        if (i < ids.length && targets.length < wanted) targets.push({ rater, assignmentId: ids[i]! });
    if (targets.length < wanted)
      throw new Error(`only ${targets.length} pending assignments for ${wanted} submits: lower --submits`);
    const sessionFor = new Map<number, Login>();
    await handle.db.transaction().execute(async (trx) => {
      for (const id of new Set([...readerIds, ...targets.map((t) => t.rater)])) {
        const s = await createSession(trx, id);
        sessionFor.set(id, { cookie: `sid=${s.token}`, csrf: s.csrfToken });
      }
    });
    const items = await listItems(handle.db, info.v2EvaluationId);
    const submitBodies = targets.map((t) => ({
      login: sessionFor.get(t.rater)!,
      body: JSON.stringify(v2SubmitBody(items, info.v2EvaluationId, t.assignmentId)),
    }));
    const v2Evaluatees = (
      await handle.db
        .selectFrom('v2_assignments')
        .select('evaluatee_id')
        .distinct()
        .where('evaluation_id', '=', info.v2EvaluationId)
        .orderBy('evaluatee_id')
        .execute()
    ).map((r) => r.evaluatee_id);
    const reportPairs = await handle.db
      .selectFrom('v1_submissions')
      .select(['evaluation_id', 'collaborator_id'])
      .where('evaluation_id', 'in', info.v1EvaluationIds)
      .orderBy('id')
      .execute();
    log(
      `prepared ${sessionFor.size} sessions, ${targets.length} submit targets, ${reportPairs.length} reports`,
    );

    // The ceilings, each alone on the machine: bare Fastify, then Fastify with the app's HTTP stack.
    let bare: Scenario | undefined;
    let ceiling: Scenario | undefined;
    const hello = (): Req => ({ method: 'GET', path: '/api/hello', headers: {} });
    const runCeiling = async (
      key: string,
      label: string,
      entry: string,
      ready: RegExp,
      env?: Record<string, string>,
    ) => {
      ceilingApp = await startApp({ databaseUrl: 'sqlite::memory:', entry, ready, ...(env ? { env } : {}) });
      busyPid = ceilingApp.pid;
      const ceilingRss = new RssSampler(ceilingApp.pid);
      ceilingRss.start();
      log(`${label}…`);
      await warm(ceilingApp.origin, hello, opts.connections);
      const scenario: Scenario = {
        key,
        label,
        load: await timed(() => measure(ceilingApp!.origin, hello, pass(opts.connections))),
        single: await timed(() => measure(ceilingApp!.origin, hello, pass(1))),
        rssMaxMb: 0,
        rssAfterMb: ceilingRss.read() / 1024,
      };
      ceilingRss.stop();
      scenario.rssMaxMb = ceilingRss.maxKb / 1024;
      scenarios.push(scenario);
      await ceilingApp.stop();
      ceilingApp = undefined;
      return scenario;
    };
    if (want('bare')) {
      bare = await runCeiling(
        'bare',
        'bare Fastify: GET /api/hello (no plugin)',
        'bench/bare-ceiling.ts',
        /bare ceiling on (http:\/\/[\d.]+:\d+)/,
      );
    }
    if (want('ceiling')) {
      ceiling = await runCeiling(
        'ceiling',
        "ceiling: GET /api/hello (the app's HTTP stack)",
        opts.ceilingEntry ?? 'bench/ceiling.ts',
        /ceiling on (http:\/\/[\d.]+:\d+)/,
      );
    }
    // The same stack with the access log on (LOG_LEVEL=info, the default; the app's lines go to a
    // pipe the bench reads, as to journald under systemd): the cost of logging per request.
    let logged: Scenario | undefined;
    if (want('logging')) {
      logged = await runCeiling(
        'logging',
        'ceiling with the access log (LOG_LEVEL=info)',
        opts.ceilingEntry ?? 'bench/ceiling.ts',
        /ceiling on (http:\/\/[\d.]+:\d+)/,
        { LOG_LEVEL: 'info' },
      );
    }

    // The app.
    app = await startApp({
      databaseUrl: copy.url,
      admin: ADMIN,
      web: true,
      ...(opts.env ? { env: opts.env } : {}),
      ...(opts.appEntry ? { entry: opts.appEntry } : {}),
      nodeArgs: [
        ...(opts.nodeArgs ?? []),
        ...(opts.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(opts.cpuProf)}`] : []),
      ],
    });
    busyPid = app.pid;
    const rss = new RssSampler(app.pid);
    rss.label = 'idle';
    rss.start();
    const origin = app.origin;
    const admin = new Session(origin);
    await logIn(admin, ADMIN.email, ADMIN.password);
    const hrSession = new Session(origin);
    await logIn(hrSession, 'rrhh1@distrito.edu.do', info.password);
    const hr: Login = { cookie: hrSession.cookieHeader(), csrf: hrSession.csrfToken! };
    const adminLogin: Login = { cookie: admin.cookieHeader(), csrf: admin.csrfToken! };
    const idleMb = rss.read() / 1024;
    log(`app on ${origin} (${opts.db}), RSS ${idleMb.toFixed(0)} MB after start and two logins`);

    // The first calls, nothing cached yet (issue 31: ≤ 50 ms at 10,000 staff).
    const summaryReq: Req = {
      method: 'GET',
      path: `/api/evaluations-v2/${info.v2EvaluationId}/summary`,
      headers: headersOf(hr),
    };
    const personReq = (userId: number): Req => ({
      method: 'GET',
      path: `/api/evaluations-v2/${info.v2EvaluationId}/results/${userId}`,
      headers: headersOf(adminLogin),
    });
    let firstCall: BenchResult['firstCall'];
    if (want('v2summary')) {
      firstCall = {
        summaryMs: await timedCall(origin, summaryReq),
        personMs: await timedCall(origin, personReq(v2Evaluatees[0]!)),
      };
      log(
        `first calls: summary ${firstCall.summaryMs.toFixed(1)} ms, a person's results ${firstCall.personMs.toFixed(1)} ms`,
      );
    }

    const reader = cycler(readerIds.map((id) => sessionFor.get(id)!));
    const report = cycler(reportPairs, 7919);
    const terms = [
      'mar',
      'pérez',
      'josé',
      'ana',
      'rodr',
      'castillo',
      'luis',
      'mejía',
      'ramón',
      'coordinacion',
    ];
    const term = cycler(terms);
    const evaluatee = cycler(v2Evaluatees, 7919);
    const gets: Array<{ key: string; label: string; next: () => Req }> = [
      {
        key: 'me',
        label: 'GET /api/users/me',
        next: () => ({ method: 'GET', path: '/api/users/me', headers: headersOf(reader()) }),
      },
      {
        key: 'dashboard',
        label: 'GET /api/dashboard/metrics',
        next: () => ({ method: 'GET', path: '/api/dashboard/metrics', headers: headersOf(hr) }),
      },
      {
        key: 'report',
        label: 'GET /api/reports/full/{e}/{u}',
        next: () => {
          const r = report();
          return {
            method: 'GET',
            path: `/api/reports/full/${r.evaluation_id}/${r.collaborator_id}`,
            headers: headersOf(hr),
          };
        },
      },
      {
        key: 'pdf',
        label: 'GET /api/reports/full/{e}/{u}/pdf',
        next: () => {
          const r = report();
          return {
            method: 'GET',
            path: `/api/reports/full/${r.evaluation_id}/${r.collaborator_id}/pdf`,
            headers: headersOf(hr),
          };
        },
      },
      {
        key: 'users',
        label: 'GET /api/users?q=…&page=1&pageSize=10',
        next: () => ({
          method: 'GET',
          path: `/api/users?q=${encodeURIComponent(term())}&page=1&pageSize=10`,
          headers: headersOf(adminLogin),
        }),
      },
      {
        key: 'v2person',
        label: 'GET /api/evaluations-v2/{e}/results/{u} (admin)',
        next: () => ({
          method: 'GET',
          path: `/api/evaluations-v2/${info.v2EvaluationId}/results/${evaluatee()}`,
          headers: headersOf(adminLogin),
        }),
      },
      {
        key: 'v2summary',
        label: 'GET /api/evaluations-v2/{e}/summary (HR)',
        next: () => ({
          method: 'GET',
          path: `/api/evaluations-v2/${info.v2EvaluationId}/summary`,
          headers: headersOf(hr),
        }),
      },
      {
        key: 'mine',
        label: 'GET /api/evaluations-v2/assignments/mine',
        next: () => ({
          method: 'GET',
          path: '/api/evaluations-v2/assignments/mine',
          headers: headersOf(reader()),
        }),
      },
    ];
    for (const g of gets) {
      if (!want(g.key)) continue;
      rss.label = g.key;
      log(`${g.label}…`);
      await warm(origin, g.next, opts.connections);
      const load = await timed(() => measure(origin, g.next, pass(opts.connections)));
      const single = await timed(() => measure(origin, g.next, pass(1)));
      scenarios.push({
        key: g.key,
        label: g.label,
        load,
        single,
        rssMaxMb: rss.mbOf(g.key),
        rssAfterMb: rss.read() / 1024,
      });
    }

    // After a write: one answer, then the reads it made stale (the tail of the targets).
    let afterWrite: BenchResult['afterWrite'];
    if (afterWrites > 0) {
      rss.label = 'afterwrite';
      log(`${afterWrites} answers, each followed by the summary and the person's results…`);
      const summaryMs: number[] = [];
      const personMs: number[] = [];
      for (let i = targets.length - afterWrites; i < targets.length; i += 1) {
        const { login, body } = submitBodies[i]!;
        await timedCall(origin, {
          method: 'POST',
          path: '/api/responses-v2/submit',
          headers: headersOf(login, true),
          body,
        });
        summaryMs.push(await timedCall(origin, summaryReq));
        personMs.push(await timedCall(origin, personReq(evaluateeOf.get(targets[i]!.assignmentId)!)));
      }
      afterWrite = { writes: afterWrites, summary: latencies(summaryMs), person: latencies(personMs) };
      await waitIdle(busyPid);
    }

    // Submits: each request to its own pending assignment.
    if (want('submit')) {
      rss.label = 'submit';
      log('POST /api/responses-v2/submit…');
      let cursor = 0;
      const submit = (): Req => {
        const t = submitBodies[cursor++];
        if (!t) throw new Error('out of submit targets');
        return {
          method: 'POST',
          path: '/api/responses-v2/submit',
          headers: headersOf(t.login, true),
          body: t.body,
        };
      };
      await settled(measure(origin, submit, { connections: opts.submitConnections, amount: warmSubmits }));
      const submitLoad = await timed(() =>
        measure(origin, submit, { connections: opts.submitConnections, amount: opts.submits }),
      );
      const submitSingle = await timed(() =>
        measure(origin, submit, { connections: 1, amount: opts.latencySubmits }),
      );
      scenarios.push({
        key: 'submit',
        label: `POST /api/responses-v2/submit (${opts.submitConnections} conn.)`,
        load: submitLoad,
        single: submitSingle,
        rssMaxMb: rss.mbOf('submit'),
        rssAfterMb: rss.read() / 1024,
      });
    }

    // Snapshots, one at a time, each read back as admin (the full view, the larger one).
    rss.label = 'snapshot';
    const snapshotMs: number[] = [];
    const snapshotReadMs: number[] = [];
    for (let i = 0; want('snapshot') && i < opts.snapshots; i += 1) {
      const t0 = performance.now();
      const created = await expectStatus<{ snapshot: { id: number } }>(
        admin.post(`/api/evaluations-v2/${info.v2EvaluationId}/snapshot`, {
          label: `Corte ${i + 1}`,
          notes: null,
        }),
        201,
        'snapshot',
      );
      snapshotMs.push(performance.now() - t0);
      const t1 = performance.now();
      const read = await expectStatus<{ detail: unknown[] }>(
        admin.get(`/api/evaluations-v2/${info.v2EvaluationId}/snapshots/${created.snapshot.id}`),
        200,
        'snapshot read',
      );
      snapshotReadMs.push(performance.now() - t1);
      const rows = read.detail.length;
      log(
        `snapshot ${i + 1}: ${snapshotMs[i]!.toFixed(0)} ms; read back (${rows} rows): ${snapshotReadMs[i]!.toFixed(0)} ms`,
      );
    }
    if (want('snapshot')) await waitIdle(app.pid);
    rss.stop();
    if (!app.alive()) throw new Error(`the app died during the run:\n${app.output.join('')}`);

    const byKey = new Map(scenarios.map((s) => [s.key, s]));
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    const budgets: Budget[] = [];
    if (bare?.load && ceiling?.load) {
      const times = ceiling.load.cpuUs / bare.load.cpuUs;
      budgets.push({
        what: "fixed cost: the app's HTTP stack over bare Fastify, CPU per request",
        limit: '≤ 1.5×',
        measured: `${times.toFixed(2)}× (${ceiling.load.cpuUs.toFixed(0)} µs / ${bare.load.cpuUs.toFixed(0)} µs)`,
        met: times <= 1.5,
      });
    }
    const me = byKey.get('me')?.load;
    if (me && ceiling?.load) {
      const share = me.rps / ceiling.load.rps;
      budgets.push({
        what: '/api/users/me requests/s',
        limit: '≥ 25 % of the ceiling',
        measured: `${(share * 100).toFixed(1)} %`,
        met: share >= 0.25,
      });
    }
    if (logged?.load && ceiling?.load) {
      const perRequest = logged.load.cpuUs - ceiling.load.cpuUs;
      const mine = byKey.get('mine')?.load;
      if (mine) {
        const share = perRequest / mine.cpuUs;
        budgets.push({
          what: 'logging (info) over the pending list’s CPU per request',
          limit: '≤ 5 %',
          measured: `${(share * 100).toFixed(1)} % (${perRequest.toFixed(1)} µs / ${mine.cpuUs.toFixed(0)} µs)`,
          met: share <= 0.05,
        });
      }
    }
    const person = byKey.get('v2person')?.load;
    if (person && opts.db === 'sqlite') {
      budgets.push({
        what: 'a person’s 360 results, requests/s (10 conn.)',
        limit: '≥ 3,000/s',
        measured: `${person.rps.toFixed(0)}/s`,
        met: person.rps >= 3000,
      });
    }
    if (person && opts.db === 'postgres' && opts.sqlitePersonRps) {
      const share = person.rps / opts.sqlitePersonRps;
      budgets.push({
        what: 'a person’s 360 results, requests/s (10 conn.), of SQLite’s',
        limit: '≥ 40 %',
        measured: `${(share * 100).toFixed(1)} % (${person.rps.toFixed(0)} / ${opts.sqlitePersonRps.toFixed(0)})`,
        met: share >= 0.4,
      });
    }
    for (const key of ['dashboard', 'v2summary'] as const) {
      const s = byKey.get(key);
      if (!s?.single || !s.load) continue;
      budgets.push({
        what: `${key === 'dashboard' ? 'dashboard' : '360 summary'} p95 (1 connection)`,
        limit: '≤ 5 ms',
        measured: ms(s.single.p95),
        met: s.single.p95 <= 5,
      });
      budgets.push({
        what: `${key === 'dashboard' ? 'dashboard' : '360 summary'} requests/s (10 conn.)`,
        limit: '≥ 1,000/s',
        measured: `${s.load.rps.toFixed(0)}/s`,
        met: s.load.rps >= 1000,
      });
    }
    const search = byKey.get('users')?.single;
    if (search) {
      budgets.push({
        what: 'users search, first page p50 (1 connection)',
        limit: '≤ 3 ms',
        measured: ms(search.p50),
        met: search.p50 <= 3,
      });
    }
    for (const [key, what, limit] of [
      ['report', 'report JSON p95 (1 connection)', 10],
      ['pdf', 'report PDF p95 (1 connection)', 150],
    ] as const) {
      const f = byKey.get(key)?.single;
      if (f) budgets.push({ what, limit: `≤ ${limit} ms`, measured: ms(f.p95), met: f.p95 <= limit });
    }
    const submitted = byKey.get('submit')?.load;
    if (submitted) {
      budgets.push({
        what: `V2 submits/s${opts.db === 'sqlite' ? '' : ' (the budget is SQLite’s)'}`,
        limit: '≥ 1,000/s',
        measured: `${submitted.rps.toFixed(0)}/s`,
        met: submitted.rps >= 1000,
      });
    }
    if (snapshotMs.length > 0) {
      const slowest = Math.max(...snapshotMs);
      budgets.push({
        what: 'snapshot (slowest of the runs)',
        limit: '≤ 2 s',
        measured: `${(slowest / 1000).toFixed(2)} s`,
        met: slowest <= 2000,
      });
    }
    budgets.push({
      what: 'server RSS (max over the run)',
      limit: '≤ 250 MB',
      measured: `${(rss.maxKb / 1024).toFixed(0)} MB`,
      met: rss.maxKb / 1024 <= 250,
    });
    const errors = scenarios.reduce((a, s) => a + (s.load?.errors ?? 0) + (s.single?.errors ?? 0), 0);
    const { log: _l, results: _r, reseed: _s, pgUrl: _p, cpuProf: _c, ...shown } = opts;
    return {
      engine: opts.db,
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model ?? '',
        loadBefore,
        loadAfter: os.loadavg(),
      },
      options: shown,
      seed: info,
      scenarios,
      snapshotMs,
      snapshotReadMs,
      ...(firstCall ? { firstCall } : {}),
      ...(afterWrite ? { afterWrite } : {}),
      rss: {
        ceilingMaxMb: ceiling?.rssMaxMb ?? 0,
        idleMb,
        maxMb: rss.maxKb / 1024,
        snapshotMaxMb: rss.mbOf('snapshot'),
        afterMb: rss.read() / 1024,
      },
      budgets,
      ok: errors === 0,
    };
  } finally {
    await ceilingApp?.stop();
    await app?.stop();
    await handle.destroy();
    await copy.drop();
  }
}

export function formatBench(r: BenchResult): string {
  const ceiling = r.scenarios.find((s) => s.key === 'ceiling')?.load?.rps;
  const n = (x: number, d = 1) => x.toFixed(d);
  const c = r.options.connections;
  const rows = r.scenarios.map((s) => [
    s.label,
    s.load ? n(s.load.rps, 0) : '—',
    s.load && ceiling ? `${n((s.load.rps / ceiling) * 100)} %` : '—',
    s.single ? n(s.single.p50) : '—',
    s.single ? n(s.single.p95) : '—',
    s.single ? n(s.single.p99) : '—',
    s.load ? n(s.load.p50) : '—',
    s.load ? n(s.load.p95) : '—',
    s.load ? n(s.load.p99) : '—',
    s.load ? n(s.load.cpuUs, 0) : '—',
    s.single ? n(s.single.cpuUs, 0) : '—',
    s.single ? n(s.single.dbCpuUs, 0) : '—',
    n(s.rssMaxMb, 0),
    n(s.rssAfterMb, 0),
    String((s.load?.errors ?? 0) + (s.single?.errors ?? 0)),
  ]);
  const head = [
    'call',
    `req/s (${c} conn.)`,
    'of ceiling',
    'p50 (1)',
    'p95 (1)',
    'p99 (1)',
    `p50 (${c})`,
    `p95 (${c})`,
    `p99 (${c})`,
    `CPU µs/req (${c})`,
    'CPU µs/req (1)',
    'DB CPU µs/req (1)',
    'RSS max',
    'RSS after',
    'errors',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  const out = [
    `Evalúa benchmark — ${r.engine}, ${r.seed.staff} staff (seed v${r.seed.version}), ${r.machine.cpus} CPUs, ` +
      `load average ${r.machine.loadBefore.map((x) => x.toFixed(2)).join(' ')} before, ` +
      `${r.machine.loadAfter.map((x) => x.toFixed(2)).join(' ')} after`,
    `passes of ${r.options.duration} s after ${r.options.warmup} s of warm-up; latencies in ms; CPU: the ` +
      `server's user + system time per request answered; submits: ` +
      `${r.options.submits} at ${r.options.submitConnections} connections (their row's "${c}" columns), ` +
      `${r.options.latencySubmits} at 1`,
    line(head),
    `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...rows.map(line),
    `snapshot (POST /api/evaluations-v2/{id}/snapshot): ${r.snapshotMs.map((x) => `${x.toFixed(0)} ms`).join(', ')}; ` +
      `read back (GET …/snapshots/{id}): ${r.snapshotReadMs.map((x) => `${x.toFixed(0)} ms`).join(', ')}; ` +
      `RSS ${r.rss.snapshotMaxMb.toFixed(0)} MB at most`,
    ...(r.firstCall
      ? [
          `first calls after start: summary ${r.firstCall.summaryMs.toFixed(1)} ms, ` +
            `a person's results ${r.firstCall.personMs.toFixed(1)} ms`,
        ]
      : []),
    ...(r.afterWrite
      ? [
          `after each of ${r.afterWrite.writes} answers (p50 / p95 / max, ms): summary ` +
            `${[r.afterWrite.summary.p50, r.afterWrite.summary.p95, r.afterWrite.summary.max].map((x) => x.toFixed(1)).join(' / ')}; ` +
            `the person's results ` +
            `${[r.afterWrite.person.p50, r.afterWrite.person.p95, r.afterWrite.person.max].map((x) => x.toFixed(1)).join(' / ')}`,
        ]
      : []),
    `RSS: ${r.rss.idleMb.toFixed(0)} MB after start, ${r.rss.maxMb.toFixed(0)} MB at most, ` +
      `${r.rss.afterMb.toFixed(0)} MB at the end (ceiling process: ${r.rss.ceilingMaxMb.toFixed(0)} MB)`,
    'budgets:',
    ...r.budgets.map((b) => `  ${b.met ? 'met   ' : 'MISSED'} ${b.what}: ${b.measured} (budget ${b.limit})`),
  ];
  for (const s of r.scenarios)
    for (const f of [s.load, s.single])
      if (f?.firstError) out.push(`  ${s.label}: ${f.errors} errors, first: ${f.firstError}`);
  out.push(r.ok ? 'OK' : 'FAILED: some requests failed');
  return out.join('\n');
}

function parseArgs(argv: string[]): Omit<BenchOptions, 'log'> {
  const opts: Omit<BenchOptions, 'log'> = {
    staff: 10_000,
    db: 'sqlite',
    duration: 5,
    warmup: 1,
    connections: 10,
    submitConnections: 50,
    submits: 6000,
    latencySubmits: 500,
    snapshots: 3,
    reseed: false,
    results: path.join(repoRoot, 'bench/results.json'),
  };
  let resultsGiven = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const eq = arg.indexOf('=');
    const [flag, inline] = eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i] ?? '';
    const int = (v: string, min: number) => {
      const x = Number(v);
      if (!Number.isInteger(x) || x < min) throw new Error(`${flag} needs an integer ≥ ${min}, got "${v}"`);
      return x;
    };
    if (flag === '--staff') opts.staff = int(value(), 10);
    else if (flag === '--duration') opts.duration = int(value(), 1);
    else if (flag === '--warmup') opts.warmup = int(value(), 0);
    else if (flag === '--connections') opts.connections = int(value(), 1);
    else if (flag === '--submit-connections') opts.submitConnections = int(value(), 1);
    else if (flag === '--submits') opts.submits = int(value(), 1);
    else if (flag === '--latency-submits') opts.latencySubmits = int(value(), 1);
    else if (flag === '--snapshots') opts.snapshots = int(value(), 1);
    else if (flag === '--reseed') opts.reseed = true;
    else if (flag === '--only') opts.only = value().split(',');
    else if (flag === '--cpu-prof') opts.cpuProf = value();
    else if (flag === '--app-entry') opts.appEntry = path.resolve(value());
    else if (flag === '--ceiling-entry') opts.ceilingEntry = path.resolve(value());
    else if (flag === '--node-arg') opts.nodeArgs = [...(opts.nodeArgs ?? []), value()];
    else if (flag === '--env') {
      const v = value();
      const at = v.indexOf('=');
      if (at < 1) throw new Error(`--env needs NAME=VALUE, got "${v}"`);
      opts.env = { ...opts.env, [v.slice(0, at)]: v.slice(at + 1) };
    } else if (flag === '--results') {
      opts.results = path.resolve(value());
      resultsGiven = true;
    } else if (flag === '--db') {
      const v = value();
      if (v !== 'sqlite' && v !== 'postgres') throw new Error(`--db is sqlite or postgres, got "${v}"`);
      opts.db = v;
    } else if (flag === '--pg-url') opts.pgUrl = value();
    else throw new Error(`unknown option ${flag}`);
  }
  // A partial run (--only) does not replace the reference figures unless told where to write.
  if (opts.only && !resultsGiven) opts.results = '';
  return opts;
}

const isEntryPoint =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntryPoint) {
  try {
    const opts = parseArgs(process.argv.slice(2));
    if (opts.db === 'postgres') {
      try {
        const written = JSON.parse(
          fs.readFileSync(path.join(repoRoot, 'bench/results.json'), 'utf8'),
        ) as Record<string, BenchResult>;
        const rps = written.sqlite?.scenarios.find((x) => x.key === 'v2person')?.load?.rps;
        if (rps) opts.sqlitePersonRps = rps;
      } catch {
        // no SQLite figures yet: that budget is not judged
      }
    }
    const result = await runBench({ ...opts, log: (l) => console.log(l) });
    console.log(formatBench(result));
    // One entry per engine: a run replaces its engine's entry and keeps the other.
    if (opts.results === '') {
      process.exitCode = result.ok ? 0 : 1;
      process.exit();
    }
    let all: Record<string, BenchResult> = {};
    try {
      all = JSON.parse(fs.readFileSync(opts.results, 'utf8')) as Record<string, BenchResult>;
    } catch {
      all = {};
    }
    all[result.engine] = result;
    fs.writeFileSync(opts.results, `${JSON.stringify(all, null, 2)}\n`);
    console.log(`written to ${path.relative(process.cwd(), opts.results)}`);
    process.exitCode = result.ok ? 0 : 1;
  } catch (err) {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exitCode = 1;
  }
}
