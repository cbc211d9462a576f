import { MANAGER_ROLES, v2TemplateEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import {
  allScales,
  allTemplates,
  createTemplateFromEvaluation,
  removeTemplate,
  renameTemplate,
} from './service';

const config = { access: MANAGER_ROLES };

/** Rating scales and 360 templates: HTTP only; rules, transactions and audit live in service.ts. */
export function v2TemplateRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({ ...routeOf(endpoints.scales), config, handler: () => allScales(ctx.db) });

    app.route({ ...routeOf(endpoints.list), config, handler: () => allTemplates(ctx.db) });

    app.route({
      ...routeOf(endpoints.create),
      config,
      handler: async (request, reply) =>
        reply.status(201).send(await createTemplateFromEvaluation(ctx.db, request.body, actorOf(request))),
    });

    app.route({
      ...routeOf(endpoints.rename),
      config,
      handler: (request) => renameTemplate(ctx.db, request.params.id, request.body.name, actorOf(request)),
    });

    app.route({
      ...routeOf(endpoints.remove),
      config,
      handler: async (request, reply) => {
        await removeTemplate(ctx.db, request.params.id, actorOf(request));
        return reply.status(204).send(null);
      },
    });
  };
}
