import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildApp } from './app';
import { describeEngines, TEST_SECRET } from '../test/context';
import { loginAs } from '../test/factories';

describeEngines('app', (t) => {
  it('GET /api/health checks the database', async () => {
    const res = await t().client().get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('answers a JSON 404 in Spanish for an unknown /api path, for any method', async () => {
    const c = t().client();
    for (const res of [await c.get('/api/no-existe'), await c.post('/api/no-existe', {}, { noCsrf: true })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Recurso no encontrado.', code: 'NOT_FOUND' });
    }
  });

  it('answers 413 for a body over 1 MB and 400 for broken JSON', async () => {
    const { client } = await loginAs(t(), 'admin');
    const big = await client.post('/api/categories', undefined, {
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({
      error: 'La solicitud es demasiado grande (máximo 1 MB).',
      code: 'PAYLOAD_TOO_LARGE',
    });
    const broken = await client.post('/api/categories', undefined, {
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      error: 'El cuerpo de la solicitud no es JSON válido.',
      code: 'VALIDATION_ERROR',
    });
    const text = await client.post('/api/categories', undefined, {
      payload: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(400);
  });

  it('sends security headers, a request id and no-store on the API', async () => {
    const res = await t()
      .client()
      .get('/api/health', { headers: { 'x-request-id': 'prueba-123' } });
    // A JSON answer's CSP lets nothing load or run and makes no nonce (decision 031).
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-request-id']).toBe('prueba-123');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

it('serves the built web app: index.html with a fresh CSP nonce for any page path, assets cached', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<meta name="csp-nonce" content="__CSP_NONCE__"><div id="root"></div>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  const { createTestContext } = await import('../test/context');
  const ctx = await createTestContext('sqlite');
  const app = await buildApp(
    { db: ctx.db, engine: 'sqlite', config: ctx.config, sessionSecret: TEST_SECRET },
    { webDir: dir, logger: false },
  );
  try {
    const page = await app.inject({ method: 'GET', url: '/una/ruta/del/cliente' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    const nonce = /content="([^"]+)"/.exec(page.body)?.[1];
    expect(nonce).toBeDefined();
    expect(nonce).not.toBe('__CSP_NONCE__');
    expect(String(page.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
    const second = await app.inject({ method: 'GET', url: '/login' });
    expect(/content="([^"]+)"/.exec(second.body)?.[1]).not.toBe(nonce);

    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/api/nada' })).statusCode).toBe(404);
  } finally {
    await app.close();
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
