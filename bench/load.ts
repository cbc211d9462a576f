/**
 * Load benchmark: the real app (a child process, as `npm start` runs it) on a fresh database seeded
 * with a school, driven by autocannon over loopback with mixed, realistic traffic — reads (profile,
 * dashboard, reports, a full report, my 360 assignments) and writes (V1 full-submits and V2 submits,
 * each to its own pending target, so no 409 is expected). Afterwards it compares the acknowledged
 * writes with the rows in the database: they must be the same set.
 *
 *   npm run bench:load -- [--duration 60] [--connections 200] [--storm] [--db sqlite|postgres] [--pg-url URL]
 *
 * The connections open during a 2 s warm-up with no traffic (like browsers holding keep-alive
 * connections, or a proxy's pool), then all start at once. --storm instead opens them and sends at
 * once: Node (libuv ≥ 1.45) accepts one new connection per event-loop turn, so under load the last
 * connections wait seconds for accept() (see docs/reliability.md).
 *
 * PostgreSQL: --pg-url, or BENCH_DATABASE_URL / TEST_DATABASE_URL; the run uses its own schema.
 * Exit code 1 when a request failed (any non-2xx, timeout or socket error) or writes ≠ rows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { Engine } from '../apps/server/src/db/connection';
import { ADMIN, repoRoot, startApp, type AppProcess } from './lib/app-process';
import { freshDatabase, type FreshDatabase } from './lib/database';
import { Session, mapLimit } from './lib/http';
import { PASSWORD, fullSubmitBody, logIn } from './lib/rounds';
import { seedSchool, v2SubmitBody, type School } from './lib/seed';

export interface LoadOptions {
  duration: number;
  connections: number;
  /** Open the connections and send at once, with no warm-up (shows the accept() queue). */
  storm?: boolean;
  db: Engine;
  pgUrl?: string;
  /** Pending targets per write kind per second of run (the seed's size); writes beyond them are an error. */
  targetsPerSecond?: number;
  log?: (line: string) => void;
}

export interface KindFigures {
  requests: number;
  non2xx: number;
  p50: number;
  p99: number;
}

export interface LoadReport {
  engine: Engine;
  duration: number;
  connections: number;
  storm: boolean;
  requests: number;
  requestsPerSecond: number;
  /** Non-2xx answers + socket errors + timeouts. */
  errors: number;
  non2xx: number;
  socketErrors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  latency: { p50: number; p90: number; p99: number; max: number };
  /** Answers per second, averaged over each tenth of the run (does the rate hold as data grows?). */
  timeline: number[];
  byKind: Record<string, KindFigures>;
  writes: {
    v1: { acknowledged: number; rows: number; same: boolean; answersComplete: boolean };
    v2: { acknowledged: number; rows: number; same: boolean; answersComplete: boolean };
    /** Write slots after the targets ran out (the seed was too small): counted as errors. */
    exhausted: number;
    /** Writes sent with no answer (cut at the end of the run): must be 0. */
    unanswered: number;
  };
  seed: { evaluators: number; hr: number; collaborators: number; v1Targets: number; v2Targets: number };
  ok: boolean;
}

interface Ctx {
  kind?: Kind;
  sentAt?: number;
  write?: string;
}

/**
 * Holds a client's first request until `at` (a performance.now() time): its connection opens at once,
 * while the server is idle, and the traffic starts on connections already accepted. autocannon has no
 * such warm-up; this wraps the client's (private) first `_doRequest` call, made in its constructor
 * right after `setupClient`, and restarts the clock of the request already built for it.
 */
function holdFirstRequest(client: autocannon.Client, at: number): void {
  const c = client as unknown as { _doRequest?: () => void; requestIterator?: { context?: Ctx } };
  const doRequest = c._doRequest;
  if (typeof doRequest !== 'function') throw new Error('autocannon changed: Client._doRequest is missing');
  c._doRequest = function () {
    c._doRequest = doRequest;
    setTimeout(
      () => {
        if (c.requestIterator?.context) c.requestIterator.context.sentAt = performance.now();
        doRequest.call(client);
      },
      Math.max(0, at - performance.now()),
    );
  };
}

interface Login {
  id: number;
  cookie: string;
  csrf: string;
}

