import { v2AssignmentEndpoints } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { call, callExpecting } from '../../../test/call';
import { describeEngines } from '../../../test/context';
import { createUser, loginAs } from '../../../test/factories';
import { PLAN, build360 } from '../../../test/v2-answers';

describeEngines("'Evaluadores por persona' counts each person's raters (decision 059)", (t) => {
  it('gives the raters and answers of each person asked, zero for someone without any', async () => {
    const s = await build360(t());
    const nobody = await createUser(t());
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const ids = [s.evaluatees.A.user.id, s.evaluatees.D.user.id, nobody.id];
    const { body } = await call(hr, v2AssignmentEndpoints.raterCounts, {
      params: { evaluationId: s.evaluation.id },
      query: { user_ids: ids.join(',') },
    });
    expect(body.rows).toEqual([
      { user_id: s.evaluatees.A.user.id, raters: PLAN.A.length, completed: PLAN.A.length },
      // Everyone answered D but p4.
      { user_id: s.evaluatees.D.user.id, raters: PLAN.D.length, completed: PLAN.D.length - 1 },
      { user_id: nobody.id, raters: 0, completed: 0 },
    ]);
    const none = await call(hr, v2AssignmentEndpoints.raterCounts, {
      params: { evaluationId: s.evaluation.id },
    });
    expect(none.body.rows).toEqual([]);
    const bad = await callExpecting(
      hr,
      v2AssignmentEndpoints.raterCounts,
      { params: { evaluationId: s.evaluation.id }, query: { user_ids: '1,x' } },
      400,
    );
    expect(bad.body.error).toBe('La lista de personas no es válida.');
    // Above the largest id a row can have: refused alike on both engines (PostgreSQL can't compare it).
    const huge = await callExpecting(
      hr,
      v2AssignmentEndpoints.raterCounts,
      { params: { evaluationId: s.evaluation.id }, query: { user_ids: '9999999999' } },
      400,
    );
    expect(huge.body.error).toBe('La lista de personas no es válida.');
    await callExpecting(
      hr,
      v2AssignmentEndpoints.raterCounts,
      { params: { evaluationId: 2_000_000_000 }, query: { user_ids: '1' } },
      404,
    );
  });
});
