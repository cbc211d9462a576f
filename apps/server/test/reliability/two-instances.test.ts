import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startApp, type AppProcess } from '../../../../bench/lib/app-process';
import { freshDatabase, type FreshDatabase } from '../../../../bench/lib/database';
import { Session, expectStatus } from '../../../../bench/lib/http';
import { PASSWORD, createV1Round, fullSubmitBody, logIn, uniqueName } from '../../../../bench/lib/rounds';
import { testEngines } from '../engines';

/**
 * Two app processes on one PostgreSQL schema, as behind a load balancer: sessions, the login lockout
 * and logout live in the database, so either instance honours what the other did; the unique keys
 * keep a submission single when both receive it at once.
 */

const LOCKED = /^Demasiados intentos fallidos\. Intente de nuevo en \d+ minutos\.$/;

describe.skipIf(!testEngines().includes('postgres'))('two app instances on one PostgreSQL schema', () => {
  let db: FreshDatabase;
  let a: AppProcess;
  let b: AppProcess;
  let adminA: Session;

  beforeAll(async () => {
    db = await freshDatabase('postgres', process.env.TEST_DATABASE_URL);
    a = await startApp({ databaseUrl: db.url, admin: ADMIN });
    b = await startApp({ databaseUrl: db.url });
    adminA = new Session(a.origin);
    await logIn(adminA, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.drop();
  });

  async function newColaborador(): Promise<{ id: number; email: string }> {
    const email = `${uniqueName('colab').replace(/\s+/g, '-').toLowerCase()}@evalua.test`;
    const user = await expectStatus<{ id: number }>(
      adminA.post('/api/users', { name: 'Colaboradora', email, role: 'colaborador', password: PASSWORD }),
      201,
      'create user',
    );
    return { id: user.id, email };
  }

  it('a session opened on A works on B, mutations included (CSRF bound to the session)', async () => {
    const user = await newColaborador();
    const onA = new Session(a.origin);
    await logIn(onA, user.email, PASSWORD);
    const onB = onA.copyTo(b.origin);
    const me = await onB.get('/api/users/me');
    expect(me.status).toBe(200);
    expect((me.body as { id: number }).id).toBe(user.id);

    const adminB = adminA.copyTo(b.origin);
    const created = await adminB.post('/api/categories', { name: uniqueName('Categoría desde B') });
    expect(created.status, created.text).toBe(201);
    const seenOnA = await adminA.get(`/api/categories/${(created.body as { id: number }).id}`);
    expect(seenOnA.status).toBe(200);
  });

  it('the lockout counts failures from both: 3 on A + 2 on B → 429 on either, even with the right password', async () => {
    const user = await newColaborador();
    for (const origin of [a.origin, a.origin, a.origin, b.origin, b.origin]) {
      const res = await new Session(origin).login(user.email, 'Contraseña-Equivocada');
      expect(res.status).toBe(401);
    }
    for (const origin of [a.origin, b.origin]) {
      const res = await new Session(origin).login(user.email, PASSWORD);
      expect(res.status).toBe(429);
      expect((res.body as { error: string }).error).toMatch(LOCKED);
    }
  });

  it('logout on B ends the session on A too', async () => {
    const user = await newColaborador();
    const onA = new Session(a.origin);
    await logIn(onA, user.email, PASSWORD);
    const onB = onA.copyTo(b.origin);
    expect((await onA.get('/api/users/me')).status).toBe(200);
    expect((await onB.get('/api/users/me')).status).toBe(200);
    expect((await onB.post('/api/logout')).status).toBe(204);
    // The old cookie, replayed on either instance, names no session any more.
    const replayA = onA.copyTo(a.origin);
    expect((await replayA.get('/api/users/me')).status).toBe(401);
    const replayB = onA.copyTo(b.origin);
    expect((await replayB.get('/api/users/me')).status).toBe(401);
  });

  it('the same submission sent to both at once is stored once: one 201, the rest 409', async () => {
    const round = await createV1Round(adminA, { questions: 3, collaborators: 1 });
    const onB = new Session(b.origin);
    await logIn(onB, round.evaluator.email, round.evaluator.password);
    const onA = onB.copyTo(a.origin);
    const body = fullSubmitBody(round, round.evaluationId, round.collaboratorIds[0]!, round.evaluator.id);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 === 0 ? onA : onB).post('/api/full-evaluation/full-submit', body),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(11).fill(409)]);
    const handle = db.open();
    try {
      const rows = await handle.db
        .selectFrom('v1_submissions as s')
        .innerJoin('v1_answers as x', 'x.submission_id', 's.id')
        .select(['s.id'])
        .where('s.evaluation_id', '=', round.evaluationId)
        .execute();
      expect(rows.length).toBe(3);
      expect(new Set(rows.map((r) => r.id)).size).toBe(1);
    } finally {
      await handle.destroy();
    }
  });
});
