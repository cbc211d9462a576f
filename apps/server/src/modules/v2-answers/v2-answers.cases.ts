import { v2AnswerEndpoints, v2AssignmentEndpoints } from '@evalua/contracts';
import { ANY_USER, OWN_ASSIGNMENT } from '../../../test/authz/matrix';
import { me, freshV2Assignment } from '../../../test/authz/requests';
import { bulkAssign, ratingAnswers, v2AssignmentId } from '../../../test/authz/fixtures';
import { createUser, loginAs } from '../../../test/factories';
import { createOpenV2 } from '../../../test/v2';
import { firstV2AssignmentId, firstV2ItemId } from '../../../test/authz/records';
import { authz, defineCases, fuzz, urlOf, type AuditEnv } from '../../../test/cases';
import { expect } from 'vitest';

/** A new open 360 in which a new colaborador (logged in as `client`) has one pending assignment. */
async function pendingAssignment({ ctx, admin }: AuditEnv) {
  const evaluation = await createOpenV2(admin);
  const evaluatee = await createUser(ctx);
  const { user: rater, client } = await loginAs(ctx, 'colaborador');
  await admin.post(urlOf(v2AssignmentEndpoints.bulk), {
    evaluation_id: evaluation.id,
    assignments: [{ evaluator_id: rater.id, evaluatee_id: evaluatee.id, relation: 'peer' }],
  });
  return {
    evaluation,
    evaluatee,
    rater,
    client,
    assignmentId: await firstV2AssignmentId(ctx, evaluation.id),
  };
}

export default defineCases({
  authz: [
    // 360: answering — everyone, but only their own assignments.
    authz({ endpoint: v2AnswerEndpoints.mine, ...ANY_USER, request: () => ({}) }),
    // A fresh pending assignment in the open evaluation: the caller's own, or the peer's.
    authz({
      endpoint: v2AnswerEndpoints.submit,
      ...OWN_ASSIGNMENT,
      request: async (f, caller, c) => {
        const evaluatorId = c === 'own' ? me(f, caller) : f.peer.id;
        const evaluatee = await createUser(f.t, { password: null });
        await bulkAssign(f.clients.admin, f.open.id, [
          { evaluator_id: evaluatorId, evaluatee_id: evaluatee.id, relation: 'peer' },
        ]);
        return {
          body: {
            evaluation_id: f.open.id,
            assignment_id: await v2AssignmentId(f.t, f.open.id, evaluatorId, evaluatee.id),
            answers: ratingAnswers(f.open.items),
          },
        };
      },
    }),
    // Drafts and declines (decision 034): the assignment's evaluator only, admin and HR refused too.
    // Drafts and declines: a fresh pending assignment in the open evaluation, the caller's or the peer's.
    authz({
      endpoint: v2AnswerEndpoints.draft,
      ...OWN_ASSIGNMENT,
      request: async (f, caller, c) => ({
        params: { assignmentId: await freshV2Assignment(f, c === 'own' ? me(f, caller) : f.peer.id) },
      }),
    }),
    authz({
      endpoint: v2AnswerEndpoints.saveDraft,
      ...OWN_ASSIGNMENT,
      request: async (f, caller, c) => ({
        params: { assignmentId: await freshV2Assignment(f, c === 'own' ? me(f, caller) : f.peer.id) },
        body: { answers: [{ item_id: f.open.items[0]!.id, value: 3 }] },
      }),
    }),
    authz({
      endpoint: v2AnswerEndpoints.decline,
      ...OWN_ASSIGNMENT,
      request: async (f, caller, c) => ({
        body: {
          assignment_id: await freshV2Assignment(f, c === 'own' ? me(f, caller) : f.peer.id),
          reason: 'No trabajo con esta persona.',
        },
      }),
    }),
  ],
  audit: [
    {
      endpoint: v2AnswerEndpoints.submit,
      async run(env) {
        const { evaluation, rater, client, assignmentId } = await pendingAssignment(env);
        const itemId = await firstV2ItemId(env.ctx, evaluation.id);
        await env.mark();
        const res = await client.post(urlOf(v2AnswerEndpoints.submit), {
          evaluation_id: evaluation.id,
          assignment_id: assignmentId,
          answers: [{ item_id: itemId, value: 4 }],
        });
        return {
          res,
          status: 201,
          entries: [
            {
              action: 'create',
              entity: 'v2_response',
              entity_id: expect.any(Number),
              user: rater.id,
              // The answers themselves stay out of the log (anonymity): only how many there were.
              after: { assignment_id: assignmentId, evaluation_id: evaluation.id, answers: 1 },
            },
          ],
        };
      },
    },
    // Drafts and declines (decision 034): a draft is not audited (private, anonymous, saved every
    // 1.5 s); a decline is, with its reason.
    {
      endpoint: v2AnswerEndpoints.saveDraft,
      async run(env) {
        const { client, assignmentId } = await pendingAssignment(env);
        await env.mark();
        const res = await client.put(urlOf(v2AnswerEndpoints.saveDraft, { params: { assignmentId } }), {
          answers: [],
        });
        return { res, status: 200, entries: [] };
      },
    },
    {
      endpoint: v2AnswerEndpoints.decline,
      async run(env) {
        const { evaluation, evaluatee, rater, client, assignmentId } = await pendingAssignment(env);
        await env.mark();
        const res = await client.post(urlOf(v2AnswerEndpoints.decline), {
          assignment_id: assignmentId,
          reason: 'No la conozco.',
        });
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'decline',
              entity: 'v2_assignment',
              entity_id: assignmentId,
              user: rater.id,
              before: { status: 'pending' },
              after: {
                status: 'declined',
                evaluation_id: evaluation.id,
                evaluatee_id: evaluatee.id,
                decline_reason: 'No la conozco.',
              },
            },
          ],
        };
      },
    },
  ],
  robustness: [
    fuzz({
      endpoint: v2AnswerEndpoints.submit,
      body: (i) => ({
        evaluation_id: i.open,
        assignment_id: i.v2Assignment,
        answers: i.openItems.map((item) => ({
          item_id: item.id,
          type: item.type,
          value: 4,
          comment: 'Bien.',
        })),
      }),
      actor: 'rater',
    }),
    fuzz({
      endpoint: v2AnswerEndpoints.draft,
      params: (i) => ({ assignmentId: i.v2Assignment }),
      actor: 'rater',
    }),
    fuzz({
      endpoint: v2AnswerEndpoints.saveDraft,
      params: (i) => ({ assignmentId: i.v2Assignment }),
      body: (i) => ({
        answers: [{ item_id: i.openItems[0]!.id, value: 3, skip: false, comment: null }],
      }),
      actor: 'rater',
    }),
    // The rater's own drafts and declines (decision 034): anyone else is refused before validation.
    fuzz({
      endpoint: v2AnswerEndpoints.decline,
      body: (i) => ({
        assignment_id: i.v2Assignment,
        reason: 'No trabajo con esta persona.',
      }),
      actor: 'rater',
    }),
  ],
});
