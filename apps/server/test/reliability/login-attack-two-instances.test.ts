import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startApp, type AppProcess } from '../../../../bench/lib/app-process';
import { freshDatabase, type FreshDatabase } from '../../../../bench/lib/database';
import { Session, expectStatus, type HttpResponse } from '../../../../bench/lib/http';
import { PASSWORD, logIn, uniqueName } from '../../../../bench/lib/rounds';
import { testEngines } from '../engines';

/**
 * The penetration test's concurrent login attack (issue 13, decision 021) against two app processes
 * on one PostgreSQL schema, as behind a load balancer: the attempts are reserved in the shared table
 * before any password check, so the limits hold across instances whatever the interleaving. A 401
 * is the only answer given after a password check (a 429 comes before it: the API suite counts the
 * argon2 calls to prove it), and the rows left are the checked attempts.
 */

const LOCKED = /^Demasiados intentos fallidos\. Intente de nuevo en \d+ minutos\.$/;

const statuses = (results: HttpResponse[]) => results.map((r) => r.status).join(',');
const count = (results: HttpResponse[], status: number) => results.filter((r) => r.status === status).length;

describe.skipIf(!testEngines().includes('postgres'))(
  'login attacks on two app instances, one PostgreSQL',
  () => {
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

    async function newColaborador(): Promise<string> {
      const email = `${uniqueName('colab').replace(/\s+/g, '-').toLowerCase()}@evalua.test`;
      await expectStatus(
        adminA.post('/api/users', { name: 'Colaboradora', email, role: 'colaborador', password: PASSWORD }),
        201,
        'create user',
      );
      return email;
    }

    /** One browser per instance with its CSRF token already, so that the burst is logins only. */
    async function browsers(): Promise<[Session, Session]> {
      const pair: [Session, Session] = [new Session(a.origin), new Session(b.origin)];
      for (const s of pair) await s.get('/api/csrf-token');
      return pair;
    }

    async function failures(column: 'email' | 'ip', value: string): Promise<number> {
      const handle = db.open();
      try {
        const row = await handle.db
          .selectFrom('login_failures')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(column, '=', value)
          .executeTakeFirstOrThrow();
        return Number(row.n);
      } finally {
        await handle.destroy();
      }
    }

    it('60 wrong passwords at once for one e-mail, 30 on each instance: at most 5 reach a password check', async () => {
      const email = await newColaborador();
      const pair = await browsers();
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) => pair[i % 2]!.login(email, 'Contraseña-Equivocada')),
      );
      const checked = count(results, 401);
      expect(checked, statuses(results)).toBeLessThanOrEqual(5);
      expect(count(results, 429), statuses(results)).toBe(60 - checked);
      for (const r of results.filter((x) => x.status === 429)) {
        expect((r.body as { error: string }).error).toMatch(LOCKED);
      }
      expect(await failures('email', email)).toBe(checked);

      // Completed one at a time on either instance, the lock then holds on both, the right password too.
      for (let i = checked; i < 5; i += 1) {
        expect((await pair[i % 2]!.login(email, 'Otra-Equivocada')).status).toBe(401);
      }
      const again = await Promise.all(
        Array.from({ length: 20 }, (_, i) => pair[i % 2]!.login(email, i < 2 ? PASSWORD : 'x')),
      );
      expect(count(again, 429), statuses(again)).toBe(20);
      expect(await failures('email', email)).toBe(5);
    });

    it('100 wrong logins at once from one address, one e-mail each, split over both: at most 30 checks', async () => {
      const pair = await browsers();
      const ip = '127.0.0.1';
      const before = await failures('ip', ip);
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          pair[i % 2]!.login(`rociado-${i}@spray.test`, 'Contraseña-Equivocada'),
        ),
      );
      const checked = count(results, 401);
      expect(before + checked, statuses(results)).toBeLessThanOrEqual(30);
      expect(count(results, 429), statuses(results)).toBe(100 - checked);
      expect(await failures('ip', ip)).toBe(before + checked);
    });
  },
);
