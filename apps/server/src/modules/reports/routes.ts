import {
  MANAGER_ROLES,
  fullReportParamsSchema,
  fullReportSchema,
  pageQuerySchema,
  pagedSchema,
  reportRowSchema,
} from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertSelfOrRoles } from '../../auth/access';
import type { AppContext } from '../../context';
import { pageBounds, paged, wantsPage } from '../../http/paging';
import { listReports } from './repository';
import { buildFullReport } from './service';

export function reportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/reports',
      {
        config: { access: MANAGER_ROLES },
        schema: {
          querystring: pageQuerySchema,
          response: { 200: z.union([z.array(reportRowSchema), pagedSchema(reportRowSchema)]) },
        },
      },
      async (request) => {
        if (!wantsPage(request.query)) return (await listReports(ctx.db)).rows;
        const { page, pageSize, offset } = pageBounds(request.query);
        const { rows, total } = await listReports(ctx.db, { q: request.query.q, limit: pageSize, offset });
        return paged(rows, total, page, pageSize);
      },
    );

    app.get(
      '/api/reports/full/:evaluationId/:userId',
      {
        config: { access: 'user' },
        schema: { params: fullReportParamsSchema, response: { 200: fullReportSchema } },
      },
      async (request) => {
        // admin, gestionhumana, or the person the report is about.
        assertSelfOrRoles(request, request.params.userId, MANAGER_ROLES);
        return buildFullReport(ctx.db, request.params.evaluationId, request.params.userId);
      },
    );
  };
}
