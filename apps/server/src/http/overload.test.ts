import { ERROR_CODES } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { describeEngines } from '../../test/context';
import { loginAs, unique } from '../../test/factories';

/** Keeps the event loop busy (as a flood of heavy requests would) until the guard reports pressure. */
async function overload(isUnderPressure: () => boolean): Promise<void> {
  for (let round = 0; round < 100 && !isUnderPressure(); round++) {
    const until = Date.now() + 300;
    while (Date.now() < until) {
      // busy: nothing else runs on this thread meanwhile
    }
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  expect(isUnderPressure(), 'the guard never saw the blocked event loop').toBe(true);
}

async function calm(isUnderPressure: () => boolean): Promise<void> {
  for (let round = 0; round < 100 && isUnderPressure(); round++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(isUnderPressure()).toBe(false);
}

describeEngines(
  'overload: 503 with Retry-After while the event loop lags, health says so',
  (t) => {
    it('refuses new requests with a Spanish 503 and Retry-After, changes nothing, and recovers', async () => {
      const ctx = t();
      const { client: admin } = await loginAs(ctx, 'admin');
      const name = unique('Categoría bajo carga');
      const isUnderPressure = () => ctx.app.isUnderPressure();
      await admin.csrfToken(); // a browser has it already; fetching it under overload would be refused too

      await overload(isUnderPressure);
      const refused = await admin.post('/api/categories', { name }, { expect5xx: true });
      const list = await admin.get('/api/categories', { expect5xx: true });
      const health = await admin.get('/api/health', { expect5xx: true });
      const page = await admin.get('/login', { expect5xx: true });

      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('7');
      expect(refused.json()).toEqual({
        error:
          'El servidor está atendiendo demasiadas solicitudes en este momento. Inténtalo de nuevo en unos segundos.',
        code: ERROR_CODES.overloaded,
      });
      expect(list.statusCode).toBe(503);
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('7');
      expect(health.json()).toEqual({ status: 'overloaded', db: 'ok' });
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toMatch(/^text\/plain/);
      expect(page.body).toMatch(/^El servidor está atendiendo demasiadas solicitudes/);

      await calm(isUnderPressure);
      const after = await admin.get('/api/health');
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual({ status: 'ok', db: 'ok' });
      const categories = await admin.get('/api/categories');
      expect(categories.statusCode).toBe(200);
      expect(JSON.stringify(categories.json())).not.toContain(name);
      expect((await admin.post('/api/categories', { name })).statusCode).toBe(201);
    });
  },
  { overloadMaxEventLoopDelayMs: 5, overloadRetryAfterSeconds: 7 },
);

describeEngines(
  'overload guard off (OVERLOAD_MAX_EVENT_LOOP_DELAY_MS=0)',
  (t) => {
    it('never refuses, however late the event loop runs', async () => {
      const ctx = t();
      const until = Date.now() + 1500;
      while (Date.now() < until) {
        // busy
      }
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(ctx.app.isUnderPressure()).toBe(false);
      expect((await ctx.client().get('/api/health')).statusCode).toBe(200);
    });
  },
  { overloadMaxEventLoopDelayMs: 0 },
);
