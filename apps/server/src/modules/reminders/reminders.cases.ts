import { reminderEndpoints, v2AssignmentEndpoints } from '@evalua/contracts';
import { MANAGERS } from '../../../test/authz/matrix';
import { createUser } from '../../../test/factories';
import { createV1Evaluation, evaluatorWithCollaborator } from '../../../test/v1';
import { createOpenV2 } from '../../../test/v2';
import { clearReminders } from '../../../test/authz/records';
import { authz, defineCases, urlOf } from '../../../test/cases';
import { expect } from 'vitest';

export default defineCases({
  authz: [
    // Reminders of an open evaluation (decision 033): HR and administrators only.
    authz({
      endpoint: reminderEndpoints.v1Preview,
      ...MANAGERS,
      request: (f) => ({ params: { id: f.v1.evaluationId } }),
    }),
    authz({
      endpoint: reminderEndpoints.v1Send,
      ...MANAGERS,
      // As for the 360 below: each press with the cooldown over (the routes walked before may have
      // left someone with a V1 evaluation pending, whom the first press reminds).
      request: async (f) => {
        await clearReminders(f.t, 'v1', f.v1.evaluationId);
        return { params: { id: f.v1.evaluationId } };
      },
    }),
    authz({
      endpoint: reminderEndpoints.v2Preview,
      ...MANAGERS,
      request: (f) => ({ params: { id: f.open.id } }),
    }),
    // Each allowed caller's press starts with the cooldown over (decision 042): the first press would
    // otherwise leave the next caller nobody to remind (409 REMINDER_COOLDOWN).
    authz({
      endpoint: reminderEndpoints.v2Send,
      ...MANAGERS,
      request: async (f) => {
        await clearReminders(f.t, 'v2', f.open.id);
        return { params: { id: f.open.id } };
      },
    }),
  ],
  audit: [
    // Reminders (decision 033): one entry per send, with the people reached.
    {
      endpoint: reminderEndpoints.v1Send,
      async run({ ctx, hr, hrId, mark }) {
        const setup = await createV1Evaluation(ctx, ['competency']);
        const { evaluator } = await evaluatorWithCollaborator(ctx, setup);
        await mark();
        const res = await hr.post(urlOf(reminderEndpoints.v1Send, { params: { id: setup.evaluationId } }));
        return {
          res,
          status: 202,
          entries: [
            {
              action: 'remind',
              entity: 'evaluation',
              entity_id: setup.evaluationId,
              user: hrId,
              after: { recipients: 1, user_ids: [evaluator.id] },
            },
          ],
        };
      },
    },
    {
      endpoint: reminderEndpoints.v2Send,
      async run({ ctx, admin, adminId, mark }) {
        const evaluation = await createOpenV2(admin);
        const evaluatee = await createUser(ctx);
        const rater = await createUser(ctx);
        const assigned = await admin.post(urlOf(v2AssignmentEndpoints.bulk), {
          evaluation_id: evaluation.id,
          assignments: [{ evaluator_id: rater.id, evaluatee_id: evaluatee.id, relation: 'peer' }],
        });
        expect(assigned.statusCode, assigned.body).toBe(200);
        await mark();
        const res = await admin.post(urlOf(reminderEndpoints.v2Send, { params: { id: evaluation.id } }));
        return {
          res,
          status: 202,
          entries: [
            {
              action: 'remind',
              entity: 'v2_evaluation',
              entity_id: evaluation.id,
              user: adminId,
              after: { recipients: 1, user_ids: [rater.id] },
            },
          ],
        };
      },
    },
  ],
});