type Kind =
  | 'me'
  | 'v2-mine'
  | 'v1-submit'
  | 'dashboard'
  | 'reports'
  | 'full-report'
  | 'v2-submit'
  | 'me-hr'
  | 'write-closed';

/** One cycle of every connection: 10 requests, 2 of them writes. */
const CYCLE: Kind[] = [
  'me',
  'v2-mine',
  'v1-submit',
  'dashboard',
  'reports',
  'full-report',
  'v2-submit',
  'me-hr',
  'v2-mine',
  'full-report',
];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function logInAll(origin: string, people: ReadonlyArray<{ email: string }>): Promise<Login[]> {
  return mapLimit(people, 4, async (p) => {
    const s = new Session(origin);
    const id = await logIn(s, p.email, PASSWORD);
    return { id, cookie: s.cookieHeader(), csrf: s.csrfToken! };
  });
}

export async function runLoad(opts: LoadOptions): Promise<LoadReport> {
  const log = opts.log ?? (() => undefined);
  const perSecond = opts.targetsPerSecond ?? 150;
  const size = {
    evaluators: Math.max(10, opts.connections),
    hr: Math.max(2, Math.ceil(opts.connections / 10)),
    collaborators: 300,
    v1Targets: Math.ceil(opts.duration * perSecond),
    v2Targets: Math.ceil(opts.duration * perSecond),
  };
  const db: FreshDatabase = await freshDatabase(opts.db, opts.pgUrl);
  let app: AppProcess | undefined;
  const handle = db.open();
  try {
    app = await startApp({ databaseUrl: db.url, admin: ADMIN, web: true });
    const web = fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))
      ? 'serving the built web app'
      : 'API only: apps/web/dist is missing (npm run build)';
    log(`app on ${app.origin} (${opts.db}; ${web}); seeding…`);
    const admin = new Session(app.origin);
    await logIn(admin, ADMIN.email, ADMIN.password);
    const school: School = await seedSchool(admin, handle.db, size);

    log(`logging in ${school.evaluators.length} evaluators and ${school.hr.length} HR users…`);
    const evaluators = await logInAll(app.origin, school.evaluators);
    const hr = await logInAll(app.origin, school.hr);
    const byId = new Map(evaluators.map((l) => [l.id, l]));

    // Targets, interleaved across users so that concurrent writes come from different people.
    const v1Targets: Array<{ login: Login; evaluationId: number; collaboratorId: number }> = [];
    const perEvaluator = school.evaluators.map((e) =>
      school.roundEvaluationIds.flatMap((evaluationId) =>
        school.v1Assigned
          .get(e.id)!
          .map((collaboratorId) => ({ login: byId.get(e.id)!, evaluationId, collaboratorId })),
      ),
    );
    for (let i = 0; perEvaluator.some((list) => i < list.length); i += 1)
      for (const list of perEvaluator) if (i < list.length) v1Targets.push(list[i]!);
    const pairs = await handle.db
      .selectFrom('v2_assignments')
      .select(['id', 'evaluator_id'])
      .where('evaluation_id', '=', school.v2EvaluationId)
      .where('status', '=', 'pending')
      .orderBy('id')
      .execute();
    const byRater = new Map<number, number[]>();
    for (const p of pairs) byRater.set(p.evaluator_id, [...(byRater.get(p.evaluator_id) ?? []), p.id]);
    const v2Targets: Array<{ login: Login; assignmentId: number }> = [];
    const raterLists = [...byRater].map(([rater, ids]) =>
      ids.map((assignmentId) => ({ login: byId.get(rater)!, assignmentId })),
    );
    for (let i = 0; raterLists.some((list) => i < list.length); i += 1)
      for (const list of raterLists) if (i < list.length) v2Targets.push(list[i]!);

    // The hot loop's state: round-robin pickers, target cursors, acknowledgements, per-kind figures.
    let nextEvaluator = 0;
    let nextHr = 0;
    let nextV1 = 0;
    let nextV2 = 0;
    let nextReport = 0;
    let exhausted = 0;
    const v1Acked = new Set<number>();
    const v2Acked = new Set<number>();
    const writesSent = new Set<string>();
    const latencies = new Map<Kind, number[]>();
    const non2xxByKind = new Map<Kind, number>();
    const statusCodes: Record<string, number> = {};
    const perTenth: number[] = Array<number>(10).fill(0);
    const evaluatorLogin = () => evaluators[nextEvaluator++ % evaluators.length]!;
    const hrLogin = () => hr[nextHr++ % hr.length]!;
    const runMs = opts.duration * 1000;
    // Writes stop a little before the end, so none is in flight when the clients are torn down.
    const writeCutoffMs = Math.min(3000, Math.max(1000, runMs * 0.2));
    let startedAt = Infinity;

    const headersFor = (login: Login, json: boolean) => ({
      cookie: login.cookie,
      'x-csrf-token': login.csrf,
      'x-requested-with': 'XMLHttpRequest',
      ...(json ? { 'content-type': 'application/json' } : {}),
    });
    const get = (req: autocannon.Request, login: Login, path: string): autocannon.Request => ({
      ...req,
      method: 'GET',
      path,
      headers: headersFor(login, false),
      body: undefined,
    });
    const post = (
      req: autocannon.Request,
      login: Login,
      path: string,
      body: unknown,
    ): autocannon.Request => ({
      ...req,
      method: 'POST',
      path,
      headers: headersFor(login, true),
      body: JSON.stringify(body),
    });

    const build = (kind: Kind, req: autocannon.Request, context: Ctx): autocannon.Request => {
      const writesOpen = performance.now() - startedAt < runMs - writeCutoffMs;
      context.write = undefined;
      if (kind === 'v1-submit' || kind === 'v2-submit') {
        const target = kind === 'v1-submit' ? v1Targets[nextV1] : v2Targets[nextV2];
        if (!writesOpen || target === undefined) {
          if (target === undefined) exhausted += 1;
          context.kind = 'write-closed';
          return get(req, evaluatorLogin(), '/api/users/me');
        }
        context.kind = kind;
        if (kind === 'v1-submit') {
          const t = v1Targets[nextV1++]!;
          context.write = `v1:${t.evaluationId}:${t.collaboratorId}:${t.login.id}`;
          writesSent.add(context.write);
          return post(
            req,
            t.login,
            '/api/full-evaluation/full-submit',
            fullSubmitBody(school.v1, t.evaluationId, t.collaboratorId, t.login.id),
          );
        }
        const t = v2Targets[nextV2++]!;
        context.write = `v2:${t.assignmentId}`;
        writesSent.add(context.write);
        return post(
          req,
          t.login,
          '/api/responses-v2/submit',
          v2SubmitBody(school.v2Items, school.v2EvaluationId, t.assignmentId),
        );
      }
      context.kind = kind;
      switch (kind) {
        case 'me':
          return get(req, evaluatorLogin(), '/api/users/me');
        case 'v2-mine':
          return get(req, evaluatorLogin(), '/api/evaluations-v2/assignments/mine');
        case 'dashboard':
          return get(req, hrLogin(), '/api/dashboard/metrics');
        case 'reports':
          return get(req, hrLogin(), `/api/reports?page=${(nextReport++ % 5) + 1}&pageSize=20`);
        case 'full-report': {
          const c = school.collaboratorIds[nextReport++ % school.collaboratorIds.length]!;
          return get(req, hrLogin(), `/api/reports/full/${school.historyEvaluationId}/${c}`);
        }
        default:
          return get(req, hrLogin(), '/api/users/me');
      }
    };

    const requests: autocannon.Request[] = CYCLE.map((kind) => ({
      method: 'GET',
      path: '/',
      setupRequest: (req: autocannon.Request, context: object) => {
        const ctx = context as Ctx;
        ctx.sentAt = performance.now();
        return build(kind, req, ctx);
      },
      onResponse: (status: number, body: string, context: object) => {
        const ctx = context as Ctx;
        const k = ctx.kind ?? kind;
        statusCodes[status] = (statusCodes[status] ?? 0) + 1;
        const tenth = Math.floor(((performance.now() - startedAt) / runMs) * 10);
        if (tenth >= 0 && tenth < 10) perTenth[tenth] = (perTenth[tenth] ?? 0) + 1;
        if (ctx.sentAt !== undefined) {
          const list = latencies.get(k) ?? [];
          list.push(performance.now() - ctx.sentAt);
          latencies.set(k, list);
        }
        if (status < 200 || status >= 300) non2xxByKind.set(k, (non2xxByKind.get(k) ?? 0) + 1);
        if (ctx.write !== undefined) {
          writesSent.delete(ctx.write);
          if (status === 201) {
            const parsed = JSON.parse(body) as { id?: number; assignment_id?: number };
            if (ctx.write.startsWith('v1:')) v1Acked.add(parsed.id!);
            else v2Acked.add(parsed.assignment_id!);
          }
        }
      },
    }));

    log(
      `seeded ${v1Targets.length} V1 and ${v2Targets.length} V2 pending targets; ` +
        `${opts.duration} s at ${opts.connections} connections…`,
    );
    const u = new URL(app.origin);
    const warmupMs = opts.storm ? 0 : 2000;
    startedAt = performance.now() + warmupMs;
    const result = await autocannon({
      url: app.origin,
      hostname: u.hostname,
      port: Number(u.port),
      connections: opts.connections,
      duration: opts.duration + warmupMs / 1000,
      timeout: 30,
      requests,
      ...(warmupMs > 0
        ? { setupClient: (client: autocannon.Client) => holdFirstRequest(client, startedAt) }
        : {}),
    } as autocannon.Options);

    // Writes vs rows.
    const v1Rows = await handle.db
      .selectFrom('v1_submissions')
      .select('id')
      .where('evaluation_id', 'in', school.roundEvaluationIds)
      .execute();
    const v1Answers = await handle.db
      .selectFrom('v1_answers as a')
      .innerJoin('v1_submissions as s', 's.id', 'a.submission_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('s.evaluation_id', 'in', school.roundEvaluationIds)
      .executeTakeFirstOrThrow();
    const v2Rows = await handle.db
      .selectFrom('v2_responses as r')
      .innerJoin('v2_assignments as a', 'a.id', 'r.assignment_id')
      .select(['r.assignment_id'])
      .where('a.evaluation_id', '=', school.v2EvaluationId)
      .execute();
    const v2Answers = await handle.db
      .selectFrom('v2_answers as x')
      .innerJoin('v2_responses as r', 'r.id', 'x.response_id')
      .innerJoin('v2_assignments as a', 'a.id', 'r.assignment_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('a.evaluation_id', '=', school.v2EvaluationId)
      .executeTakeFirstOrThrow();
    const sameSet = (acked: Set<number>, rows: number[]) =>
      acked.size === rows.length && rows.every((id) => acked.has(id));

    const byKind: Record<string, KindFigures> = {};
    for (const [k, list] of latencies) {
      list.sort((x, y) => x - y);
      byKind[k] = {
        requests: list.length,
        non2xx: non2xxByKind.get(k) ?? 0,
        p50: percentile(list, 50),
        p99: percentile(list, 99),
      };
    }
    const socketErrors = result.errors - result.timeouts;
    const writes = {
      v1: {
        acknowledged: v1Acked.size,
        rows: v1Rows.length,
        same: sameSet(
          v1Acked,
          v1Rows.map((r) => r.id),
        ),
        answersComplete: Number(v1Answers.n) === v1Rows.length * school.v1.questions.length,
      },
      v2: {
        acknowledged: v2Acked.size,
        rows: v2Rows.length,
        same: sameSet(
          v2Acked,
          v2Rows.map((r) => r.assignment_id),
        ),
        answersComplete: Number(v2Answers.n) === v2Rows.length * school.v2Items.length,
      },
      exhausted,
      unanswered: writesSent.size,
    };
    const errors = result.non2xx + result.errors + exhausted;
    const report: LoadReport = {
      engine: opts.db,
      duration: result.duration - warmupMs / 1000,
      connections: opts.connections,
      storm: opts.storm === true,
      requests: result.requests.total,
      requestsPerSecond: result.requests.total / (result.duration - warmupMs / 1000),
      errors,
      non2xx: result.non2xx,
      socketErrors,
      timeouts: result.timeouts,
      statusCodes,
      latency: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
      },
      timeline: perTenth.map((n) => n / (opts.duration / 10)),
      byKind,
      writes,
      seed: {
        evaluators: school.evaluators.length,
        hr: school.hr.length,
        collaborators: school.collaboratorIds.length,
        v1Targets: v1Targets.length,
        v2Targets: v2Targets.length,
      },
      ok:
        errors === 0 &&
        writes.unanswered === 0 &&
        writes.v1.same &&
        writes.v2.same &&
        writes.v1.answersComplete &&
        writes.v2.answersComplete,
    };
    if (!app.alive()) throw new Error(`the app died during the run:\n${app.output.join('')}`);
    return report;
  } finally {
    await app?.stop();
    await handle.destroy();
    await db.drop();
  }
}

