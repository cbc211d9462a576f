import { evaluationEndpoints } from '@evalua/contracts';
import { MANAGERS } from '../../../test/authz/matrix';
import { newCategory, evaluationBody } from '../../../test/authz/requests';
import { insertCategory, insertBank } from '../../../test/authz/records';
import { assignSomeoneIn, createV1Evaluation } from '../../../test/v1';
import { answerOf } from '../../../test/answer';
import { authz, defineCases, fuzz, urlOf } from '../../../test/cases';

export default defineCases({
  authz: [
    authz({ endpoint: evaluationEndpoints.list, ...MANAGERS, request: () => ({}) }),
    authz({
      endpoint: evaluationEndpoints.byCategory,
      cases: {
        own: "the category of the caller's assigned colaborador",
        other: "a category none of the caller's colaboradores is in",
      },
      ...MANAGERS,
      evaluador: { own: 'allow', other: 'deny' },
      request: (f, _caller, c) => ({
        params: { categoryId: c === 'other' ? f.v1Other.categoryId : f.v1.categoryId },
      }),
    }),
    authz({
      endpoint: evaluationEndpoints.get,
      ...MANAGERS,
      request: (f) => ({ params: { id: f.v1.evaluationId } }),
    }),
    // What closing would leave unanswered (issue 30 §3): HR's close dialog.
    authz({
      endpoint: evaluationEndpoints.pending,
      ...MANAGERS,
      request: (f) => ({ params: { id: f.v1.evaluationId } }),
    }),
    authz({
      endpoint: evaluationEndpoints.create,
      ...MANAGERS,
      request: async (f) => ({
        body: evaluationBody(await newCategory(f), f.v1.bankId),
      }),
    }),
    authz({
      endpoint: evaluationEndpoints.update,
      ...MANAGERS,
      request: async (f) => {
        const target = await createV1Evaluation(f.t, ['competency']);
        return {
          params: { id: target.evaluationId },
          body: evaluationBody(target.categoryId, target.bankId),
        };
      },
    }),
    authz({
      endpoint: evaluationEndpoints.open,
      ...MANAGERS,
      request: async (f) => {
        const draft = await createV1Evaluation(f.t, ['competency'], undefined, { status: 'borrador' });
        await assignSomeoneIn(f.t, draft.categoryId);
        return { params: { id: draft.evaluationId }, body: { replace_open: true } };
      },
    }),
    authz({
      endpoint: evaluationEndpoints.close,
      ...MANAGERS,
      request: async (f) => ({
        params: { id: (await createV1Evaluation(f.t, ['competency'])).evaluationId },
      }),
    }),
    authz({
      endpoint: evaluationEndpoints.remove,
      ...MANAGERS,
      request: async (f) => ({
        params: { id: (await createV1Evaluation(f.t, ['competency'])).evaluationId },
      }),
    }),
  ],
  audit: [
    // V1 evaluations, assignments and submissions
    {
      endpoint: evaluationEndpoints.create,
      async run({ ctx, admin, adminId, mark }) {
        const cat = await insertCategory(ctx);
        const bank = await insertBank(ctx);
        await mark();
        const res = await admin.post(urlOf(evaluationEndpoints.create), {
          name: 'Evaluación anual',
          period: '2026',
          weight_objectives: 40,
          weight_competencies: 60,
          category_id: cat.id,
          question_bank_id: bank.id,
        });
        return {
          res,
          status: 201,
          entries: [
            {
              action: 'create',
              entity: 'evaluation',
              entity_id: answerOf(evaluationEndpoints.create, res).id,
              user: adminId,
              after: { category_id: cat.id, question_bank_id: bank.id },
            },
          ],
        };
      },
    },
    {
      endpoint: evaluationEndpoints.update,
      async run({ ctx, hr, hrId, mark }) {
        const setup = await createV1Evaluation(ctx, ['competency']);
        await mark();
        const res = await hr.put(urlOf(evaluationEndpoints.update, { params: { id: setup.evaluationId } }), {
          name: 'Nombre corregido',
          period: '2027',
          weight_objectives: 40,
          weight_competencies: 60,
          category_id: setup.categoryId,
          question_bank_id: setup.bankId,
        });
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'update',
              entity: 'evaluation',
              entity_id: setup.evaluationId,
              user: hrId,
              before: { period: '2026' },
              after: { name: 'Nombre corregido', period: '2027' },
            },
          ],
        };
      },
    },
    {
      endpoint: evaluationEndpoints.open,
      async run({ ctx, hr, hrId, mark }) {
        const open = await createV1Evaluation(ctx, ['competency']);
        const draft = await createV1Evaluation(ctx, [], undefined, {
          categoryId: open.categoryId,
          bankId: open.bankId,
          status: 'borrador',
        });
        await assignSomeoneIn(ctx, open.categoryId);
        await mark();
        const res = await hr.post(urlOf(evaluationEndpoints.open, { params: { id: draft.evaluationId } }), {
          replace_open: true,
        });
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'update',
              entity: 'evaluation',
              entity_id: open.evaluationId,
              user: hrId,
              before: { status: 'abierta' },
              after: { status: 'cerrada' },
            },
            {
              action: 'update',
              entity: 'evaluation',
              entity_id: draft.evaluationId,
              user: hrId,
              before: { status: 'borrador' },
              after: { status: 'abierta' },
            },
          ],
        };
      },
    },
    {
      endpoint: evaluationEndpoints.close,
      async run({ ctx, admin, adminId, mark }) {
        const setup = await createV1Evaluation(ctx, ['competency']);
        await mark();
        const res = await admin.post(
          urlOf(evaluationEndpoints.close, { params: { id: setup.evaluationId } }),
        );
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'update',
              entity: 'evaluation',
              entity_id: setup.evaluationId,
              user: adminId,
              before: { status: 'abierta' },
              after: { status: 'cerrada' },
            },
          ],
        };
      },
    },
    {
      endpoint: evaluationEndpoints.remove,
      async run({ ctx, admin, adminId, mark }) {
        const setup = await createV1Evaluation(ctx, ['competency']);
        await mark();
        const res = await admin.delete(
          urlOf(evaluationEndpoints.remove, { params: { id: setup.evaluationId } }),
        );
        return {
          res,
          status: 204,
          entries: [{ action: 'delete', entity: 'evaluation', entity_id: setup.evaluationId, user: adminId }],
        };
      },
    },
  ],
  robustness: [
    fuzz({ endpoint: evaluationEndpoints.byCategory, params: (i) => ({ categoryId: i.category }) }),
    fuzz({ endpoint: evaluationEndpoints.get, params: (i) => ({ id: i.evaluation }) }),
    fuzz({ endpoint: evaluationEndpoints.pending, params: (i) => ({ id: i.evaluation }) }),
    fuzz({
      endpoint: evaluationEndpoints.create,
      body: (i) => ({
        name: 'Evaluación anual',
        period: '2026',
        weight_objectives: 40,
        weight_competencies: 60,
        category_id: i.category,
        question_bank_id: i.bank,
      }),
    }),
    fuzz({
      endpoint: evaluationEndpoints.update,
      params: (i) => ({ id: i.evaluation }),
      body: (i) => ({
        name: 'Evaluación anual',
        period: '2026',
        weight_objectives: '50',
        weight_competencies: 50,
        category_id: i.category,
        question_bank_id: i.bank,
      }),
    }),
    fuzz({
      endpoint: evaluationEndpoints.open,
      params: (i) => ({ id: i.evaluation }),
      body: () => ({ replace_open: true }),
    }),
    fuzz({ endpoint: evaluationEndpoints.close, params: (i) => ({ id: i.evaluation }) }),
    fuzz({ endpoint: evaluationEndpoints.remove, params: (i) => ({ id: i.evaluation }) }),
  ],
});
