import { AUDIT_DEFAULT_PAGE_SIZE, auditPageSchema, auditQuerySchema } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { pageBounds, paged } from '../../http/paging';
import { listAudit } from './repository';

/**
 * GET /api/audit: the audit log for administrators only (decision 019) — paged on the server
 * (?page=&pageSize=, 20 by default), filtered by ?user_id=&entity=&action=&from=&to=, newest first.
 */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/audit',
      {
        config: { access: ['admin'] },
        schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
      },
      async (request) => {
        const { page, pageSize, offset } = pageBounds(request.query, AUDIT_DEFAULT_PAGE_SIZE);
        const { rows, total } = await listAudit(ctx.db, request.query, { limit: pageSize, offset });
        return paged(rows, total, page, pageSize);
      },
    );
  };
}
