import { reminderEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import { previewReminders, sendReminders } from './service';

/** Only HR and administrators remind people (decision 033). */
const config = { access: ['admin', 'gestionhumana'] } as const;

/** Reminders of one open evaluation: HTTP only; rules, transactions and audit live in service.ts. */
export function reminderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.v1Preview),
      config,
      handler: (request) => previewReminders(ctx.db, ctx.config, 'v1', request.params.id),
    });

    app.route({
      ...routeOf(endpoints.v1Send),
      config,
      handler: async (request, reply) =>
        reply
          .status(202)
          .send(await sendReminders(ctx.db, ctx.config, 'v1', request.params.id, actorOf(request))),
    });

    app.route({
      ...routeOf(endpoints.v2Preview),
      config,
      handler: (request) => previewReminders(ctx.db, ctx.config, 'v2', request.params.id),
    });

    app.route({
      ...routeOf(endpoints.v2Send),
      config,
      handler: async (request, reply) =>
        reply
          .status(202)
          .send(await sendReminders(ctx.db, ctx.config, 'v2', request.params.id, actorOf(request))),
    });
  };
}
