import { v2ResultEndpoints, type V2Summary } from '@evalua/contracts';
import { beforeAll, expect, it } from 'vitest';
import { answerOf } from '../../../test/answer';
import type { TestClient } from '../../../test/client';
import { describeEngines } from '../../../test/context';
import { DEFAULT_PASSWORD, loginAs } from '../../../test/factories';
import { setV2Status } from '../../../test/v2';
import { build360, type Scenario } from '../../../test/v2-answers';
import { computeSummary, summaryViewer } from './service';

/**
 * The 360 summary is served from a cache kept under data stamps (decision 032): after each change —
 * an answer, a rater's account, the evaluation closed — both views, on this instance and on a second
 * one with its own cache, are the figures computed now. A stale figure is a bug.
 */
describeEngines('360 summary figures are never stale', (t) => {
  let s: Scenario;
  let hr: TestClient;
  let otherAdmin: TestClient;
  let otherHr: TestClient;
  const url = () => `/api/evaluations-v2/${s.evaluation.id}/summary`;
  const read = async (client: TestClient): Promise<V2Summary> =>
    answerOf(v2ResultEndpoints.summary, await client.get(url()));

  beforeAll(async () => {
    s = await build360(t());
    const { user: hrUser, client } = await loginAs(t(), 'gestionhumana');
    hr = client;
    const { user: adminUser } = await loginAs(t(), 'admin');
    const other = await t().secondInstance();
    otherAdmin = other.client();
    otherHr = other.client();
    expect((await otherAdmin.login(adminUser.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    expect((await otherHr.login(hrUser.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  /** Each view read twice on each instance (the second from the cache), against the figures now. */
  const check = async (what: string) => {
    const minRaters = t().config.anonymityMinRaters;
    const full = await computeSummary(t().db, s.evaluation.id, summaryViewer('admin', minRaters));
    const restricted = await computeSummary(
      t().db,
      s.evaluation.id,
      summaryViewer('gestionhumana', minRaters),
    );
    for (const client of [s.admin, otherAdmin, s.admin, otherAdmin])
      expect(await read(client), what).toEqual(full);
    for (const client of [hr, otherHr, hr, otherHr]) expect(await read(client), what).toEqual(restricted);
    return { full, restricted };
  };

  it('follows an answer, a rater whose password HR now knows, and the close', async () => {
    const start = await check('start');
    await s.submit('p4', 'D');
    const answered = await check('p4 answered D');
    expect(answered.full.assignments_completed).toBe(start.full.assignments_completed + 1);
    expect(answered.full).not.toEqual(start.full);

    // p2's answers stop counting toward the threshold (decision 023): B's merged group and D's peers shrink.
    await t()
      .db.updateTable('users')
      .set({ password_known_to_hr: 1 })
      .where('id', '=', s.raters.p2.user.id)
      .execute();
    await check('p2 known to HR');

    await setV2Status(s.admin, s.evaluation.id, 'closed');
    const closed = await check('closed');
    expect(closed.restricted.released).toBe(true);
    expect(answered.restricted.released).toBe(false);
  });
});
