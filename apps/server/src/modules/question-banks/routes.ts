import {
  MANAGER_ROLES,
  bankQuestionParamsSchema,
  idParamsSchema,
  questionBankInputSchema,
  questionBankSchema,
  questionInputSchema,
  questionSchema,
} from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, currentUser } from '../../auth/access';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../http/errors';
import { evaluatorMayReadBank, findBank, listBanks, listQuestions } from './repository';
import {
  BANK_MESSAGES,
  addQuestion,
  createBank,
  deleteBank,
  deleteQuestion,
  updateBank,
  updateQuestion,
} from './service';

const managers = MANAGER_ROLES;

export function questionBankRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/question-banks',
      { config: { access: managers }, schema: { response: { 200: z.array(questionBankSchema) } } },
      async () => listBanks(ctx.db),
    );

    app.post(
      '/api/question-banks',
      {
        config: { access: managers },
        schema: { body: questionBankInputSchema, response: { 201: questionBankSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await createBank(ctx.db, request.body, actorOf(request))),
    );

    app.put(
      '/api/question-banks/:id',
      {
        config: { access: managers },
        schema: {
          params: idParamsSchema,
          body: questionBankInputSchema,
          response: { 200: questionBankSchema },
        },
      },
      async (request) => updateBank(ctx.db, request.params.id, request.body, actorOf(request)),
    );

    app.delete(
      '/api/question-banks/:id',
      { config: { access: managers }, schema: { params: idParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        await deleteBank(ctx.db, request.params.id, actorOf(request));
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/question-banks/:id/questions',
      {
        config: { access: 'user' },
        schema: { params: idParamsSchema, response: { 200: z.array(questionSchema) } },
      },
      async (request) => {
        const me = currentUser(request);
        const bankId = request.params.id;
        const mayRead =
          (MANAGER_ROLES as readonly string[]).includes(me.role) ||
          (me.role === 'evaluador' && (await evaluatorMayReadBank(ctx.db, me.id, bankId)));
        if (!mayRead) throw forbidden();
        if (!(await findBank(ctx.db, bankId))) throw notFound(BANK_MESSAGES.notFound);
        return listQuestions(ctx.db, bankId);
      },
    );

    app.post(
      '/api/question-banks/:id/questions',
      {
        config: { access: managers },
        schema: { params: idParamsSchema, body: questionInputSchema, response: { 201: questionSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await addQuestion(ctx.db, request.params.id, request.body, actorOf(request))),
    );

    app.put(
      '/api/question-banks/:id/questions/:qid',
      {
        config: { access: managers },
        schema: {
          params: bankQuestionParamsSchema,
          body: questionInputSchema,
          response: { 200: questionSchema },
        },
      },
      async (request) =>
        updateQuestion(ctx.db, request.params.id, request.params.qid, request.body, actorOf(request)),
    );

    app.delete(
      '/api/question-banks/:id/questions/:qid',
      {
        config: { access: managers },
        schema: { params: bankQuestionParamsSchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await deleteQuestion(ctx.db, request.params.id, request.params.qid, actorOf(request));
        return reply.status(204).send(null);
      },
    );
  };
}
