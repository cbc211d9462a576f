import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/connection';
import { testConfig, TEST_SECRET } from '../context';
import { freePort } from './pg-cluster';

/**
 * GET /api/health while PostgreSQL cannot be reached answers 503 {status:'error', db:'error'} — also
 * when the caller sends a session cookie, as a browser does. (Found by pg-restart.test.ts: the session
 * lookup ran first, failed, and its error body did not fit the route's 503 schema: a 500.)
 */
describe('health with PostgreSQL unreachable', () => {
  it('answers 503 with its own body, with or without a session cookie', async () => {
    // Nothing listens on a port just freed: every connection is refused.
    const handle = openDatabase(`postgres://postgres@127.0.0.1:${await freePort()}/evalua`, {
      dataDir: os.tmpdir(),
      pgPoolSize: 1,
    });
    const app = await buildApp(
      { db: handle.db, engine: 'postgres', config: testConfig(), sessionSecret: TEST_SECRET },
      { webDir: null, logger: false },
    );
    try {
      for (const headers of [{}, { cookie: 'sid=a-session-token-from-before' }]) {
        const res = await app.inject({ method: 'GET', url: '/api/health', headers });
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toEqual({ status: 'error', db: 'error' });
      }
      // Other calls with that cookie: 503 with the Spanish sentence, never a 500.
      const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: 'sid=x' } });
      expect(me.statusCode).toBe(503);
      expect(me.json()).toEqual({
        error: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
        code: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      await app.close();
      await handle.destroy();
    }
  });
});
