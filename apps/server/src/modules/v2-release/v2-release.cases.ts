import { v2AssignmentEndpoints, v2ReleaseEndpoints } from '@evalua/contracts';
import { ANY_USER, MANAGERS } from '../../../test/authz/matrix';
import { createUser } from '../../../test/factories';
import { createV2Draft } from '../../../test/v2';
import { authz, defineCases, fuzz, urlOf } from '../../../test/cases';
import { expect } from 'vitest';

export default defineCases({
  authz: [
    // Releasing results (decision 038): HR decides; anyone reads their own team's list.
    authz({
      endpoint: v2ReleaseEndpoints.get,
      ...MANAGERS,
      request: (f) => ({ params: { id: f.closed.id } }),
    }),
    authz({
      endpoint: v2ReleaseEndpoints.set,
      ...MANAGERS,
      request: (f) => ({
        params: { id: f.closed.id },
        body: { evaluatee: true, manager: false },
      }),
    }),
    authz({
      endpoint: v2ReleaseEndpoints.people,
      ...MANAGERS,
      request: (f) => ({
        params: { id: f.closed.id },
      }),
    }),
    authz({
      endpoint: v2ReleaseEndpoints.setPerson,
      ...MANAGERS,
      request: (f) => ({
        params: { id: f.closed.id, userId: f.stranger.id },
        body: { evaluatee: true, manager: null },
      }),
    }),
    authz({ endpoint: v2ReleaseEndpoints.team, ...ANY_USER, request: () => ({}) }),
  ],
  audit: [
    // Releasing 360 results (decision 038).
    {
      endpoint: v2ReleaseEndpoints.set,
      async run({ hr, hrId, mark }) {
        const draft = await createV2Draft(hr);
        await mark();
        const res = await hr.put(urlOf(v2ReleaseEndpoints.set, { params: { id: draft.id } }), {
          evaluatee: true,
          manager: false,
        });
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'release',
              entity: 'v2_evaluation',
              entity_id: draft.id,
              user: hrId,
              before: { evaluatee: false, manager: false },
              after: { evaluatee: true, manager: false },
            },
          ],
        };
      },
    },
    {
      endpoint: v2ReleaseEndpoints.setPerson,
      async run({ ctx, hr, hrId, mark }) {
        const draft = await createV2Draft(hr);
        const person = await createUser(ctx);
        const rater = await createUser(ctx);
        const bulk = await hr.post(urlOf(v2AssignmentEndpoints.bulk), {
          evaluation_id: draft.id,
          assignments: [{ evaluator_id: rater.id, evaluatee_id: person.id, relation: 'peer' }],
        });
        expect(bulk.statusCode, bulk.body).toBe(200);
        await mark();
        const res = await hr.put(
          urlOf(v2ReleaseEndpoints.setPerson, { params: { id: draft.id, userId: person.id } }),
          {
            evaluatee: null,
            manager: true,
          },
        );
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'release',
              entity: 'v2_evaluation',
              entity_id: draft.id,
              user: hrId,
              before: { user_id: person.id, evaluatee: null, manager: null },
              after: { user_id: person.id, evaluatee: null, manager: true },
            },
          ],
        };
      },
    },
  ],
  robustness: [
    fuzz({ endpoint: v2ReleaseEndpoints.get, params: (i) => ({ id: i.open }) }),
    fuzz({
      endpoint: v2ReleaseEndpoints.set,
      params: (i) => ({ id: i.open }),
      body: () => ({ evaluatee: true, manager: false }),
    }),
    fuzz({ endpoint: v2ReleaseEndpoints.people, params: (i) => ({ id: i.open }) }),
    fuzz({
      endpoint: v2ReleaseEndpoints.setPerson,
      params: (i) => ({ id: i.open, userId: i.evaluatee }),
      body: () => ({ evaluatee: null, manager: true }),
    }),
  ],
});