export function formatReport(r: LoadReport): string {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const lines = [
    `Evalúa load benchmark — ${r.engine}, ${r.connections} connections${r.storm ? ' (storm: opened and sent at once)' : ''}, ${r.duration.toFixed(0)} s`,
    `seed: ${r.seed.evaluators} evaluators, ${r.seed.hr} HR, ${r.seed.collaborators} collaborators; ` +
      `${r.seed.v1Targets} V1 + ${r.seed.v2Targets} V2 pending targets`,
    `requests: ${r.requests} (${r.requestsPerSecond.toFixed(0)}/s)`,
    `latency: p50 ${ms(r.latency.p50)}, p90 ${ms(r.latency.p90)}, p99 ${ms(r.latency.p99)}, max ${ms(r.latency.max)}`,
    `answers/s by tenth of the run: ${r.timeline.map((n) => n.toFixed(0)).join(' ')}`,
    `errors: ${r.errors} (non-2xx ${r.non2xx}, socket ${r.socketErrors}, timeouts ${r.timeouts}, ` +
      `targets exhausted ${r.writes.exhausted})`,
    `status codes: ${JSON.stringify(r.statusCodes)}`,
    'by kind (requests, non-2xx, p50, p99):',
    ...Object.entries(r.byKind).map(
      ([k, f]) =>
        `  ${k.padEnd(12)} ${String(f.requests).padStart(7)} ${String(f.non2xx).padStart(5)}  ${ms(f.p50).padStart(10)} ${ms(f.p99).padStart(10)}`,
    ),
    `writes V1: ${r.writes.v1.acknowledged} acknowledged, ${r.writes.v1.rows} rows — ` +
      `${r.writes.v1.same ? 'same set' : 'MISMATCH'}${r.writes.v1.answersComplete ? '' : ', ANSWERS INCOMPLETE'}`,
    `writes V2: ${r.writes.v2.acknowledged} acknowledged, ${r.writes.v2.rows} rows — ` +
      `${r.writes.v2.same ? 'same set' : 'MISMATCH'}${r.writes.v2.answersComplete ? '' : ', ANSWERS INCOMPLETE'}`,
    `writes sent without an answer: ${r.writes.unanswered}`,
    r.ok ? 'OK' : 'FAILED',
  ];
  return lines.join('\n');
}

