import { assignmentEndpoints } from '@evalua/contracts';
import { MANAGERS } from '../../../test/authz/matrix';
import { evaluatorIdFor, newAssignment } from '../../../test/authz/requests';
import { createUser } from '../../../test/factories';
import { answerOf } from '../../../test/answer';
import { authz, defineCases, fuzz, urlOf } from '../../../test/cases';

export default defineCases({
  authz: [
    authz({
      endpoint: assignmentEndpoints.assigned,
      cases: { own: "the caller's own id", other: "another evaluador's id" },
      ...MANAGERS,
      evaluador: { own: 'allow', other: 'deny' },
      // Their own (empty) list: assertSelfOrRoles lets anyone read their own id.
      colaborador: { own: 'allow', other: 'deny' },
      request: (f, caller, c) => ({
        params: { evaluatorId: evaluatorIdFor(f, caller, c) },
      }),
    }),
    authz({
      endpoint: assignmentEndpoints.available,
      cases: { own: "the caller's own id", other: "another evaluador's id" },
      ...MANAGERS,
      request: (f, caller, c) => ({
        params: { evaluatorId: evaluatorIdFor(f, caller, c) },
      }),
    }),
    authz({
      endpoint: assignmentEndpoints.create,
      ...MANAGERS,
      request: async (f) => {
        const evaluator = await createUser(f.t, { role: 'evaluador', password: null });
        const collaborator = await createUser(f.t, { category_id: f.v1.categoryId, password: null });
        return {
          body: { evaluator_id: evaluator.id, collaborator_id: collaborator.id },
        };
      },
    }),
    authz({ endpoint: assignmentEndpoints.departments, ...MANAGERS, request: () => ({}) }),
    authz({
      endpoint: assignmentEndpoints.bulk,
      ...MANAGERS,
      request: async (f) => {
        const evaluator = await createUser(f.t, { role: 'evaluador', password: null });
        const collaborator = await createUser(f.t, { category_id: f.v1.categoryId, password: null });
        return { body: { evaluator_id: evaluator.id, collaborator_ids: [collaborator.id] } };
      },
    }),
    authz({
      endpoint: assignmentEndpoints.byReportsTo,
      ...MANAGERS,
      request: async (f) => {
        const evaluator = await createUser(f.t, { role: 'evaluador', password: null });
        await createUser(f.t, { manager_id: evaluator.id, password: null });
        return { body: { evaluator_id: evaluator.id } };
      },
    }),
    authz({
      endpoint: assignmentEndpoints.remove,
      ...MANAGERS,
      request: async (f) => ({ params: { id: (await newAssignment(f)).id } }),
    }),
  ],
  audit: [
    {
      endpoint: assignmentEndpoints.create,
      async run({ ctx, hr, hrId, mark }) {
        const evaluator = await createUser(ctx, { role: 'evaluador' });
        const collaborator = await createUser(ctx);
        await mark();
        const body = { evaluator_id: evaluator.id, collaborator_id: collaborator.id };
        const res = await hr.post(urlOf(assignmentEndpoints.create), body);
        return {
          res,
          status: 201,
          entries: [
            {
              action: 'create',
              entity: 'assignment',
              entity_id: answerOf(assignmentEndpoints.create, res).id,
              user: hrId,
              after: body,
            },
          ],
        };
      },
    },
    {
      endpoint: assignmentEndpoints.bulk,
      async run({ ctx, hr, hrId, mark }) {
        const evaluator = await createUser(ctx, { role: 'evaluador' });
        const a = await createUser(ctx);
        const b = await createUser(ctx);
        await mark();
        const body = { evaluator_id: evaluator.id, collaborator_ids: [a.id, b.id] };
        const res = await hr.post(urlOf(assignmentEndpoints.bulk), body);
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'assign_bulk',
              entity: 'assignment',
              entity_id: null,
              user: hrId,
              after: { evaluator_id: evaluator.id, collaborator_ids: [a.id, b.id] },
            },
          ],
        };
      },
    },
    {
      endpoint: assignmentEndpoints.byReportsTo,
      async run({ ctx, hr, hrId, mark }) {
        const evaluator = await createUser(ctx, { role: 'evaluador' });
        const a = await createUser(ctx, { manager_id: evaluator.id });
        await mark();
        const res = await hr.post(urlOf(assignmentEndpoints.byReportsTo), { evaluator_id: evaluator.id });
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'assign_managers',
              entity: 'assignment',
              entity_id: null,
              user: hrId,
              after: { pairs: [[evaluator.id, a.id]] },
            },
          ],
        };
      },
    },
    {
      endpoint: assignmentEndpoints.remove,
      async run({ ctx, hr, hrId, mark }) {
        const evaluator = await createUser(ctx, { role: 'evaluador' });
        const collaborator = await createUser(ctx);
        const created = await hr.post(urlOf(assignmentEndpoints.create), {
          evaluator_id: evaluator.id,
          collaborator_id: collaborator.id,
        });
        await mark();
        const res = await hr.delete(
          urlOf(assignmentEndpoints.remove, {
            params: { id: answerOf(assignmentEndpoints.create, created).id },
          }),
        );
        return {
          res,
          status: 204,
          entries: [
            {
              action: 'delete',
              entity: 'assignment',
              entity_id: answerOf(assignmentEndpoints.create, created).id,
              user: hrId,
              before: { evaluator_id: evaluator.id, collaborator_id: collaborator.id },
            },
          ],
        };
      },
    },
  ],
  robustness: [
    fuzz({ endpoint: assignmentEndpoints.departments }),
    fuzz({
      endpoint: assignmentEndpoints.bulk,
      body: (i) => ({ evaluator_id: i.evaluator, collaborator_ids: [i.collaborator2] }),
    }),
    fuzz({ endpoint: assignmentEndpoints.byReportsTo, body: (i) => ({ evaluator_id: i.evaluator }) }),
    fuzz({ endpoint: assignmentEndpoints.assigned, params: (i) => ({ evaluatorId: i.evaluator }) }),
    fuzz({ endpoint: assignmentEndpoints.available, params: (i) => ({ evaluatorId: i.evaluator }) }),
    fuzz({
      endpoint: assignmentEndpoints.create,
      body: (i) => ({ evaluator_id: i.evaluator, collaborator_id: i.collaborator2 }),
    }),
    fuzz({ endpoint: assignmentEndpoints.remove, params: (i) => ({ id: i.assignment }) }),
  ],
});
