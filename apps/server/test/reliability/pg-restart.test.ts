import { HTTP_MESSAGES } from '@evalua/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, startApp, type AppProcess } from '../../../../bench/lib/app-process';
import { Session, type HttpResponse } from '../../../../bench/lib/http';
import { createV1Round, fullSubmitBody, logIn, type V1Round } from '../../../../bench/lib/rounds';
import { openDatabase } from '../../src/db/connection';
import { findPgBin, freePort, startPgCluster, type PgCluster } from './pg-cluster';

/**
 * PostgreSQL stops (pg_ctl stop -m fast) and starts again under a stream of reads and writes, on a
 * private cluster (the machine's shared server is never touched). While it is down every call that
 * needs the database answers 503 with a Spanish sentence, quickly (no hang), and the app process lives
 * on; once it is back, the same app serves again without a restart, and no write was half-done.
 */

const bin = findPgBin();
if (!bin && process.env.REQUIRE_PG === '1') {
  throw new Error(
    'REQUIRE_PG=1 pero no hay binarios de PostgreSQL (initdb, pg_ctl): la prueba no puede omitirse.',
  );
}

type Phase = 'up' | 'stopping' | 'down' | 'starting' | 'back';
type Op = 'me' | 'health' | 'assignments' | 'submit' | 'login';
interface Outcome {
  phase: Phase;
  op: Op;
  status: number | 'no answer';
  body: unknown;
  collaborator?: number;
}

const UNAVAILABLE = { error: HTTP_MESSAGES.unavailable, code: 'SERVICE_UNAVAILABLE' };

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
});

