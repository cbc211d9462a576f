import { outboxEndpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import { SANDBOXED_DOCUMENT_CSP } from '../../http/security';
import { outboxHtml, outboxPage, resendMail } from './service';

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
      ...routeOf(outboxEndpoints.html),
      config: { access: MANAGERS },
      handler: async (request, reply) => {
        const html = await outboxHtml(ctx.db, actorOf(request), request.params.id);
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-security-policy', SANDBOXED_DOCUMENT_CSP)
          .send(html);
      },
    });
    app.route({
      ...routeOf(outboxEndpoints.resend),
      config: { access: MANAGERS },
      handler: async (request) => resendMail(ctx.db, actorOf(request), request.params.id),
    });
  };
}
