import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startApp, type AppProcess } from '../../../../bench/lib/app-process';
import { freshDatabase, type FreshDatabase } from '../../../../bench/lib/database';
import { PASSWORD, uniqueName } from '../../../../bench/lib/rounds';
import { testEngines } from '../engines';
import { HttpsClient, expectOk, type CallRecord } from './proxy/https-client';
import { freePort, startNginx, type AccessLogLine, type Nginx } from './proxy/nginx';

/**
 * The documented deployment (docs/deployment.md): nginx with TLS (deploy/nginx/evalua.conf, run as
 * it is but for ports and paths) in front of three instances on one PostgreSQL database, with
 * COOKIE_SECURE and TRUST_PROXY. Under load through nginx, one instance is SIGKILLed, another is
 * restarted the documented way (deploy/rolling-restart.sh drain → SIGTERM → start → undrain) and the
 * killed one is started again. No call fails but the writes that were on the killed instance when it
 * died; the sessions outlive it all; every acknowledged write is in the database, none twice. The
 * per-address login limit counts the client's address nginx passes on, which a client cannot forge.
 */

const VUS = 6;
const LOAD_MS = 17_000;
const KILL_AT_MS = 3_000;
const GRACEFUL_AT_MS = 5_000;
const RESTART_KILLED_AT_MS = 9_000;
const LOCKED = 'Demasiados intentos fallidos. Intente de nuevo en 10 minutos.';

interface Instance {
  port: number;
  app: AppProcess;
}

