import { evaluationEndpoints } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/call';
import { describeEngines, type TestContext } from '../../../test/context';
import { createUser, loginAs, unique } from '../../../test/factories';
import { assign, createV1Evaluation } from '../../../test/v1';
import { mayGiveWork } from './scheduler';

/** The round-launch e-mails in the outbox, once at least `n` are there (the check runs a moment later). */
async function launchesOnce(t: TestContext, n: number): Promise<string[]> {
  for (let i = 0; i < 200; i += 1) {
    const rows = await t.db
      .selectFrom('outbox')
      .select('to_email')
      .where('kind', '=', 'round-launch')
      .orderBy('id')
      .execute();
    if (rows.length >= n) return rows.map((r) => r.to_email);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no llegaron ${n} avisos de inicio`);
}

describe('which calls bring the launch check forward (decision 062)', () => {
  it('is a successful write to a round, its raters or nominations; never a read or a refusal', () => {
    expect(mayGiveWork('POST', '/api/evaluations/:id/open', 200)).toBe(true);
    expect(mayGiveWork('PUT', '/api/evaluations-v2/:id', 200)).toBe(true);
    expect(mayGiveWork('POST', '/api/assignments', 201)).toBe(true);
    expect(mayGiveWork('POST', '/api/assignments-v2/bulk', 201)).toBe(true);
    expect(mayGiveWork('POST', '/api/nominations/:id/approve', 200)).toBe(true);
    expect(mayGiveWork('GET', '/api/evaluations', 200)).toBe(false);
    expect(mayGiveWork('POST', '/api/evaluations/:id/open', 409)).toBe(false);
    expect(mayGiveWork('POST', '/api/users', 201)).toBe(false);
    expect(mayGiveWork('POST', '/api/evaluationsx', 201)).toBe(false);
    expect(mayGiveWork('POST', undefined, 200)).toBe(false);
  });
});

// The app's own scheduler runs here (automaticReminders on), as in production.
describeEngines(
  'a round opened tells its raters at once, not at the next check (decision 062)',
  (t) => {
    it('sends the evaluator the launch e-mail a moment after HR opens the round, once', async () => {
      const { client: hr } = await loginAs(t(), 'gestionhumana');
      const evaluator = await createUser(t(), { role: 'evaluador', name: unique('Evaluadora') });
      const draft = await createV1Evaluation(t(), ['competency'], undefined, { status: 'borrador' });
      await assign(t(), evaluator.id, (await createUser(t(), { category_id: draft.categoryId })).id);
      await call(hr, evaluationEndpoints.open, { params: { id: draft.evaluationId }, body: {} });
      expect(await launchesOnce(t(), 1)).toEqual([evaluator.email]);
      // A second write in the burst tells nobody again.
      await call(hr, evaluationEndpoints.close, { params: { id: draft.evaluationId } });
      await new Promise((r) => setTimeout(r, 1500));
      expect(await launchesOnce(t(), 1)).toEqual([evaluator.email]);
    });
  },
  { automaticReminders: true },
);