describe.skipIf(!bin)('PostgreSQL restart under load (private cluster)', () => {
  it('answers 503 in Spanish while PostgreSQL is down and serves again when it is back, without an app restart', async () => {
    const cluster: PgCluster = await startPgCluster(bin!, await freePort());
    cleanup.push(() => cluster.destroy());
    const app: AppProcess = await startApp({ databaseUrl: cluster.url, admin: ADMIN });
    cleanup.push(() => app.stop());

    const admin = new Session(app.origin, 15_000);
    await logIn(admin, ADMIN.email, ADMIN.password);
    const round: V1Round = await createV1Round(admin, { questions: 4, collaborators: 300 });
    const evaluator = new Session(app.origin, 15_000);
    await logIn(evaluator, round.evaluator.email, round.evaluator.password);

    let phase: Phase = 'up';
    const outcomes: Outcome[] = [];
    let nextTarget = 0;
    const call = async (wanted: Op): Promise<Outcome> => {
      const at = phase;
      // Each submit takes a collaborator of its own; when none is left the call reads instead.
      const collaborator = wanted === 'submit' ? round.collaboratorIds[nextTarget++] : undefined;
      const op: Op = wanted === 'submit' && collaborator === undefined ? 'me' : wanted;
      let req: Promise<HttpResponse>;
      if (op === 'me') req = evaluator.get('/api/users/me');
      else if (op === 'health') req = evaluator.get('/api/health');
      else if (op === 'assignments') req = evaluator.get(`/api/assignments/${round.evaluator.id}`);
      else if (op === 'login') req = new Session(app.origin, 15_000).login(ADMIN.email, ADMIN.password);
      else
        req = evaluator.post(
          '/api/full-evaluation/full-submit',
          fullSubmitBody(round, round.evaluationId, collaborator!, round.evaluator.id),
        );
      let outcome: Outcome;
      try {
        const res = await req;
        outcome = { phase: at, op, status: res.status, body: res.body, collaborator };
      } catch (err) {
        // A hang (15 s deadline) or a dropped connection (the app crashed).
        outcome = { phase: at, op, status: 'no answer', body: String(err), collaborator };
      }
      outcomes.push(outcome);
      return outcome;
    };

    // A stream: 4 clients in a loop, three writes in every eight calls.
    const OPS: Op[] = ['me', 'submit', 'assignments', 'health', 'submit', 'me', 'login', 'submit'];
    let streaming = true;
    const stream = Promise.all(
      Array.from({ length: 4 }, async (_, w) => {
        for (let i = w; streaming; i += 1) {
          await call(OPS[i % OPS.length]!);
          // Paced, so the 300 collaborators last (about 75 submits a second at most).
          await new Promise((r) => setTimeout(r, phase === 'down' || phase === 'starting' ? 100 : 20));
        }
      }),
    );
    const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

    await settle(1000);
    phase = 'stopping';
    await cluster.stop('fast');
    phase = 'down';
    await settle(1500);
    // Every kind of call, once more, while it is surely down.
    const downCalls = await Promise.all(
      (['me', 'health', 'assignments', 'submit', 'login'] as Op[]).map(call),
    );
    phase = 'starting';
    await cluster.start();
    // The pool reconnects by itself: health comes back without restarting the app.
    let healthy = false;
    for (let i = 0; i < 60 && !healthy; i += 1) {
      healthy = (await evaluator.get('/api/health')).status === 200;
      if (!healthy) await settle(500);
    }
    expect(healthy, 'the app did not reach PostgreSQL again').toBe(true);
    phase = 'back';
    await settle(1000);
    streaming = false;
    await stream;

    expect(app.alive(), `the app process died:\n${app.output.join('')}`).toBe(true);
    expect(outcomes.filter((o) => o.status === 'no answer')).toEqual([]);
    // Never a 500 or another error: success, or 503 with the Spanish sentence (health: its own shape).
    for (const o of outcomes) {
      if (typeof o.status === 'number' && o.status < 300) continue;
      expect(o.status, JSON.stringify(o)).toBe(503);
      expect(o.body).toEqual(o.op === 'health' ? { status: 'error', db: 'error' } : UNAVAILABLE);
    }
    const down = outcomes.filter((o) => o.phase === 'down');
    expect(down.length).toBeGreaterThan(downCalls.length);
    for (const o of down) expect(o.status, JSON.stringify(o)).toBe(503);
    const back = outcomes.filter((o) => o.phase === 'back');
    expect(back.length).toBeGreaterThan(0);
    for (const o of back) expect(o.status, JSON.stringify(o)).toBeLessThan(300);
    expect(new Set(back.map((o) => o.op))).toEqual(new Set(OPS));

    // The same session, a login and a new submit all work after the restart.
    expect((await evaluator.get('/api/users/me')).status).toBe(200);
    await logIn(new Session(app.origin), round.evaluator.email, round.evaluator.password);

    // No write half-done: each acknowledged submit is stored with all its answers; a 503 stored nothing
    // (only a commit cut mid-reply by the shutdown may be stored unacknowledged).
    const handle = openDatabase(cluster.url, { dataDir: '/tmp', pgPoolSize: 2 });
    cleanup.push(() => handle.destroy());
    const rows = await handle.db
      .selectFrom('v1_submissions as s')
      .leftJoin('v1_answers as a', 'a.submission_id', 's.id')
      .select(['s.collaborator_id', (eb) => eb.fn.count<number>('a.id').as('answers')])
      .where('s.evaluation_id', '=', round.evaluationId)
      .groupBy('s.collaborator_id')
      .execute();
    const stored = new Map(rows.map((r) => [r.collaborator_id, Number(r.answers)]));
    const writes = outcomes.filter((o) => o.op === 'submit');
    for (const w of writes) {
      if (w.status === 201) expect(stored.get(w.collaborator!), JSON.stringify(w)).toBe(4);
      else if (w.phase !== 'stopping') expect(stored.has(w.collaborator!), JSON.stringify(w)).toBe(false);
    }
    for (const [c, n] of stored) {
      expect(n).toBe(4);
      expect(writes.some((w) => w.collaborator === c)).toBe(true);
    }
    expect(writes.filter((w) => w.status === 201 && w.phase === 'back').length).toBeGreaterThan(0);
  });
});
