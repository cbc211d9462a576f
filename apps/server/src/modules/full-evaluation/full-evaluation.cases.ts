import { fullEvaluationEndpoints } from '@evalua/contracts';
import { me } from '../../../test/authz/requests';
import { createUser } from '../../../test/factories';
import { assign, createV1Evaluation, evaluatorWithCollaborator, submitBody } from '../../../test/v1';
import { answerOf } from '../../../test/answer';
import { authz, defineCases, fuzz, urlOf } from '../../../test/cases';

export default defineCases({
  authz: [
    // A fresh colaborador assigned to the caller (own) or to another evaluador (other, onBehalf),
    // submitted as the caller (own, other) or as that other evaluador (onBehalf).
    authz({
      endpoint: fullEvaluationEndpoints.submit,
      cases: {
        own: 'as the caller, for a colaborador assigned to the caller',
        other: 'as the caller, for a colaborador assigned to another evaluador',
        onBehalf: "as another evaluador, for that evaluador's colaborador",
      },
      anonymous: 'unauth',
      // An admin may submit on behalf of an evaluador; HR and colaboradores never submit V1 ratings.
      admin: { own: 'allow', other: 'allow', onBehalf: 'allow' },
      gestionhumana: 'deny',
      evaluador: { own: 'allow', other: 'deny', onBehalf: 'deny' },
      colaborador: 'deny',
      request: async (f, caller, c) => {
        const assignedTo = c === 'own' ? me(f, caller) : f.otherEvaluator.id;
        const evaluatorId = c === 'onBehalf' ? f.otherEvaluator.id : me(f, caller);
        const collaborator = await createUser(f.t, { category_id: f.v1.categoryId, password: null });
        await assign(f.t, assignedTo, collaborator.id);
        return {
          body: {
            evaluation_id: f.v1.evaluationId,
            user_id: collaborator.id,
            evaluator_id: evaluatorId,
            responses: f.v1.questions.map((q) => ({ question_id: q.id, score: 3 })),
            training: { requires_training: true, comments: 'Necesita apoyo en planificación.' },
          },
          // An admin is no evaluador: submitting as themself is refused for the content.
          ...(caller === 'admin' && c !== 'onBehalf' ? { status: 400 } : {}),
        };
      },
    }),
  ],
  audit: [
    {
      endpoint: fullEvaluationEndpoints.submit,
      async run({ ctx, mark }) {
        const setup = await createV1Evaluation(ctx, ['competency', 'objective']);
        const { evaluator, client, collaborator } = await evaluatorWithCollaborator(ctx, setup);
        await mark();
        const res = await client.post(
          urlOf(fullEvaluationEndpoints.submit),
          submitBody(setup, collaborator.id, evaluator.id, [3, 4]),
        );
        return {
          res,
          status: 201,
          entries: [
            {
              action: 'create',
              entity: 'v1_submission',
              entity_id: answerOf(fullEvaluationEndpoints.submit, res).id,
              user: evaluator.id,
              after: { evaluation_id: setup.evaluationId, collaborator_id: collaborator.id },
            },
          ],
        };
      },
    },
  ],
  robustness: [
    fuzz({
      endpoint: fullEvaluationEndpoints.submit,
      body: (i) => ({
        evaluation_id: i.evaluation,
        user_id: i.collaborator,
        evaluator_id: i.evaluator,
        responses: i.questions.map((q, n) => ({ question_id: q, score: n + 2 })),
        training: { requires_training: true, comments: 'Necesita apoyo en evaluación.' },
      }),
    }),
  ],
});
