import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endpoint, fileResponse } from '@evalua/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/app';
import { TEST_SECRET, type TestContext } from '../context';

/** What a 500 must look like, and nothing more. */
export const INTERNAL_BODY = {
  error: 'Ocurrió un error inesperado. Inténtalo de nuevo más tarde.',
  code: 'INTERNAL_ERROR',
};

/** Anything that looks like a stack frame, a file path or an error class leaking out. */
export const LEAK =
  /\n\s*at\s|\bat\s+\S+\s+\(|(\/|\\)(work|home|usr|tmp|app|src|var|opt)(\/|\\)|node_modules|[\w-]+\.(ts|js|mjs|cjs)(:\d+)?|\b\w*Error\b|SQLITE_|relation "|syntax error/;

/** A tiny built web app: an index.html with the nonce placeholder and one hashed asset. */
export function makeWebDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-robust-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    [
      '<!doctype html><html lang="es"><head>',
      '<meta name="csp-nonce" content="__CSP_NONCE__">',
      '<style nonce="__CSP_NONCE__">body{margin:0}</style>',
      '<script type="module" src="/assets/app-1a2b3c.js"></script>',
      '</head><body><div id="root"></div></body></html>',
    ].join(''),
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b3c.js'), 'export {};');
  return dir;
}

/** Routes that fail in every way a handler can, to see what the client is told. */
export const THROWING_ROUTES = {
  error: '/api/test/throw-error',
  typeError: '/api/test/throw-type-error',
  string: '/api/test/throw-string',
  object: '/api/test/throw-object',
  database: '/api/test/throw-database',
  rejected: '/api/test/rejected-promise',
  status500: '/api/test/error-with-status-500',
  page: '/pagina-que-falla',
} as const;

/**
 * Their endpoints (every /api route has one, decision 024). They never answer, so they declare no
 * response schema: `fileResponse` is the endpoint whose answer is not serialised through one.
 */
const THROWING_ENDPOINTS = Object.values(THROWING_ROUTES)
  .filter((url): url is Extract<typeof url, `/api/${string}`> => url.startsWith('/api/'))
  .map((url) => endpoint({ method: 'GET', path: url, response: fileResponse }));

/**
 * The real app on the test context's database, serving `webDir`, plus the throwing routes above
 * (registered before it is ready, with public access like any route that declares it).
 */
export async function buildWebTestApp(t: TestContext, webDir: string): Promise<FastifyInstance> {
  const app = await buildApp(
    { db: t.db, engine: t.engine, config: t.config, sessionSecret: TEST_SECRET },
    { webDir, logger: false, testEndpoints: THROWING_ENDPOINTS },
  );
  const open = { config: { access: 'public' as const } };
  const here = import.meta.filename;
  app.get(THROWING_ROUTES.error, open, async () => {
    throw new Error(`fallo interno en ${here}:42`);
  });
  app.get(THROWING_ROUTES.typeError, open, async () => {
    const missing = undefined as unknown as { deep: { value: number } };
    return { value: missing.deep.value };
  });
  app.get(THROWING_ROUTES.string, open, async () => {
    throw `texto lanzado desde ${here}`;
  });
  app.get(THROWING_ROUTES.object, open, async () => {
    throw { message: `objeto en ${here}`, stack: `Error\n    at handler (${here}:1:1)` };
  });
  app.get(THROWING_ROUTES.database, open, async () => {
    await sql`select secret_column from tabla_que_no_existe`.execute(t.db);
    return { ok: true };
  });
  app.get(THROWING_ROUTES.rejected, open, () => Promise.reject(new RangeError(`rango en ${here}`)));
  app.get(THROWING_ROUTES.status500, open, async () => {
    throw Object.assign(new Error(`detalle ${here}`), { statusCode: 500, code: 'E_INTERNO' });
  });
  app.get(THROWING_ROUTES.page, async () => {
    throw new Error(`página rota ${here}`);
  });
  await app.ready();
  return app;
}
