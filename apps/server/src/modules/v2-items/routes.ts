import { MANAGER_ROLES, v2ItemEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, currentUser } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import { mailSettings } from '../mail';
import { itemsFor, replaceItems } from './service';

/** Ítems de la evaluación 360: HTTP only; rules, transactions and audit live in service.ts. */
export function v2ItemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const mail = mailSettings(ctx.config);
  return async (app) => {
    app.route({
      ...routeOf(endpoints.list),
      // Managers, and raters of the evaluation (the service decides which evaluation a rater may read).
      config: { access: 'user' },
      handler: async (request) => ({
        items: await itemsFor(ctx.db, currentUser(request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(endpoints.replace),
      config: { access: MANAGER_ROLES },
      handler: async (request) => ({
        items: await replaceItems(
          ctx.db,
          ctx.engine,
          request.params.id,
          request.body.items,
          actorOf(request),
          mail,
        ),
      }),
    });
  };
}
