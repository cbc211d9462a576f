import { MANAGER_ROLES, evaluatorEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import { createEvaluator, deactivateStaff, getEvaluator, listEvaluators, updateEvaluator } from './service';

const config = { access: MANAGER_ROLES };

/** /api/evaluators: the active users with role evaluador. HTTP only; the rules live in service.ts. */
export function evaluatorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.list),
      config,
      handler: (request) => listEvaluators(ctx.db, request.query),
    });

    app.route({
      ...routeOf(endpoints.get),
      config,
      handler: (request) => getEvaluator(ctx.db, request.params.id),
    });

    app.route({
      ...routeOf(endpoints.create),
      config,
      handler: async (request, reply) =>
        reply.status(201).send(await createEvaluator(ctx.db, request.body, actorOf(request))),
    });

    app.route({
      ...routeOf(endpoints.update),
      config,
      handler: (request) =>
        updateEvaluator(ctx.db, ctx.engine, request.params.id, request.body, actorOf(request)),
    });

    app.route({
      ...routeOf(endpoints.remove),
      config,
      handler: async (request, reply) => {
        await deactivateStaff(ctx.db, ctx.engine, request.params.id, 'evaluador', actorOf(request));
        return reply.status(204).send(null);
      },
    });
  };
}
