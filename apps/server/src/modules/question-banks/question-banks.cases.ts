import { questionBankEndpoints } from '@evalua/contracts';
import { MANAGERS } from '../../../test/authz/matrix';
import { newBank, newQuestion } from '../../../test/authz/requests';
import { insertBank, insertQuestion } from '../../../test/authz/records';
import { unique } from '../../../test/factories';
import { answerOf } from '../../../test/answer';
import { authz, defineCases, fuzz, urlOf } from '../../../test/cases';

export default defineCases({
  authz: [
    authz({ endpoint: questionBankEndpoints.list, ...MANAGERS, request: () => ({}) }),
    authz({
      endpoint: questionBankEndpoints.create,
      ...MANAGERS,
      request: () => ({
        body: { name: unique('Banco'), description: 'Banco de prueba' },
      }),
    }),
    authz({
      endpoint: questionBankEndpoints.createFromStarter,
      ...MANAGERS,
      request: () => ({ body: { starter: 'apoyo' } }),
    }),
    authz({
      endpoint: questionBankEndpoints.update,
      ...MANAGERS,
      request: async (f) => ({
        params: { id: await newBank(f) },
        body: { name: unique('Banco'), description: null },
      }),
    }),
    authz({
      endpoint: questionBankEndpoints.remove,
      ...MANAGERS,
      request: async (f) => ({ params: { id: await newBank(f) } }),
    }),
    authz({
      endpoint: questionBankEndpoints.questions,
      cases: {
        own: "the bank of the evaluation for the category of the caller's assigned colaborador",
        other: 'a bank no colaborador of the caller is evaluated with',
      },
      ...MANAGERS,
      evaluador: { own: 'allow', other: 'deny' },
      request: (f, _caller, c) => ({
        params: { id: c === 'other' ? f.v1Other.bankId : f.v1.bankId },
      }),
    }),
    authz({
      endpoint: questionBankEndpoints.addQuestion,
      ...MANAGERS,
      request: async (f) => ({
        params: { id: await newBank(f) },
        body: { question_text: 'Planifica sus clases.', question_type: 'objective' },
      }),
    }),
    authz({
      endpoint: questionBankEndpoints.updateQuestion,
      ...MANAGERS,
      request: async (f) => {
        const bank = await newBank(f);
        return {
          params: { id: bank, qid: await newQuestion(f, bank) },
          body: { question_text: 'Comunica con claridad.', question_type: 'competency' },
        };
      },
    }),
    authz({
      endpoint: questionBankEndpoints.removeQuestion,
      ...MANAGERS,
      request: async (f) => {
        const bank = await newBank(f);
        return { params: { id: bank, qid: await newQuestion(f, bank) } };
      },
    }),
  ],
  audit: [
    // Question banks and their questions
    {
      endpoint: questionBankEndpoints.createFromStarter,
      async run({ hr, hrId, mark }) {
        await mark();
        const res = await hr.post(urlOf(questionBankEndpoints.createFromStarter), { starter: 'docente' });
        return {
          res,
          status: 201,
          entries: [
            {
              action: 'create',
              entity: 'question_bank',
              entity_id: answerOf(questionBankEndpoints.createFromStarter, res).id,
              user: hrId,
              after: { name: 'Banco inicial: Personal docente', starter: 'docente' },
            },
          ],
        };
      },
    },
    {
      endpoint: questionBankEndpoints.create,
      async run({ hr, hrId, mark }) {
        await mark();
        const name = unique('Banco');
        const res = await hr.post(urlOf(questionBankEndpoints.create), {
          name,
          description: 'Preguntas de prueba',
        });
        return {
          res,
          status: 201,
          entries: [
            {
              action: 'create',
              entity: 'question_bank',
              entity_id: answerOf(questionBankEndpoints.create, res).id,
              user: hrId,
              after: { name },
            },
          ],
        };
      },
    },
    {
      endpoint: questionBankEndpoints.update,
      async run({ ctx, hr, hrId, mark }) {
        const bank = await insertBank(ctx);
        await mark();
        const name = unique('Banco renombrado');
        const res = await hr.put(urlOf(questionBankEndpoints.update, { params: { id: bank.id } }), {
          name,
          description: null,
        });
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'update',
              entity: 'question_bank',
              entity_id: bank.id,
              user: hrId,
              before: { name: bank.name },
              after: { name },
            },
          ],
        };
      },
    },
    {
      endpoint: questionBankEndpoints.remove,
      async run({ ctx, admin, adminId, mark }) {
        const bank = await insertBank(ctx);
        await mark();
        const res = await admin.delete(urlOf(questionBankEndpoints.remove, { params: { id: bank.id } }));
        return {
          res,
          status: 204,
          entries: [
            {
              action: 'delete',
              entity: 'question_bank',
              entity_id: bank.id,
              user: adminId,
              before: { name: bank.name },
            },
          ],
        };
      },
    },
    {
      endpoint: questionBankEndpoints.addQuestion,
      async run({ ctx, hr, hrId, mark }) {
        const bank = await insertBank(ctx);
        await mark();
        const res = await hr.post(urlOf(questionBankEndpoints.addQuestion, { params: { id: bank.id } }), {
          question_text: '¿Planifica sus clases?',
          question_type: 'objective',
        });
        return {
          res,
          status: 201,
          entries: [
            {
              action: 'create',
              entity: 'question',
              entity_id: answerOf(questionBankEndpoints.addQuestion, res).id,
              user: hrId,
              after: { bank_id: bank.id, question_type: 'objective' },
            },
          ],
        };
      },
    },
    {
      endpoint: questionBankEndpoints.updateQuestion,
      async run({ ctx, hr, hrId, mark }) {
        const bank = await insertBank(ctx);
        const q = await insertQuestion(ctx, bank.id, 'Pregunta original');
        await mark();
        const res = await hr.put(
          urlOf(questionBankEndpoints.updateQuestion, { params: { id: bank.id, qid: q.id } }),
          {
            question_text: 'Pregunta corregida',
            question_type: 'competency',
          },
        );
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'update',
              entity: 'question',
              entity_id: q.id,
              user: hrId,
              before: { question_text: 'Pregunta original' },
              after: { question_text: 'Pregunta corregida' },
            },
          ],
        };
      },
    },
    {
      endpoint: questionBankEndpoints.removeQuestion,
      async run({ ctx, hr, hrId, mark }) {
        const bank = await insertBank(ctx);
        const q = await insertQuestion(ctx, bank.id, 'Pregunta original');
        await mark();
        const res = await hr.delete(
          urlOf(questionBankEndpoints.removeQuestion, { params: { id: bank.id, qid: q.id } }),
        );
        return {
          res,
          status: 204,
          entries: [{ action: 'delete', entity: 'question', entity_id: q.id, user: hrId, after: null }],
        };
      },
    },
  ],
  robustness: [
    fuzz({
      endpoint: questionBankEndpoints.create,
      body: () => ({ name: 'Banco nuevo', description: 'Preguntas de prueba' }),
    }),
    fuzz({ endpoint: questionBankEndpoints.createFromStarter, body: () => ({ starter: 'docente' }) }),
    fuzz({
      endpoint: questionBankEndpoints.update,
      params: (i) => ({ id: i.bank }),
      body: () => ({ name: 'Banco renombrado', description: null }),
    }),
    fuzz({ endpoint: questionBankEndpoints.remove, params: (i) => ({ id: i.bank }) }),
    fuzz({ endpoint: questionBankEndpoints.questions, params: (i) => ({ id: i.bank }) }),
    fuzz({
      endpoint: questionBankEndpoints.addQuestion,
      params: (i) => ({ id: i.bank }),
      body: () => ({
        question_text: '¿Planifica?',
        question_type: 'competency',
      }),
    }),
    fuzz({
      endpoint: questionBankEndpoints.updateQuestion,
      params: (i) => ({ id: i.bank, qid: i.question }),
      body: () => ({
        question_text: '¿Evalúa?',
        question_type: 'objective',
      }),
    }),
    fuzz({
      endpoint: questionBankEndpoints.removeQuestion,
      params: (i) => ({ id: i.bank, qid: i.question }),
    }),
  ],
});
