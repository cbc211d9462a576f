import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, startApp, type AppProcess } from '../../../../bench/lib/app-process';
import { freshDatabase, type FreshDatabase } from '../../../../bench/lib/database';
import { Session } from '../../../../bench/lib/http';
import { createV1Round, fullSubmitBody, logIn } from '../../../../bench/lib/rounds';
import { testEngines } from '../engines';

/**
 * The server process is killed (SIGKILL: no shutdown code runs) while full-submits stream in. After a
 * restart on the same database, every submission that was acknowledged (201) is there, whole; no
 * submission lacks its answers or its audit entry, and no answer lacks its submission.
 */

const QUESTIONS = 12;
const COLLABORATORS = 150;
const IN_FLIGHT = 8;

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
});

describe.each(testEngines())('SIGKILL during a stream of submits [%s]', (engine) => {
  it('keeps every acknowledged submission whole, none partial, and serves again after a restart', async () => {
    const db: FreshDatabase = await freshDatabase(engine, process.env.TEST_DATABASE_URL);
    cleanup.push(() => db.drop());
    let app: AppProcess = await startApp({ databaseUrl: db.url, admin: ADMIN });
    cleanup.push(() => app.stop());

    const admin = new Session(app.origin);
    await logIn(admin, ADMIN.email, ADMIN.password);
    const round = await createV1Round(admin, { questions: QUESTIONS, collaborators: COLLABORATORS });
    const evaluator = new Session(app.origin);
    await logIn(evaluator, round.evaluator.email, round.evaluator.password);

    // Stream submits, IN_FLIGHT at a time; SIGKILL right after the killAfter-th acknowledgement.
    const killAfter = 20 + Math.floor(Math.random() * 40);
    const acked = new Map<number, number>(); // collaborator → submission id from the 201
    const refused = new Map<number, number>(); // collaborator → status (none expected)
    const cut = new Set<number>(); // sent, never answered (the process died)
    let next = 0;
    let killing: Promise<void> | undefined;
    const worker = async () => {
      while (killing === undefined && next < round.collaboratorIds.length) {
        const c = round.collaboratorIds[next++]!;
        try {
          const res = await evaluator.post(
            '/api/full-evaluation/full-submit',
            fullSubmitBody(round, round.evaluationId, c, round.evaluator.id),
          );
          if (res.status === 201) acked.set(c, (res.body as { id: number }).id);
          else refused.set(c, res.status);
        } catch {
          cut.add(c);
        }
        if (acked.size >= killAfter && killing === undefined) killing = app.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    expect(killing, 'the stream ended before the kill').toBeDefined();
    await killing;
    expect(await app.exited).toBe('SIGKILL');
    expect(Object.fromEntries(refused)).toEqual({});

    // Restart on the same database.
    app = await startApp({ databaseUrl: db.url });
    const handle = db.open();
    cleanup.push(() => handle.destroy());

    const rows = await handle.db
      .selectFrom('v1_submissions')
      .select(['id', 'collaborator_id', 'evaluator_id'])
      .where('evaluation_id', '=', round.evaluationId)
      .execute();
    const stored = new Map(rows.map((r) => [r.collaborator_id, r.id]));
    // Every acknowledged submission is there, under the id the 201 gave.
    for (const [c, id] of acked) expect(stored.get(c), `acknowledged submission for ${c}`).toBe(id);
    // Any other row belongs to a request the crash cut off (committed, answer lost): never invented.
    for (const r of rows) {
      expect(r.evaluator_id).toBe(round.evaluator.id);
      if (!acked.has(r.collaborator_id)) expect(cut.has(r.collaborator_id)).toBe(true);
    }

    // None partial: each submission has all the bank's answers and its audit entry; no stray answers.
    const answerCounts = await handle.db
      .selectFrom('v1_submissions as s')
      .leftJoin('v1_answers as a', 'a.submission_id', 's.id')
      .select(['s.id', (eb) => eb.fn.count<number>('a.id').as('n')])
      .groupBy('s.id')
      .execute();
    expect(answerCounts.length).toBe(rows.length);
    for (const r of answerCounts) expect(Number(r.n), `answers of submission ${r.id}`).toBe(QUESTIONS);
    const orphanAnswers = await handle.db
      .selectFrom('v1_answers as a')
      .leftJoin('v1_submissions as s', 's.id', 'a.submission_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('s.id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(orphanAnswers.n)).toBe(0);
    const audited = await handle.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('entity', '=', 'v1_submission')
      .execute();
    expect(audited.map((a) => a.entity_id).sort((a, b) => a! - b!)).toEqual(
      rows.map((r) => r.id).sort((a, b) => a - b),
    );
    if (engine === 'sqlite') {
      const { rows: check } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
        handle.db,
      );
      expect(check[0]?.integrity_check).toBe('ok');
    }

    // The app serves normally: health, the old session (sessions live in the database), a new login.
    evaluator.origin = app.origin;
    const health = await evaluator.get('/api/health');
    expect([health.status, health.body]).toEqual([200, { status: 'ok', db: 'ok' }]);
    expect((await evaluator.get('/api/users/me')).status).toBe(200);
    const again = new Session(app.origin);
    await logIn(again, round.evaluator.email, round.evaluator.password);

    // The client retries what the crash cut off and was not stored; new submits work; a stored one is a 409.
    const retry = [...cut].filter((c) => !stored.has(c));
    const fresh = round.collaboratorIds.filter((c) => !acked.has(c) && !cut.has(c)).slice(0, 3);
    for (const c of [...retry, ...fresh]) {
      const res = await again.post(
        '/api/full-evaluation/full-submit',
        fullSubmitBody(round, round.evaluationId, c, round.evaluator.id),
      );
      expect(res.status, res.text).toBe(201);
    }
    const [firstAcked] = acked.keys();
    const dup = await again.post(
      '/api/full-evaluation/full-submit',
      fullSubmitBody(round, round.evaluationId, firstAcked!, round.evaluator.id),
    );
    expect(dup.status).toBe(409);
    const total = await handle.db
      .selectFrom('v1_submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('evaluation_id', '=', round.evaluationId)
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(rows.length + retry.length + fresh.length);
  });
});
