import { v1ReleaseEndpoints } from '@evalua/contracts';
import { expect } from 'vitest';
import { MANAGERS } from '../../../test/authz/matrix';
import { createUser } from '../../../test/factories';
import { assign, createV1Evaluation, insertV1Submission } from '../../../test/v1';
import type { TestContext } from '../../../test/context';
import { authz, defineCases, fuzz, urlOf } from '../../../test/cases';

/** A fresh round released by HR ('al_publicar') with one person evaluated by `evaluatorId`. */
async function heldRound(t: TestContext, evaluatorId: number) {
  const setup = await createV1Evaluation(t, ['competency', 'objective'], undefined, {
    releaseMode: 'al_publicar',
  });
  const person = await createUser(t, { category_id: setup.categoryId, password: null });
  await assign(t, evaluatorId, person.id);
  await insertV1Submission(t, setup, person.id, evaluatorId);
  return { setup, person };
}

export default defineCases({
  authz: [
    // Releasing V1 results and reading a person's round (decision 050): HR decides.
    authz({
      endpoint: v1ReleaseEndpoints.release,
      ...MANAGERS,
      request: async (f) => {
        const { setup } = await heldRound(f.t, f.otherEvaluator.id);
        return { params: { id: setup.evaluationId }, body: {} };
      },
    }),
    authz({
      endpoint: v1ReleaseEndpoints.person,
      ...MANAGERS,
      request: async (f) => {
        const { setup, person } = await heldRound(f.t, f.otherEvaluator.id);
        return { params: { id: setup.evaluationId, userId: person.id } };
      },
    }),
    // Correcting before release: the submission's own evaluator, or admin and HR.
    authz({
      endpoint: v1ReleaseEndpoints.reopen,
      cases: {
        own: "the caller's own submission (for admin and HR: any evaluator's)",
        other: "another evaluator's submission",
      },
      anonymous: 'unauth',
      admin: 'allow',
      gestionhumana: 'allow',
      evaluador: { own: 'allow', other: 'deny' },
      colaborador: 'deny',
      request: async (f, caller, c) => {
        const evaluatorId =
          caller === 'evaluador' && c === 'own' ? f.users.evaluador.id : f.otherEvaluator.id;
        const { setup, person } = await heldRound(f.t, evaluatorId);
        return {
          params: { id: setup.evaluationId },
          body: { collaborator_id: person.id, evaluator_id: evaluatorId, reason: 'Marqué 1 en lugar de 4.' },
        };
      },
    }),
  ],
  audit: [
    {
      endpoint: v1ReleaseEndpoints.release,
      async run({ ctx, hr, hrId, mark }) {
        const evaluator = await createUser(ctx, { role: 'evaluador' });
        const { setup } = await heldRound(ctx, evaluator.id);
        await mark();
        const res = await hr.post(
          urlOf(v1ReleaseEndpoints.release, { params: { id: setup.evaluationId } }),
          {},
        );
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'release',
              entity: 'evaluation',
              entity_id: setup.evaluationId,
              user: hrId,
              before: { released_at: null },
            },
          ],
        };
      },
    },
    {
      endpoint: v1ReleaseEndpoints.reopen,
      async run({ ctx, hr, hrId, mark }) {
        const evaluator = await createUser(ctx, { role: 'evaluador' });
        const { setup, person } = await heldRound(ctx, evaluator.id);
        await mark();
        const res = await hr.post(urlOf(v1ReleaseEndpoints.reopen, { params: { id: setup.evaluationId } }), {
          collaborator_id: person.id,
          evaluator_id: evaluator.id,
          reason: 'El evaluador marcó 1 en lugar de 4.',
        });
        expect(res.statusCode, res.body).toBe(200);
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'reopen',
              entity: 'v1_submission',
              entity_id: expect.any(Number),
              user: hrId,
              before: {
                evaluation_id: setup.evaluationId,
                collaborator_id: person.id,
                evaluator_id: evaluator.id,
              },
              after: { reason: 'El evaluador marcó 1 en lugar de 4.' },
            },
          ],
        };
      },
    },
  ],
  robustness: [
    fuzz({ endpoint: v1ReleaseEndpoints.release, params: (i) => ({ id: i.evaluation }), body: () => ({}) }),
    fuzz({
      endpoint: v1ReleaseEndpoints.reopen,
      params: (i) => ({ id: i.evaluation }),
      body: (i) => ({ collaborator_id: i.collaborator, evaluator_id: i.evaluator, reason: 'Corrección.' }),
    }),
    fuzz({
      endpoint: v1ReleaseEndpoints.person,
      params: (i) => ({ id: i.evaluation, userId: i.collaborator }),
    }),
  ],
});