function parseArgs(argv: string[]): LoadOptions {
  const opts: LoadOptions = { duration: 60, connections: 200, db: 'sqlite' };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i] ?? '';
    const positive = (v: string) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n <= 0) throw new Error(`${flag} needs a positive integer, got "${v}"`);
      return n;
    };
    if (flag === '--duration') opts.duration = positive(value());
    else if (flag === '--connections') opts.connections = positive(value());
    else if (flag === '--storm') opts.storm = true;
    else if (flag === '--targets-per-second') opts.targetsPerSecond = positive(value());
    else if (flag === '--db') {
      const v = value();
      if (v !== 'sqlite' && v !== 'postgres') throw new Error(`--db is sqlite or postgres, got "${v}"`);
      opts.db = v;
    } else if (flag === '--pg-url') opts.pgUrl = value();
    else throw new Error(`unknown option ${flag}`);
  }
  if (opts.db === 'postgres') {
    opts.pgUrl ??= process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!opts.pgUrl)
      throw new Error('--db postgres needs --pg-url (or BENCH_DATABASE_URL / TEST_DATABASE_URL)');
  }
  return opts;
}

const isEntryPoint =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntryPoint) {
  try {
    const opts = parseArgs(process.argv.slice(2));
    const report = await runLoad({ ...opts, log: (l) => console.log(l) });
    console.log(formatReport(report));
    process.exitCode = report.ok ? 0 : 1;
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}
