import { homeEndpoints } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { bulkAssign } from '../../../test/authz/fixtures';
import { call } from '../../../test/call';
import { describeEngines } from '../../../test/context';
import { createUser, loginAs, unique } from '../../../test/factories';
import { nowIso } from '../../time';
import { assign, clientFor, createV1Evaluation, insertV1Submission } from '../../../test/v1';
import { createOpenV2 } from '../../../test/v2';

describeEngines('the start page’s pending work (issue 30 §2)', (t) => {
  it('counts only the caller’s own work: V1 to evaluate, 360 to answer, raters to propose and to approve', async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    const { user: eva, client: evaClient } = await loginAs(t(), 'evaluador');
    const round = await createV1Evaluation(t(), ['competency'], undefined, { name: unique('Docentes') });
    await t()
      .db.updateTable('evaluations')
      .set({ due_date: '2026-12-15' })
      .where('id', '=', round.evaluationId)
      .execute();
    const [c1, c2, c3] = [
      await createUser(t(), { category_id: round.categoryId }),
      await createUser(t(), { category_id: round.categoryId }),
      await createUser(t(), { category_id: round.categoryId, active: 0 }),
    ];
    for (const c of [c1, c2, c3]) await assign(t(), eva.id, c.id);
    await insertV1Submission(t(), round, c1.id, eva.id);
    // A closed round asks nothing.
    const closed = await createV1Evaluation(t(), ['competency'], undefined, { status: 'cerrada' });
    await assign(t(), eva.id, (await createUser(t(), { category_id: closed.categoryId })).id);

    const x = await createOpenV2(admin, { name: unique('360 X') });
    await bulkAssign(admin, x.id, [
      { evaluator_id: eva.id, evaluatee_id: c1.id, relation: 'peer' },
      { evaluator_id: eva.id, evaluatee_id: c2.id, relation: 'peer' },
    ]);

    // Nominations: Eva proposes her raters in X; Carla, who reports to Eva, sent hers.
    await t()
      .db.updateTable('v2_evaluations')
      .set({ nominations_enabled: 1 })
      .where('id', '=', x.id)
      .execute();
    await t().db.updateTable('users').set({ manager_id: eva.id }).where('id', '=', c2.id).execute();
    const now = nowIso();
    await t()
      .db.insertInto('v2_nominations')
      .values([
        { evaluation_id: x.id, evaluatee_id: eva.id, status: 'borrador', created_at: now, updated_at: now },
        {
          evaluation_id: x.id,
          evaluatee_id: c2.id,
          status: 'enviada',
          submitted_at: now,
          created_at: now,
          updated_at: now,
        },
      ])
      .execute();

    const mine = await call(evaClient, homeEndpoints.pending);
    expect(mine.body).toEqual({
      v1: [
        {
          evaluation_id: round.evaluationId,
          evaluation_name: expect.stringMatching(/^Docentes/),
          due_date: '2026-12-15',
          pending: 1,
        },
      ],
      v2: [
        { evaluation_id: x.id, evaluation_name: expect.stringMatching(/^360 X/), due_date: null, pending: 2 },
      ],
      nominations_to_make: [{ evaluation_id: x.id, evaluation_name: expect.stringMatching(/^360 X/) }],
      nominations_to_approve: 1,
    });
    // Someone else sees none of it.
    const other = await call(await clientFor(t(), c1), homeEndpoints.pending);
    expect(other.body).toEqual({ v1: [], v2: [], nominations_to_make: [], nominations_to_approve: 0 });
  });
});
