import { MANAGER_ROLES, v2EvaluationEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import { mailSettings } from '../mail';
import {
  createV2Evaluation,
  createV2EvaluationFromTemplate,
  deleteV2Evaluation,
  getV2Evaluation,
  listV2EvaluationsPage,
  patchV2Evaluation,
} from './service';

const config = { access: MANAGER_ROLES };

/** Evaluaciones 360: HTTP only; rules, transactions and audit live in service.ts. */
export function v2EvaluationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const mail = mailSettings(ctx.config);
  return async (app) => {
    app.route({
      ...routeOf(endpoints.list),
      config,
      handler: (request) => listV2EvaluationsPage(ctx.db, request.query),
    });

    app.route({
      ...routeOf(endpoints.create),
      config,
      handler: async (request, reply) =>
        reply.status(201).send(await createV2Evaluation(ctx.db, request.body, actorOf(request))),
    });

    app.route({
      ...routeOf(endpoints.createFromTemplate),
      config,
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(
            await createV2EvaluationFromTemplate(ctx.db, ctx.engine, request.body, actorOf(request), mail),
          ),
    });

    app.route({
      ...routeOf(endpoints.get),
      config,
      handler: (request) => getV2Evaluation(ctx.db, request.params.id),
    });

    app.route({
      ...routeOf(endpoints.update),
      config,
      handler: (request) =>
        patchV2Evaluation(ctx.db, ctx.engine, request.params.id, request.body, actorOf(request), mail),
    });

    app.route({
      ...routeOf(endpoints.remove),
      config,
      handler: async (request, reply) => {
        await deleteV2Evaluation(ctx.db, ctx.engine, request.params.id, actorOf(request));
        return reply.status(204).send(null);
      },
    });
  };
}
