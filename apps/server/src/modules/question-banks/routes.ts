import { MANAGER_ROLES, questionBankEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import {
  addQuestion,
  createBank,
  createBankFromStarter,
  deleteBank,
  deleteQuestion,
  listAllBanks,
  listBankQuestions,
  updateBank,
  updateQuestion,
} from './service';

const config = { access: MANAGER_ROLES };

/** Bancos de preguntas: HTTP only; rules, transactions and audit live in service.ts. */
export function questionBankRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({ ...routeOf(endpoints.list), config, handler: () => listAllBanks(ctx.db) });

    app.route({
      ...routeOf(endpoints.create),
      config,
      handler: async (request, reply) =>
        reply.status(201).send(await createBank(ctx.db, request.body, actorOf(request))),
    });

    app.route({
      ...routeOf(endpoints.createFromStarter),
      config,
      handler: async (request, reply) =>
        reply.status(201).send(await createBankFromStarter(ctx.db, request.body.starter, actorOf(request))),
    });

    app.route({
      ...routeOf(endpoints.update),
      config,
      handler: (request) => updateBank(ctx.db, request.params.id, request.body, actorOf(request)),
    });

    app.route({
      ...routeOf(endpoints.remove),
      config,
      handler: async (request, reply) => {
        await deleteBank(ctx.db, request.params.id, actorOf(request));
        return reply.status(204).send(null);
      },
    });

    // Evaluators too: the service lets them read only the banks their collaborators are evaluated with.
    app.route({
      ...routeOf(endpoints.questions),
      config: { access: 'user' },
      handler: (request) => listBankQuestions(ctx.db, request.params.id, actorOf(request)),
    });

    app.route({
      ...routeOf(endpoints.addQuestion),
      config,
      handler: async (request, reply) =>
        reply.status(201).send(await addQuestion(ctx.db, request.params.id, request.body, actorOf(request))),
    });

    app.route({
      ...routeOf(endpoints.updateQuestion),
      config,
      handler: (request) =>
        updateQuestion(
          ctx.db,
          ctx.engine,
          request.params.id,
          request.params.qid,
          request.body,
          actorOf(request),
        ),
    });

    app.route({
      ...routeOf(endpoints.removeQuestion),
      config,
      handler: async (request, reply) => {
        await deleteQuestion(ctx.db, ctx.engine, request.params.id, request.params.qid, actorOf(request));
        return reply.status(204).send(null);
      },
    });
  };
}
