import { MANAGER_ROLES, categoryEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import { createCategory, getCategory, listCategoriesPage, removeCategory, renameCategory } from './service';

const config = { access: MANAGER_ROLES };

/** Categorías: HTTP only; rules, transactions and audit live in service.ts. */
export function categoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.list),
      config,
      handler: (request) => listCategoriesPage(ctx.db, request.query),
    });

    app.route({
      ...routeOf(endpoints.get),
      config,
      handler: (request) => getCategory(ctx.db, request.params.id),
    });

    app.route({
      ...routeOf(endpoints.create),
      config,
      handler: async (request, reply) =>
        reply.status(201).send(await createCategory(ctx.db, request.body.name, actorOf(request))),
    });

    app.route({
      ...routeOf(endpoints.rename),
      config,
      handler: (request) => renameCategory(ctx.db, request.params.id, request.body.name, actorOf(request)),
    });

    app.route({
      ...routeOf(endpoints.remove),
      config,
      handler: async (request, reply) => {
        await removeCategory(ctx.db, request.params.id, actorOf(request));
        return reply.status(204).send(null);
      },
    });
  };
}
