import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestContext, TEST_SECRET, type TestContext } from '../../test/context';

const LONG_CACHE = 'public, max-age=31536000, immutable';
const SCRIPT = `export const words = ${JSON.stringify('evaluación del desempeño '.repeat(200))};\n`;

/** A built web app as the web build leaves it: each asset with its .br and .gz copies. */
function writeWebDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-web-compress-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<meta name="csp-nonce" content="__CSP_NONCE__"><script type="module" src="/assets/app-abc123.js"></script>',
  );
  const script = path.join(dir, 'assets', 'app-abc123.js');
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
  // A small asset the build left uncompressed (its copies would not be smaller).
  fs.writeFileSync(path.join(dir, 'assets', 'tiny-def456.js'), 'export{};');
  return dir;
}

describe('web app: precompressed assets and cache headers', () => {
  let dir: string;
  let ctx: TestContext;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = writeWebDir();
    ctx = await createTestContext('sqlite');
    app = await buildApp(
      { db: ctx.db, engine: 'sqlite', config: ctx.config, sessionSecret: TEST_SECRET },
      { webDir: dir, logger: false },
    );
  });

  afterAll(async () => {
    await app?.close();
    await ctx?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const getAsset = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the brotli copy to a browser that accepts br, cached for a year', async () => {
    const res = await getAsset('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(LONG_CACHE);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a browser that accepts only gzip, cached for a year', async () => {
    const res = await getAsset('/assets/app-abc123.js', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(LONG_CACHE);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file itself without accept-encoding, or with identity only', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await getAsset('/assets/app-abc123.js', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe(LONG_CACHE);
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('falls back to the file itself when an asset has no compressed copy', async () => {
    const res = await getAsset('/assets/tiny-def456.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(LONG_CACHE);
    expect(res.body).toBe('export{};');
  });

  it('renders index.html per request, uncompressed and never cached, also at /index.html', async () => {
    for (const url of ['/', '/login', '/index.html']) {
      const res = await getAsset(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).not.toContain('__CSP_NONCE__');
      expect(res.body, url).toContain('/assets/app-abc123.js');
    }
  });

  it('does not serve the compressed copies as files of their own', async () => {
    const res = await getAsset('/assets/app-abc123.js.br', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('answers 404 for a missing built file, never the page (another instance may have it)', async () => {
    for (const url of ['/assets/app-999999.js', '/assets/nuevo.css?v=1', '/%61ssets/app-999999.js']) {
      const res = await getAsset(url, 'br, gzip');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toContain('text/html');
    }
  });
});
