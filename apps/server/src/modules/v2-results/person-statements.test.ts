import { v2ResultEndpoints } from '@evalua/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, callExpecting } from '../../../test/call';
import { TestClient } from '../../../test/client';
import { describeEngines } from '../../../test/context';
import { DEFAULT_PASSWORD, loginAs } from '../../../test/factories';
import { countingApp, type StatementCounter } from '../../../test/statements';
import { build360, type Scenario } from '../../../test/v2-answers';

/**
 * A person's 360 results in one statement (decision 032; issue 17: "≤ 2 statements on PostgreSQL",
 * where each is a round trip): the session lookup, then one statement for the results, on both
 * engines — the items of an open evaluation come from memory.
 */
describeEngines('a person’s 360 results: statements per request', (t) => {
  let s: Scenario;
  let app: FastifyInstance;
  let counter: StatementCounter;
  let admin: TestClient;

  beforeAll(async () => {
    s = await build360(t());
    ({ app, counter } = await countingApp(t()));
    const { user } = await loginAs(t(), 'admin');
    admin = new TestClient(app);
    expect((await admin.login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('runs the session lookup and one statement, and answers what it answered before', async () => {
    const input = { params: { id: s.evaluation.id, userId: s.evaluatees.B.user.id } };
    // The first call reads the (frozen) items once.
    const { body: first } = await call(admin, v2ResultEndpoints.person, input);
    for (let i = 0; i < 3; i += 1) {
      counter.count = 0;
      const res = await call(admin, v2ResultEndpoints.person, input);
      expect(res.status).toBe(200);
      expect(counter.count).toBe(2);
      expect(res.body).toEqual(first);
    }
    // The same figures as through the app of the test context.
    expect((await call(s.admin, v2ResultEndpoints.person, input)).body).toEqual(first);
  });

  it('answers 404 for an unknown evaluation or person, in as few', async () => {
    counter.count = 0;
    const unknown = await callExpecting(
      admin,
      v2ResultEndpoints.person,
      { params: { id: 999999, userId: s.evaluatees.B.user.id } },
      404,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('La evaluación no existe.');
    const nobody = await callExpecting(
      admin,
      v2ResultEndpoints.person,
      { params: { id: s.evaluation.id, userId: 999999 } },
      404,
    );
    expect(nobody.status).toBe(404);
    expect(counter.count).toBe(4);
  });
});