describe.skipIf(!testEngines().includes('postgres'))('nginx (TLS) in front of three instances', () => {
  let db: FreshDatabase;
  let nginx: Nginx;
  const instances: Instance[] = [];
  let admin: HttpsClient;
  const clients: HttpsClient[] = [];

  const startInstance = (port: number, withAdmin = false) =>
    startApp({
      databaseUrl: db.url,
      ...(withAdmin ? { admin: ADMIN } : {}),
      env: {
        PORT: String(port),
        COOKIE_SECURE: 'true',
        TRUST_PROXY: '127.0.0.1',
        LOGIN_MAX_FAILURES_PER_ADDRESS: '5',
      },
    });

  const client = (opts: { localAddress?: string } = {}) => {
    const c = new HttpsClient({ origin: nginx.origin, ca: nginx.ca, ...opts });
    clients.push(c);
    return c;
  };

  async function newUser(role: 'gestionhumana' | 'colaborador'): Promise<{ id: number; email: string }> {
    const email = `${uniqueName(role).replace(/\s+/g, '-').toLowerCase()}@evalua.test`;
    const user = expectOk<{ id: number }>(
      await admin.post('/api/users', { name: 'Persona de prueba', email, role, password: PASSWORD }),
      201,
    );
    return { id: user.id, email };
  }

  beforeAll(async () => {
    db = await freshDatabase('postgres', process.env.TEST_DATABASE_URL);
    const ports = [await freePort(), await freePort(), await freePort()];
    // The first one migrates the empty database and creates the administrator.
    instances.push({ port: ports[0]!, app: await startInstance(ports[0]!, true) });
    for (const port of ports.slice(1)) instances.push({ port, app: await startInstance(port) });
    nginx = await startNginx(ports);
    admin = client();
    const login = await admin.login(ADMIN.email, ADMIN.password);
    expectOk(login, 200);
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    for (const { app } of instances) await app?.stop();
    await nginx?.stop();
    await db?.drop();
  });

  it('serves HTTPS only: plain HTTP is redirected, the session cookie is Secure and __Host-', async () => {
    const res = await fetch(`${nginx.httpOrigin}/login`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toMatch(/^https:\/\/127\.0\.0\.1\/login$/);

    const user = await newUser('colaborador');
    const c = client();
    const login = await c.login(user.email, PASSWORD);
    expectOk(login, 200);
    const sid = login.setCookies.find((line) => line.startsWith('__Host-sid='));
    expect(sid, login.setCookies.join('\n')).toBeDefined();
    expect(sid).toMatch(/;\s*Secure/i);
    expect(sid).toMatch(/;\s*HttpOnly/i);
    const me = await c.get('/api/users/me');
    expect(me.status).toBe(200);
    // nginx's request id is the app's (one id in both logs).
    expect(me.requestId).toMatch(/^[0-9a-f]{32}$/);
    const line = (await nginx.accessLog([me.requestId!])).find((l) => l.request_id === me.requestId);
    expect(line?.uri).toBe('/api/users/me');
    expect(line?.client).toBe('127.0.0.1');
  });

  it('loses nothing acknowledged and fails only what was on the killed instance, through a kill and a rolling restart', async () => {
    // Virtual users, each a browser at its own address (logins in flight count against their
    // address: decision 021), logged in once before anything happens and keeping its session.
    const users = await Promise.all(Array.from({ length: VUS }, () => newUser('gestionhumana')));
    const vus = users.map((_u, n) => client({ localAddress: `127.0.1.${n + 1}` }));
    await Promise.all(vus.map((c, i) => c.login(users[i]!.email, PASSWORD).then((r) => expectOk(r, 200))));

    const calls: CallRecord[] = [];
    const acked = new Map<number, string>(); // category id → name, from the 201s
    const t0 = performance.now();
    const loadEnd = t0 + LOAD_MS;
    const vu = async (c: HttpsClient, n: number) => {
      let i = 0;
      while (performance.now() < loadEnd) {
        calls.push(await c.get('/api/users/me'));
        calls.push(await c.get('/api/categories?page=1'));
        const name = `Carga ${n}-${i++} ${Math.random().toString(36).slice(2, 8)}`;
        const created = await c.post('/api/categories', { name });
        calls.push(created);
        if (created.status === 201) {
          const body = created.body as { id: number; name: string };
          expect(body.name).toBe(name);
          acked.set(body.id, name);
        }
      }
    };
    const load = Promise.all(vus.map((c, n) => vu(c, n)));

    // The events, each after its moment.
    const at = (ms: number) => sleep(Math.max(0, t0 + ms - performance.now()));
    const [a, b] = [instances[0]!, instances[1]!];

    await at(KILL_AT_MS);
    // A request that ended after the signal went out and started before its death was seen was
    // possibly on A when it died.
    const killSentAt = performance.now();
    await a.app.kill('SIGKILL');
    const killedAt = performance.now();

    await at(GRACEFUL_AT_MS);
    const drained = await nginx.rollingRestart('drain', b.port);
    expect(drained).toContain(`port ${b.port} drained`);
    await b.app.stop();
    expect(await b.app.exited).toBe(0);
    b.app = await startInstance(b.port);
    const bBack = performance.now();
    expect(await nginx.rollingRestart('undrain', b.port)).toContain(`port ${b.port} is back`);

    await at(RESTART_KILLED_AT_MS);
    a.app = await startInstance(a.port);
    const aBack = performance.now();

    await load;
    const ids = calls.flatMap((c) => (c.requestId ? [c.requestId] : []));
    const log = new Map<string, AccessLogLine>((await nginx.accessLog(ids)).map((l) => [l.request_id, l]));
    const killedAddr = `127.0.0.1:${a.port}`;
    const lastUpstream = (c: CallRecord) =>
      log
        .get(c.requestId ?? '')
        ?.upstream.split(', ')
        .at(-1);

    // Allowed: a write that nginx had sent to A when A died (502 from nginx, whose log names A).
    const onKilled = (c: CallRecord) =>
      c.status === 502 && c.start < killedAt && c.end >= killSentAt && lastUpstream(c) === killedAddr;
    const failed = calls.filter((c) => c.status === null || c.status >= 300);
    const allowed = failed.filter(onKilled);
    const unexpected = failed.filter((c) => !onKilled(c));
    const describeCall = (c: CallRecord) =>
      `${c.method} ${c.path} → ${c.status ?? c.error} at ${Math.round(c.start - t0)}–${Math.round(c.end - t0)} ms ` +
      `(upstream ${log.get(c.requestId ?? '')?.upstream ?? '?'}) ${c.text.slice(0, 120)}`;
    expect(
      unexpected.map(describeCall),
      `kill sent at ${Math.round(killSentAt - t0)} ms, seen at ${Math.round(killedAt - t0)} ms\n${nginx.errorLog()}`,
    ).toEqual([]);
    expect(allowed.every((c) => c.method === 'POST')).toBe(true);
    console.log(
      `proxy-instances: ${calls.length} calls in ${LOAD_MS / 1000} s, ${acked.size} writes acknowledged, ` +
        `${allowed.length} failed in flight on the killed instance (kill at ${Math.round(killSentAt - t0)}–${Math.round(killedAt - t0)} ms), ` +
        `${calls.filter((c) => c.resent).length} resent after nginx closed a kept-alive connection`,
    );
    expect(calls.length).toBeGreaterThan(300);

    // Every instance served again after its restart (the killed one once nginx retried it).
    const servedBy = (port: number, after: number) =>
      calls.filter((c) => c.status !== null && c.start > after && lastUpstream(c) === `127.0.0.1:${port}`)
        .length;
    expect(servedBy(b.port, bBack)).toBeGreaterThan(0);
    expect(servedBy(a.port, aBack)).toBeGreaterThan(0);

    // The sessions opened before the kill and the restart still work, with the same cookies.
    for (const c of [admin, ...vus]) expect((await c.get('/api/users/me')).status).toBe(200);

    // Every acknowledged write is in the database, once; nothing was written twice.
    const handle = db.open();
    try {
      const rows = await handle.db.selectFrom('categories').select(['id', 'name']).execute();
      const byId = new Map(rows.map((r) => [r.id, r.name]));
      const missing = [...acked].filter(([id, name]) => byId.get(id) !== name);
      expect(missing).toEqual([]);
      const names = rows.map((r) => r.name).filter((n) => n.startsWith('Carga '));
      expect(new Set(names).size).toBe(names.length);
      // At most the in-flight writes on A may have been done without an answer.
      expect(names.length - acked.size).toBeLessThanOrEqual(allowed.length);
    } finally {
      await handle.destroy();
    }
  });

  it("counts the client's address in the per-address login limit, not nginx's, and cannot be spoofed", async () => {
    const victim = await newUser('colaborador');
    const attacker = client({ localAddress: '127.0.0.2' });
    // LOGIN_MAX_FAILURES_PER_ADDRESS=5: five failures (five unknown e-mails), then refused.
    for (let i = 0; i < 5; i += 1) {
      const res = await attacker.login(`${uniqueName('nadie').replace(/\s+/g, '-')}@evalua.test`, 'mala');
      expect(res.status, res.text).toBe(401);
    }
    const refused = await client({ localAddress: '127.0.0.2' }).login(victim.email, PASSWORD);
    expect(refused.status).toBe(429);
    expect((refused.body as { error: string }).error).toBe(LOCKED);
    // A forged X-Forwarded-For does not get it out: nginx overwrites the header.
    const forged = await client({ localAddress: '127.0.0.2' }).login(victim.email, PASSWORD, {
      'x-forwarded-for': '203.0.113.9',
    });
    expect(forged.status).toBe(429);

    // Another address is not refused, even when it claims to be the refused one.
    const other = await client({ localAddress: '127.0.0.3' }).login(victim.email, PASSWORD, {
      'x-forwarded-for': '127.0.0.2',
    });
    expect(other.status, other.text).toBe(200);

    const handle = db.open();
    try {
      const failures = await handle.db.selectFrom('login_failures').select('ip').execute();
      expect(failures.map((f) => f.ip)).toEqual(Array<string>(5).fill('127.0.0.2'));
      const login = await handle.db
        .selectFrom('audit_log')
        .select('ip')
        .where('action', '=', 'login')
        .where('user_id', '=', victim.id)
        .executeTakeFirstOrThrow();
      expect(login.ip).toBe('127.0.0.3');
    } finally {
      await handle.destroy();
    }
  });
});
