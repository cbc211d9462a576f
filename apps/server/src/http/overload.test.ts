import { ERROR_CODES } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { describeEngines, type TestContext } from '../../test/context';
import { loginAs, unique } from '../../test/factories';
import { createV1Evaluation, evaluatorWithCollaborator, submitBody } from '../../test/v1';

/** One evaluated collaborator: a report whose PDF takes real work to make. */
async function reportPdfUrl(ctx: TestContext): Promise<string> {
  const setup = await createV1Evaluation(ctx, ['competency', 'objective'], {
    competencies: 50,
    objectives: 50,
  });
  const { evaluator, client, collaborator } = await evaluatorWithCollaborator(ctx, setup);
  const res = await client.post(
    '/api/full-evaluation/full-submit',
    submitBody(setup, collaborator.id, evaluator.id, [4, 2]),
  );
  expect(res.statusCode).toBe(201);
  return `/api/reports/full/${setup.evaluationId}/${collaborator.id}/pdf`;
}

/**
 * A flood of PDF downloads: each PDF is made on the one thread, so the requests queue behind each
 * other inside the server, until the guard reports pressure.
 */
async function overload(download: () => Promise<unknown>, isUnderPressure: () => boolean): Promise<void> {
  for (let round = 0; round < 60 && !isUnderPressure(); round++) {
    await Promise.all(Array.from({ length: 12 }, download));
  }
  expect(isUnderPressure(), 'the guard never saw the requests wait').toBe(true);
}

async function calm(isUnderPressure: () => boolean): Promise<void> {
  for (let round = 0; round < 100 && isUnderPressure(); round++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(isUnderPressure()).toBe(false);
}

describeEngines(
  'overload: 503 with Retry-After while requests wait inside the server, health says so',
  (t) => {
    it('refuses new requests with a Spanish 503 and Retry-After, changes nothing, and recovers', async () => {
      const ctx = t();
      const { client: admin } = await loginAs(ctx, 'admin');
      const pdf = await reportPdfUrl(ctx);
      // Over real HTTP: requests arrive as a flood does (on SQLite they queue before being read).
      const origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const download = async () => {
        const res = await fetch(origin + pdf, { headers: { cookie: admin.cookieHeader() } });
        await res.arrayBuffer();
        expect([200, 503]).toContain(res.status);
      };
      const name = unique('Categoría bajo carga');
      const isUnderPressure = () => ctx.app.isUnderPressure();
      await admin.csrfToken(); // a browser has it already; fetching it under overload would be refused too

      await overload(download, isUnderPressure);
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
  { overloadMaxLatencyMs: 50, overloadRetryAfterSeconds: 7 },
);

describeEngines(
  'overload guard off (OVERLOAD_MAX_LATENCY_MS=0)',
  (t) => {
    it('never refuses, however long requests wait', async () => {
      const ctx = t();
      const { client } = await loginAs(ctx, 'admin');
      const pdf = await reportPdfUrl(ctx);
      for (let round = 0; round < 6; round++) {
        const batch = Array.from({ length: 12 }, () => client.get(pdf));
        for (const res of await Promise.all(batch)) expect(res.statusCode).toBe(200);
      }
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(ctx.app.isUnderPressure()).toBe(false);
      expect((await client.get('/api/health')).statusCode).toBe(200);
    });
  },
  { overloadMaxLatencyMs: 0 },
);
