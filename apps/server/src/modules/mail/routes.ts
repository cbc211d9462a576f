import { outboxEndpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import { outboxPage, resendMail } from './service';

const MANAGERS = ['admin', 'gestionhumana'] as const;

/** The Correos screen's calls (admin and gestionhumana). */
export function outboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(outboxEndpoints.list),
      config: { access: MANAGERS },
      handler: async (request) => outboxPage(ctx.db, ctx.config, actorOf(request), request.query),
    });
    app.route({
      ...routeOf(outboxEndpoints.resend),
      config: { access: MANAGERS },
      handler: async (request) => resendMail(ctx.db, actorOf(request), request.params.id),
    });
  };
}
