import { authEndpoints, v2AssignmentEndpoints } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { call } from '../../../test/call';
import { TestClient } from '../../../test/client';
import { describeEngines } from '../../../test/context';
import { DEFAULT_PASSWORD, createUser, loginAs } from '../../../test/factories';
import { countingApp } from '../../../test/statements';
import { createOpenV2 } from '../../../test/v2';

/**
 * GET /api/users/me in one statement (issue 17, decision 031): the profile and the 360 menu flag come
 * with the session lookup every API request runs anyway — and are what the database holds now.
 */
describeEngines('GET /api/users/me: one statement', (t) => {
  it('runs one statement and answers the profile as it is now', async () => {
    const { app, counter } = await countingApp(t());
    try {
      const user = await createUser(t(), {
        role: 'colaborador',
        name: 'Rosa Mejía',
        position: 'Docente',
        department: 'Ciencias',
      });
      const client = new TestClient(app);
      expect((await client.login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
      counter.count = 0;
      const first = (await call(client, authEndpoints.me)).body;
      expect(counter.count).toBe(1);
      expect(first).toMatchObject({
        id: user.id,
        name: 'Rosa Mejía',
        email: user.email,
        role: 'colaborador',
        position: 'Docente',
        department: 'Ciencias',
        category_id: null,
        status: true,
        has_v2_assignments: false,
        password_set_by_other: false,
      });

      // Changes made elsewhere show at the next call.
      await t()
        .db.updateTable('users')
        .set({ department: 'Matemáticas' })
        .where('id', '=', user.id)
        .execute();
      const { client: admin } = await loginAs(t(), 'admin');
      const evaluation = await createOpenV2(admin);
      const other = await createUser(t());
      const added = await call(admin, v2AssignmentEndpoints.bulk, {
        body: {
          evaluation_id: evaluation.id,
          assignments: [{ evaluator_id: user.id, evaluatee_id: other.id, relation: 'peer' }],
        },
      });
      expect(added.status).toBe(200);
      counter.count = 0;
      const second = (await call(client, authEndpoints.me)).body;
      expect(counter.count).toBe(1);
      expect(second).toMatchObject({ department: 'Matemáticas', has_v2_assignments: true });
    } finally {
      await app.close();
    }
  });
});
