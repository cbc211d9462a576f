import { MANAGER_ROLES, evaluationEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import {
  closeEvaluation,
  createEvaluation,
  deleteEvaluation,
  getEvaluation,
  getEvaluationForCategory,
  listAllEvaluations,
  openEvaluation,
  pendingOfEvaluation,
  updateEvaluation,
} from './service';

const config = { access: MANAGER_ROLES };

/** Evaluaciones (V1): HTTP only; rules, transactions and audit live in service.ts. */
export function evaluationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({ ...routeOf(endpoints.list), config, handler: () => listAllEvaluations(ctx.db) });

    app.route({
      ...routeOf(endpoints.byCategory),
      config: { access: ['admin', 'gestionhumana', 'evaluador'] },
      handler: (request) => getEvaluationForCategory(ctx.db, request.params.categoryId, actorOf(request)),
    });

    app.route({
      ...routeOf(endpoints.get),
      config,
      handler: (request) => getEvaluation(ctx.db, request.params.id),
    });

    app.route({
      ...routeOf(endpoints.create),
      config,
      handler: async (request, reply) =>
        reply.status(201).send(await createEvaluation(ctx.db, ctx.engine, request.body, actorOf(request))),
    });

    app.route({
      ...routeOf(endpoints.update),
      config,
      handler: (request) =>
        updateEvaluation(ctx.db, ctx.engine, request.params.id, request.body, actorOf(request)),
    });

    app.route({
      ...routeOf(endpoints.open),
      config,
      handler: (request) =>
        openEvaluation(
          ctx.db,
          ctx.engine,
          request.params.id,
          request.body.replace_open === true,
          actorOf(request),
        ),
    });

    app.route({
      ...routeOf(endpoints.pending),
      config,
      handler: (request) => pendingOfEvaluation(ctx.db, request.params.id),
    });

    app.route({
      ...routeOf(endpoints.close),
      config,
      handler: (request) => closeEvaluation(ctx.db, ctx.engine, request.params.id, actorOf(request)),
    });

    app.route({
      ...routeOf(endpoints.remove),
      config,
      handler: async (request, reply) => {
        await deleteEvaluation(ctx.db, request.params.id, actorOf(request));
        return reply.status(204).send(null);
      },
    });
  };
}
