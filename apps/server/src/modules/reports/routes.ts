import {
  MANAGER_ROLES,
  exportQuerySchema,
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
import { attachment, fileSlug } from '../../http/download';
import { EXPORT_TYPES, toSpreadsheet } from '../../exports/spreadsheet';
import { renderReportPdf } from '../../pdf/report-pdf';
import { REPORT_COLUMNS } from './exports';
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

    app.get(
      '/api/reports/full/:evaluationId/:userId/pdf',
      { config: { access: 'user' }, schema: { params: fullReportParamsSchema } },
      async (request, reply) => {
        assertSelfOrRoles(request, request.params.userId, MANAGER_ROLES);
        const report = await buildFullReport(ctx.db, request.params.evaluationId, request.params.userId);
        const pdf = await renderReportPdf(report);
        const name = `reporte-${fileSlug(report.user_name)}-${fileSlug(report.evaluation_name)}.pdf`;
        return reply.type('application/pdf').header('content-disposition', attachment(name)).send(pdf);
      },
    );

    app.get(
      '/api/reports/export',
      { config: { access: MANAGER_ROLES }, schema: { querystring: exportQuerySchema } },
      async (request, reply) => {
        const { format, q } = request.query;
        const { rows } = await listReports(ctx.db, { q });
        const file = await toSpreadsheet(format, 'Reportes', REPORT_COLUMNS, rows);
        return reply
          .type(EXPORT_TYPES[format])
          .header('content-disposition', attachment(`reportes.${format}`))
          .send(file);
      },
    );
  };
}
