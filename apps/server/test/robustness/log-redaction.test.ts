import fs from 'node:fs';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { redactUrl } from '../../src/http/log-redaction';
import { bootstrap } from '../../src/modules/setup';
import { TEST_SECRET, describeEngines } from '../context';
import { makeWebDir } from './test-app';

/**
 * Penetration test, issue 13 (decision 022): the one-time setup link
 * (http://…/setup?token=…, printed at the first start) was written whole to the access log, so anyone
 * reading the logs could create the first administrator. The real app with a real pino logger
 * writing into memory: whatever the spelling of the link, the token never reaches the log, and the
 * log still says which path was asked for.
 */

describeEngines('the setup token and the access log', (t) => {
  const lines: string[] = [];
  let dir: string;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    dir = makeWebDir();
    app = await buildApp(
      { db: t().db, engine: t().engine, config: t().config, sessionSecret: TEST_SECRET },
      {
        webDir: dir,
        logger: { level: 'trace' },
        logStream: { write: (line: string) => void lines.push(line) },
      },
    );
    await app.ready();
    const boot = await bootstrap(t().db, undefined);
    if (boot.kind !== 'setup-link') throw new Error(`expected a setup link, got ${boot.kind}`);
    token = boot.token;
  });
  afterAll(async () => {
    await app?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('never writes the token, however the link is spelled or answered', async () => {
    const urls = [
      `/setup?token=${token}`,
      `/setup?next=%2Finicio&token=${token}&x=1`,
      `/setup?TOKEN=${token}`,
      `/setup?%74oken=${token}`,
      `/setup?token=${encodeURIComponent(token)}#fin`,
      `/api/setup/status?token=${token}`,
      `/api/no-existe?token=${token}`,
      `/api/categories/%E0%A4%A?token=${token}`,
    ];
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
    }
    // The form's call: the token in the body (never logged), refused without a CSRF token.
    const post = await app.inject({
      method: 'POST',
      url: `/api/setup?token=${token}`,
      payload: { token, name: 'Ana', email: 'ana@prueba.do', password: 'Clave-Segura-123' },
    });
    expect(post.statusCode).toBe(403);

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(urls.length);
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
    const access = lines
      .map((l) => JSON.parse(l) as { msg: string; url?: string })
      .filter((l) => l.msg === 'request completed')
      .map((l) => l.url);
    expect(access).toContain('/setup?token=[oculto]');
    expect(access).toContain('/setup?next=%2Finicio&token=[oculto]&x=1');
    expect(access).toContain('/setup?TOKEN=[oculto]');
    expect(access).toContain('/setup?%74oken=[oculto]');
    expect(access).toContain('/api/setup/status?token=[oculto]');
  });

  it('writes one access line per request, with its id, method, path, status and time (decision 031)', async () => {
    lines.length = 0;
    const answers = [
      await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'linea-1' } }),
      await app.inject({ method: 'GET', url: '/api/no-existe', headers: { 'x-request-id': 'linea-2' } }),
      await app.inject({ method: 'GET', url: '/login', headers: { 'x-request-id': 'linea-3' } }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 200]);
    const entries = lines.map(
      (l) =>
        JSON.parse(l) as {
          msg: string;
          reqId?: string;
          method?: string;
          url?: string;
          statusCode?: number;
          responseTime?: number;
          level: number;
        },
    );
    const access = entries.filter((e) => e.msg === 'request completed');
    expect(access.map((e) => [e.reqId, e.method, e.url, e.statusCode])).toEqual([
      ['linea-1', 'GET', '/api/health', 200],
      ['linea-2', 'GET', '/api/no-existe', 404],
      ['linea-3', 'GET', '/login', 200],
    ]);
    for (const e of access) {
      expect(e.level).toBe(30);
      expect(e.responseTime).toBeGreaterThanOrEqual(0);
    }
    // Fastify's second line per request is gone.
    expect(entries.filter((e) => e.msg === 'incoming request')).toEqual([]);
  });

  it('writes a line for a request its client abandoned before the answer', async () => {
    lines.length = 0;
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // A body announced and never sent: the request waits for it until the client goes away.
    socket.write(
      `POST /api/users/login?token=${token} HTTP/1.1\r\nHost: prueba\r\nX-Request-Id: abandonada-1\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    const until = Date.now() + 3000;
    const aborted = () =>
      lines
        .map((l) => JSON.parse(l) as { msg: string; reqId?: string; url?: string; method?: string })
        .find((l) => l.msg === 'request aborted' && l.reqId === 'abandonada-1');
    while (!aborted() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(aborted()).toMatchObject({ method: 'POST', url: '/api/users/login?token=[oculto]' });
    expect(lines.join('')).not.toContain(token);
  });

  it('redactUrl leaves other URLs alone', () => {
    expect(redactUrl('/api/users?q=ana&page=2')).toBe('/api/users?q=ana&page=2');
    expect(redactUrl('/setup')).toBe('/setup');
    expect(redactUrl('/x?tokens=1&token')).toBe('/x?tokens=1&token=[oculto]');
    expect(redactUrl('/x?password=secreta&a=%ZZ')).toBe('/x?password=[oculto]&a=%ZZ');
  });
});
