import { auditEndpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import { auditPage } from './service';

/**
 * GET /api/audit: the audit log for administrators only (decision 019) — paged on the server
 * (?page=&pageSize=, 20 by default), filtered by ?user_id=&entity=&action=&from=&to=, newest first.
 */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(auditEndpoints.list),
      config: { access: ['admin'] },
      handler: async (request) => auditPage(ctx.db, request.query),
    });
  };
}
