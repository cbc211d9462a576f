import { v2AssignmentEndpoints, v2NominationEndpoints } from '@evalua/contracts';
import { ANY_USER, MANAGERS } from '../../../test/authz/matrix';
import { newDraft, nominationsDraft, nominationFor } from '../../../test/authz/requests';
import { createUser, loginAs } from '../../../test/factories';
import { createV2Draft } from '../../../test/v2';
import { insertNomination, setManager } from '../../../test/authz/records';
import { authz, defineCases, fuzz, urlOf, type AuditEnv } from '../../../test/cases';

/** A colaborador's draft nomination in a new draft with nominations on, and a peer to nominate. */
async function nominationToFill({ ctx, hr }: AuditEnv) {
  const draft = await createV2Draft(hr);
  await hr.put(urlOf(v2NominationEndpoints.configure, { params: { evaluationId: draft.id } }), {
    enabled: true,
    min: 1,
    max: 3,
  });
  const { user: person, client } = await loginAs(ctx, 'colaborador');
  const peer = await createUser(ctx);
  const added = await hr.post(
    urlOf(v2NominationEndpoints.addParticipants, { params: { evaluationId: draft.id } }),
    { user_ids: [person.id] },
  );
  const id = added.json<{ participants: Array<{ nomination_id: number }> }>().participants[0]!.nomination_id;
  return { id, person, client, nominees: [{ nominee_id: peer.id, relation: 'peer' }] };
}

