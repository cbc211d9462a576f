import { v2AssignmentEndpoints } from '@evalua/contracts';
import { MANAGERS } from '../../../test/authz/matrix';
import { me, newDraft } from '../../../test/authz/requests';
import { bulkAssign, v2AssignmentId } from '../../../test/authz/fixtures';
import { createUser } from '../../../test/factories';
import { createV2Draft } from '../../../test/v2';
import { firstV2AssignmentId } from '../../../test/authz/records';
import { authz, defineCases, fuzz, urlOf } from '../../../test/cases';
import { expect } from 'vitest';

export default defineCases({
  authz: [
    // 360: assignments (who rates whom is for management only, the evaluatee included).
    authz({
      endpoint: v2AssignmentEndpoints.bulk,
      ...MANAGERS,
      request: async (f) => ({
        body: {
          evaluation_id: await newDraft(f),
          assignments: [{ evaluator_id: f.peer.id, evaluatee_id: f.stranger.id, relation: 'peer' }],
        },
      }),
    }),
    authz({
      endpoint: v2AssignmentEndpoints.listByEvaluation,
      ...MANAGERS,
      request: (f) => ({
        params: { evaluationId: f.open.id },
      }),
    }),
    authz({
      endpoint: v2AssignmentEndpoints.evaluatorsOf,
      cases: { own: 'the caller as evaluatee', other: 'someone else as evaluatee' },
      ...MANAGERS,
      request: (f, caller, c) => ({
        params: { evaluationId: f.open.id, userId: c === 'own' ? me(f, caller) : f.stranger.id },
      }),
    }),
    authz({
      endpoint: v2AssignmentEndpoints.raterCounts,
      ...MANAGERS,
      request: (f) => ({ params: { evaluationId: f.open.id }, query: { user_ids: String(f.stranger.id) } }),
    }),
    // A pending assignment's relation (decision 035).
    // A fresh pending assignment in a fresh draft, its relation changed to report.
    authz({
      endpoint: v2AssignmentEndpoints.changeRelation,
      ...MANAGERS,
      request: async (f) => {
        const draft = await newDraft(f);
        await bulkAssign(f.clients.admin, draft, [
          { evaluator_id: f.peer.id, evaluatee_id: f.stranger.id, relation: 'peer' },
        ]);
        return {
          params: { id: await v2AssignmentId(f.t, draft, f.peer.id, f.stranger.id) },
          body: { relation: 'report' },
        };
      },
    }),
    authz({
      endpoint: v2AssignmentEndpoints.changeEvaluators,
      cases: { own: 'the caller as evaluatee', other: 'someone else as evaluatee' },
      ...MANAGERS,
      request: async (f, caller, c) => ({
        params: { evaluationId: await newDraft(f), userId: c === 'own' ? me(f, caller) : f.stranger.id },
        body: { add: [f.peer.id], remove: [] },
      }),
    }),
  ],
  audit: [
    {
      endpoint: v2AssignmentEndpoints.changeEvaluators,
      async run({ ctx, hr, hrId, mark }) {
        const draft = await createV2Draft(hr);
        const evaluatee = await createUser(ctx);
        const rater = await createUser(ctx);
        await mark();
        const res = await hr.post(
          urlOf(v2AssignmentEndpoints.changeEvaluators, {
            params: { evaluationId: draft.id, userId: evaluatee.id },
          }),
          {
            add: [rater.id],
          },
        );
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'assign_evaluatee',
              entity: 'v2_evaluation',
              entity_id: draft.id,
              user: hrId,
              before: { evaluatee_id: evaluatee.id, removed: [] },
              after: { evaluatee_id: evaluatee.id },
            },
          ],
        };
      },
    },
    {
      endpoint: v2AssignmentEndpoints.bulk,
      async run({ ctx, admin, adminId, mark }) {
        const draft = await createV2Draft(admin);
        const evaluatee = await createUser(ctx);
        const rater = await createUser(ctx);
        await mark();
        const res = await admin.post(urlOf(v2AssignmentEndpoints.bulk), {
          evaluation_id: draft.id,
          assignments: [{ evaluator_id: rater.id, evaluatee_id: evaluatee.id, relation: 'manager' }],
        });
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'assign_bulk',
              entity: 'v2_evaluation',
              entity_id: draft.id,
              user: adminId,
              after: { requested: 1, inserted_count: 1 },
            },
          ],
        };
      },
    },
    {
      endpoint: v2AssignmentEndpoints.changeRelation,
      async run({ ctx, hr, hrId, mark }) {
        const draft = await createV2Draft(hr);
        const person = await createUser(ctx);
        const rater = await createUser(ctx);
        const bulk = await hr.post(urlOf(v2AssignmentEndpoints.bulk), {
          evaluation_id: draft.id,
          assignments: [{ evaluator_id: rater.id, evaluatee_id: person.id, relation: 'peer' }],
        });
        expect(bulk.statusCode, bulk.body).toBe(200);
        const assignmentId = await firstV2AssignmentId(ctx, draft.id);
        await mark();
        const res = await hr.patch(
          urlOf(v2AssignmentEndpoints.changeRelation, { params: { id: assignmentId } }),
          { relation: 'manager' },
        );
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'assign_relation',
              entity: 'v2_evaluation',
              entity_id: draft.id,
              user: hrId,
              before: { assignment_id: assignmentId, relation: 'peer' },
              after: { assignment_id: assignmentId, relation: 'manager' },
            },
          ],
        };
      },
    },
  ],
  robustness: [
    fuzz({
      endpoint: v2AssignmentEndpoints.bulk,
      body: (i) => ({
        evaluation_id: i.draft,
        assignments: [
          { evaluator_id: i.rater, evaluatee_id: i.evaluatee, relation: 'peer' },
          { evaluator_id: i.evaluatee, evaluatee_id: i.evaluatee, relation: 'self' },
        ],
      }),
    }),
    fuzz({ endpoint: v2AssignmentEndpoints.listByEvaluation, params: (i) => ({ evaluationId: i.open }) }),
    fuzz({
      endpoint: v2AssignmentEndpoints.evaluatorsOf,
      params: (i) => ({
        evaluationId: i.draft,
        userId: i.evaluatee,
      }),
    }),
    fuzz({ endpoint: v2AssignmentEndpoints.raterCounts, params: (i) => ({ evaluationId: i.draft }) }),
    fuzz({
      endpoint: v2AssignmentEndpoints.changeEvaluators,
      params: (i) => ({
        evaluationId: i.draft,
        userId: i.evaluatee,
      }),
      body: (i) => ({
        add: [i.rater, String(i.evaluator)],
        remove: [],
      }),
    }),
    fuzz({
      endpoint: v2AssignmentEndpoints.changeRelation,
      params: (i) => ({ id: i.v2Assignment }),
      body: () => ({ relation: 'peer' }),
    }),
  ],
});
