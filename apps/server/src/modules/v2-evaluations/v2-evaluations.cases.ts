import { v2EvaluationEndpoints } from '@evalua/contracts';
import { MANAGERS } from '../../../test/authz/matrix';
import { newDraft } from '../../../test/authz/requests';
import { unique } from '../../../test/factories';
import { V2_WEIGHTS, assignARater, createV2Draft, putV2Items } from '../../../test/v2';
import { answerOf } from '../../../test/answer';
import { firstTemplateId } from '../../../test/authz/records';
import { authz, defineCases, fuzz, urlOf } from '../../../test/cases';

/** A valid new 360 evaluation, with `extra` fields. */
const v2Body = (extra: Record<string, unknown> = {}) => ({
  name: unique('Evaluación 360'),
  period: '2026',
  weights: V2_WEIGHTS,
  allow_self: true,
  ...extra,
});

export default defineCases({
  authz: [
    // 360: evaluations and their items.
    authz({ endpoint: v2EvaluationEndpoints.list, ...MANAGERS, request: () => ({}) }),
    authz({
      endpoint: v2EvaluationEndpoints.create,
      ...MANAGERS,
      request: () => ({
        body: { name: unique('Evaluación 360'), period: 'Q1-2026', weights: V2_WEIGHTS, allow_self: true },
      }),
    }),
    authz({
      endpoint: v2EvaluationEndpoints.createFromTemplate,
      ...MANAGERS,
      request: (f) => ({
        body: {
          template_id: f.templateId,
          name: unique('Evaluación 360'),
          period: 'Q2-2026',
          weights: V2_WEIGHTS,
        },
      }),
    }),
    authz({
      endpoint: v2EvaluationEndpoints.get,
      ...MANAGERS,
      request: (f) => ({ params: { id: f.open.id } }),
    }),
    authz({
      endpoint: v2EvaluationEndpoints.update,
      ...MANAGERS,
      request: async (f) => ({
        params: { id: await newDraft(f) },
        body: { name: unique('Evaluación 360') },
      }),
    }),
    authz({
      endpoint: v2EvaluationEndpoints.remove,
      ...MANAGERS,
      request: async (f) => ({ params: { id: await newDraft(f) } }),
    }),
  ],
  audit: [
    // 360 evaluations, items, templates, assignments, answers and snapshots
    {
      endpoint: v2EvaluationEndpoints.create,
      async run({ admin, adminId, mark }) {
        await mark();
        const body = v2Body({ save_as_template: true });
        const res = await admin.post(urlOf(v2EvaluationEndpoints.create), body);
        const created = answerOf(v2EvaluationEndpoints.create, res);
        return {
          res,
          status: 201,
          entries: [
            {
              action: 'create',
              entity: 'v2_template',
              entity_id: created.template_id,
              user: adminId,
              after: { name: body.name, source_evaluation_id: created.id },
            },
            {
              action: 'create',
              entity: 'v2_evaluation',
              entity_id: created.id,
              user: adminId,
              after: { name: body.name },
            },
          ],
        };
      },
    },
    {
      endpoint: v2EvaluationEndpoints.createFromTemplate,
      async run({ ctx, hr, hrId, mark }) {
        const templateId = await firstTemplateId(ctx);
        await mark();
        const res = await hr.post(
          urlOf(v2EvaluationEndpoints.createFromTemplate),
          v2Body({ template_id: templateId, status: 'draft' }),
        );
        return {
          res,
          status: 201,
          entries: [
            {
              action: 'create',
              entity: 'v2_evaluation',
              entity_id: answerOf(v2EvaluationEndpoints.createFromTemplate, res).id,
              user: hrId,
              after: { from_template_id: templateId },
            },
          ],
        };
      },
    },
    {
      endpoint: v2EvaluationEndpoints.update,
      async run({ ctx, admin, adminId, mark }) {
        const draft = await createV2Draft(admin);
        await putV2Items(admin, draft.id, [{ question_text: 'Se comunica con claridad.', type: 'rating' }]);
        await assignARater(ctx, admin, draft.id);
        await mark();
        const res = await admin.patch(urlOf(v2EvaluationEndpoints.update, { params: { id: draft.id } }), {
          status: 'open',
        });
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'status_open',
              entity: 'v2_evaluation',
              entity_id: draft.id,
              user: adminId,
              before: { status: 'draft' },
              after: { status: 'open' },
            },
          ],
        };
      },
    },
    {
      endpoint: v2EvaluationEndpoints.remove,
      async run({ hr, hrId, mark }) {
        const draft = await createV2Draft(hr);
        await mark();
        const res = await hr.delete(urlOf(v2EvaluationEndpoints.remove, { params: { id: draft.id } }));
        return {
          res,
          status: 204,
          entries: [
            {
              action: 'delete',
              entity: 'v2_evaluation',
              entity_id: draft.id,
              user: hrId,
              before: { name: draft.name },
            },
          ],
        };
      },
    },
  ],
  robustness: [
    fuzz({
      endpoint: v2EvaluationEndpoints.create,
      body: () => ({
        name: '360 nueva',
        period: 'Q1-2026',
        weights: { weight_objectives: 30, weight_competencies: 70 },
        allow_self: false,
        save_as_template: false,
      }),
    }),
    fuzz({
      endpoint: v2EvaluationEndpoints.createFromTemplate,
      body: (i) => ({
        template_id: i.template,
        name: '360 desde plantilla',
        period: 'Q2-2026',
        weights: { weight_objectives: 50, weight_competencies: 50 },
        allow_self: true,
      }),
    }),
    fuzz({ endpoint: v2EvaluationEndpoints.get, params: (i) => ({ id: i.draft }) }),
    fuzz({
      endpoint: v2EvaluationEndpoints.update,
      params: (i) => ({ id: i.draft }),
      body: () => ({
        name: '360 renombrada',
        period: 'Q3-2026',
        weights: { weight_objectives: 20, weight_competencies: 80 },
      }),
    }),
    fuzz({ endpoint: v2EvaluationEndpoints.remove, params: (i) => ({ id: i.draft }) }),
  ],
});