export default defineCases({
  authz: [
    // 360: 'Reporta a' and nominations (decision 036).
    authz({
      endpoint: v2NominationEndpoints.fillManagers,
      ...MANAGERS,
      request: async (f) => ({
        params: { evaluationId: await newDraft(f) },
      }),
    }),
    authz({
      endpoint: v2NominationEndpoints.overview,
      ...MANAGERS,
      request: (f) => ({
        params: { evaluationId: f.open.id },
      }),
    }),
    authz({
      endpoint: v2NominationEndpoints.configure,
      ...MANAGERS,
      request: async (f) => ({
        params: { evaluationId: await newDraft(f) },
        body: { enabled: true, min: 1, max: 3 },
      }),
    }),
    authz({
      endpoint: v2NominationEndpoints.addParticipants,
      ...MANAGERS,
      request: async (f) => ({
        params: { evaluationId: await nominationsDraft(f) },
        body: { user_ids: [f.stranger.id] },
      }),
    }),
    authz({
      endpoint: v2NominationEndpoints.removeParticipant,
      ...MANAGERS,
      request: async (f) => {
        const evaluationId = await nominationsDraft(f);
        await insertNomination(f.t, evaluationId, f.stranger.id);
        return { params: { evaluationId, userId: f.stranger.id } };
      },
    }),
    authz({ endpoint: v2NominationEndpoints.people, ...ANY_USER, request: () => ({ query: { q: 'a' } }) }),
    authz({ endpoint: v2NominationEndpoints.mine, ...ANY_USER, request: () => ({}) }),
    authz({
      endpoint: v2NominationEndpoints.get,
      cases: {
        own: "the caller's own nomination",
        other: 'the nomination of someone who does not report to the caller',
        assigned: 'the nomination of someone who reports to the caller',
      },
      ...MANAGERS,
      evaluador: { own: 'allow', other: 'deny', assigned: 'allow' },
      colaborador: { own: 'allow', other: 'deny', assigned: 'allow' },
      request: async (f, caller, c) => ({
        params: { id: await nominationFor(f, caller, c, 'enviada') },
      }),
    }),
    authz({
      endpoint: v2NominationEndpoints.save,
      cases: { own: "the caller's own nomination", other: "someone else's (admin and HR included)" },
      anonymous: 'unauth',
      admin: { own: 'allow', other: 'deny' },
      gestionhumana: { own: 'allow', other: 'deny' },
      evaluador: { own: 'allow', other: 'deny' },
      colaborador: { own: 'allow', other: 'deny' },
      request: async (f, caller, c) => ({
        params: { id: await nominationFor(f, caller, c, 'borrador') },
        body: { nominees: [{ nominee_id: f.peer.id, relation: 'peer' }], submit: true },
      }),
    }),
    authz({
      endpoint: v2NominationEndpoints.approve,
      cases: {
        own: "the caller's own sent nomination (only admin and HR approve their own)",
        other: 'the sent nomination of someone who does not report to the caller',
        assigned: 'the sent nomination of someone who reports to the caller',
      },
      anonymous: 'unauth',
      admin: { own: 'allow', other: 'allow', assigned: 'allow' },
      gestionhumana: { own: 'allow', other: 'allow', assigned: 'allow' },
      evaluador: { own: 'deny', other: 'deny', assigned: 'allow' },
      colaborador: { own: 'deny', other: 'deny', assigned: 'allow' },
      request: async (f, caller, c) => ({
        params: { id: await nominationFor(f, caller, c, 'enviada') },
        body: {},
      }),
    }),
  ],
  audit: [
    // 'Reporta a' and nominations (decision 036).
    {
      endpoint: v2NominationEndpoints.fillManagers,
      async run({ ctx, admin, adminId, mark }) {
        const draft = await createV2Draft(admin);
        const evaluatee = await createUser(ctx);
        const peer = await createUser(ctx);
        const boss = await createUser(ctx);
        await setManager(ctx, evaluatee.id, boss.id);
        await admin.post(urlOf(v2AssignmentEndpoints.bulk), {
          evaluation_id: draft.id,
          assignments: [{ evaluator_id: peer.id, evaluatee_id: evaluatee.id, relation: 'peer' }],
        });
        await mark();
        const res = await admin.post(
          urlOf(v2NominationEndpoints.fillManagers, { params: { evaluationId: draft.id } }),
        );
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'assign_managers',
              entity: 'v2_evaluation',
              entity_id: draft.id,
              user: adminId,
              after: { inserted_count: 1 },
            },
          ],
        };
      },
    },
    {
      endpoint: v2NominationEndpoints.configure,
      async run({ hr, hrId, mark }) {
        const draft = await createV2Draft(hr);
        await mark();
        const res = await hr.put(
          urlOf(v2NominationEndpoints.configure, { params: { evaluationId: draft.id } }),
          {
            enabled: true,
            min: 1,
            max: 3,
          },
        );
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'nominations_settings',
              entity: 'v2_evaluation',
              entity_id: draft.id,
              user: hrId,
              before: { enabled: false },
              after: { enabled: true, min: 1, max: 3 },
            },
          ],
        };
      },
    },
    {
      endpoint: v2NominationEndpoints.addParticipants,
      async run({ ctx, hr, hrId, mark }) {
        const draft = await createV2Draft(hr);
        await hr.put(urlOf(v2NominationEndpoints.configure, { params: { evaluationId: draft.id } }), {
          enabled: true,
          min: 1,
          max: 3,
        });
        const person = await createUser(ctx);
        await mark();
        const res = await hr.post(
          urlOf(v2NominationEndpoints.addParticipants, { params: { evaluationId: draft.id } }),
          {
            user_ids: [person.id],
          },
        );
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'nominations_participants',
              entity: 'v2_evaluation',
              entity_id: draft.id,
              user: hrId,
              after: { added: 1, user_ids: [person.id] },
            },
          ],
        };
      },
    },
    {
      endpoint: v2NominationEndpoints.removeParticipant,
      async run({ ctx, hr, hrId, mark }) {
        const draft = await createV2Draft(hr);
        await hr.put(urlOf(v2NominationEndpoints.configure, { params: { evaluationId: draft.id } }), {
          enabled: true,
          min: 1,
          max: 3,
        });
        const person = await createUser(ctx);
        const added = await hr.post(
          urlOf(v2NominationEndpoints.addParticipants, { params: { evaluationId: draft.id } }),
          {
            user_ids: [person.id],
          },
        );
        const nominationId = added.json<{ participants: Array<{ nomination_id: number }> }>().participants[0]!
          .nomination_id;
        await mark();
        const res = await hr.delete(
          urlOf(v2NominationEndpoints.removeParticipant, {
            params: { evaluationId: draft.id, userId: person.id },
          }),
        );
        return {
          res,
          status: 204,
          entries: [
            {
              action: 'nominations_participants',
              entity: 'v2_nomination',
              entity_id: nominationId,
              user: hrId,
              before: { evaluatee_id: person.id, status: 'borrador' },
              after: null,
            },
          ],
        };
      },
    },
    {
      endpoint: v2NominationEndpoints.save,
      async run(env) {
        const { id, person, client, nominees } = await nominationToFill(env);
        await env.mark();
        const res = await client.put(urlOf(v2NominationEndpoints.save, { params: { id } }), {
          nominees,
          submit: true,
        });
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'nomination_submit',
              entity: 'v2_nomination',
              entity_id: id,
              user: person.id,
              before: { status: 'borrador', nominees: [] },
              after: { status: 'enviada', nominees },
            },
          ],
        };
      },
    },
    {
      endpoint: v2NominationEndpoints.approve,
      async run(env) {
        const { id, client, nominees } = await nominationToFill(env);
        await client.put(urlOf(v2NominationEndpoints.save, { params: { id } }), { nominees, submit: true });
        await env.mark();
        const res = await env.hr.post(urlOf(v2NominationEndpoints.approve, { params: { id } }), {});
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'nomination_approve',
              entity: 'v2_nomination',
              entity_id: id,
              user: env.hrId,
              before: { status: 'enviada' },
              after: { status: 'aprobada', nominees, created_count: 1 },
            },
          ],
        };
      },
    },
  ],
  robustness: [
    fuzz({ endpoint: v2NominationEndpoints.overview, params: (i) => ({ evaluationId: i.draft }) }),
    fuzz({
      endpoint: v2NominationEndpoints.configure,
      params: (i) => ({ evaluationId: i.draft }),
      body: () => ({ enabled: true, min: 1, max: 3 }),
    }),
    fuzz({
      endpoint: v2NominationEndpoints.addParticipants,
      params: (i) => ({ evaluationId: i.draft }),
      body: (i) => ({ user_ids: [i.evaluatee] }),
    }),
    fuzz({
      endpoint: v2NominationEndpoints.save,
      body: (i) => ({
        nominees: [{ nominee_id: i.user, relation: 'peer' }],
        submit: false,
      }),
    }),
    fuzz({ endpoint: v2NominationEndpoints.approve, body: () => ({}) }),
  ],
});
