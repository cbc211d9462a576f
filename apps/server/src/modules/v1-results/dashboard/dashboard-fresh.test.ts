import {
  dashboardEndpoints,
  dayIn,
  evaluationEndpoints,
  userEndpoints,
  type DashboardMetrics,
} from '@evalua/contracts';
import { expect, it } from 'vitest';
import { call } from '../../../../test/call';
import type { TestClient } from '../../../../test/client';
import { describeEngines } from '../../../../test/context';
import { DEFAULT_PASSWORD, createUser, loginAs } from '../../../../test/factories';
import { assign, clientFor, createV1Evaluation, submitBody, submitV1 } from '../../../../test/v1';
import { computeMetrics } from './service';

/**
 * The dashboard is served from a cache kept under data stamps (decision 032): a stale figure is a
 * bug. After every kind of change — through the API or straight in the database, on this instance
 * or seen from a second one with its own cache — the figures served are the ones computed now.
 */
describeEngines('dashboard figures are never stale', (t) => {
  const read = async (client: TestClient): Promise<DashboardMetrics> =>
    (await call(client, dashboardEndpoints.metrics)).body;

  it('after each change, on this instance and on another one, they equal the figures computed now', async () => {
    const { user: hrUser, client: hr } = await loginAs(t(), 'gestionhumana');
    const other = await t().secondInstance();
    const otherHr = other.client();
    expect((await otherHr.login(hrUser.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    const check = async (what: string) => {
      // Served twice on each instance: the second read comes from the cache.
      const served = [await read(hr), await read(otherHr), await read(hr), await read(otherHr)];
      const now = await computeMetrics(t().db, dayIn(t().config.timeZone));
      for (const figures of served) expect(figures, what).toEqual(now);
      return now;
    };
    await check('start');

    const setup = await createV1Evaluation(t(), ['competency', 'objective']);
    const evaluator = await createUser(t(), { role: 'evaluador', name: 'Eva Frescura' });
    await check('an evaluator and an open evaluation');
    const c1 = await createUser(t(), { name: 'Colaboradora Uno', category_id: setup.categoryId });
    const c2 = await createUser(t(), { name: 'Colaboradora Dos', category_id: setup.categoryId });
    await assign(t(), evaluator.id, c1.id);
    await assign(t(), evaluator.id, c2.id);
    const assigned = await check('two assignments');
    expect(assigned.evaluation_progress.find((p) => p.evaluator_id === evaluator.id)?.assigned).toBe(2);

    const ev = await clientFor(t(), evaluator);
    const training = { requires_training: true, comments: 'Necesita apoyo.' };
    expect((await submitV1(ev, submitBody(setup, c1.id, evaluator.id, [4, 3], training))).status).toBe(201);
    const submitted = await check('a submission');
    expect(submitted.total_completed_evaluations).toBe(assigned.total_completed_evaluations + 1);
    expect(submitted.total_needing_training).toBe(assigned.total_needing_training + 1);

    const { client: admin } = await loginAs(t(), 'admin');
    const deactivated = await call(admin, userEndpoints.setStatus, {
      params: { id: c1.id },
      body: { status: false },
    });
    expect(deactivated.status).toBe(200);
    const afterDeactivate = await check('the evaluated collaborator deactivated');
    expect(afterDeactivate.total_completed_evaluations).toBe(assigned.total_completed_evaluations);

    await t().db.updateTable('users').set({ active: 1 }).where('id', '=', c1.id).execute();
    await check('reactivated in the database');
    await t().db.updateTable('users').set({ category_id: null }).where('id', '=', c2.id).execute();
    await check('a collaborator moved out of the category');

    const theEvaluation = { params: { id: setup.evaluationId } };
    const closed = await call(hr, evaluationEndpoints.close, theEvaluation);
    expect(closed.status).toBe(200);
    const afterClose = await check('the evaluation closed');
    expect(afterClose.total_completed_evaluations).toBe(assigned.total_completed_evaluations);
    const reopened = await call(hr, evaluationEndpoints.open, {
      ...theEvaluation,
      body: { replace_open: true },
    });
    expect(reopened.status).toBe(200);
    await check('opened again');

    await t().db.deleteFrom('assignments').where('evaluator_id', '=', evaluator.id).execute();
    await check('assignments removed');
  });

  it('concurrent submits and reads: every read counts what was acknowledged before it began', async () => {
    const setup = await createV1Evaluation(t(), ['competency']);
    const evaluators = await Promise.all(
      [1, 2, 3].map((i) => createUser(t(), { role: 'evaluador', name: `Concurrente ${i}` })),
    );
    const pairs: Array<{ evaluator: number; collaborator: number; client: TestClient }> = [];
    for (const evaluator of evaluators) {
      const client = await clientFor(t(), evaluator);
      for (let i = 0; i < 6; i += 1) {
        const c = await createUser(t(), { category_id: setup.categoryId });
        await assign(t(), evaluator.id, c.id);
        pairs.push({ evaluator: evaluator.id, collaborator: c.id, client });
      }
    }
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const base = (await read(hr)).total_completed_evaluations;
    let acknowledged = 0;
    const reads: Array<Promise<void>> = [];
    const submits = pairs.map(async ({ evaluator, collaborator, client }, i) => {
      const res = await submitV1(client, submitBody(setup, collaborator, evaluator, [1 + (i % 4)]));
      expect(res.status).toBe(201);
      acknowledged += 1;
      const atLeast = acknowledged;
      reads.push(
        read(hr).then((figures) =>
          expect(figures.total_completed_evaluations).toBeGreaterThanOrEqual(base + atLeast),
        ),
      );
    });
    await Promise.all(submits);
    await Promise.all(reads);
    const last = await read(hr);
    expect(last).toEqual(await computeMetrics(t().db, dayIn(t().config.timeZone)));
    expect(last.total_completed_evaluations).toBe(base + pairs.length);
  });
});
