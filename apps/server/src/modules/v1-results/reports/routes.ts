import { MANAGER_ROLES, reportEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertSelfOrRoles } from '../../../auth/access';
import type { AppContext } from '../../../context';
import { EXPORT_TYPES } from '../../../exports/spreadsheet';
import { attachment } from '../../../http/download';
import { routeOf } from '../../../http/route';
import { buildFullReport, fullReportPdf, reportsPage, reportsSheet } from './service';

/** Reportes (V1): HTTP only; queries, figures and files are built in service.ts. */
export function reportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.list),
      config: { access: MANAGER_ROLES },
      handler: (request) => reportsPage(ctx.db, request.query),
    });

    app.route({
      ...routeOf(endpoints.full),
      config: { access: 'user' },
      handler: (request) => {
        // admin, gestionhumana, or the person the report is about.
        const me = assertSelfOrRoles(request, request.params.userId, MANAGER_ROLES);
        const asPerson = me.id === request.params.userId;
        return buildFullReport(ctx.db, request.params.evaluationId, request.params.userId, asPerson);
      },
    });

    app.route({
      ...routeOf(endpoints.pdf),
      config: { access: 'user' },
      handler: async (request, reply) => {
        const me = assertSelfOrRoles(request, request.params.userId, MANAGER_ROLES);
        const asPerson = me.id === request.params.userId;
        const { pdf, name } = await fullReportPdf(
          ctx.db,
          request.params.evaluationId,
          request.params.userId,
          asPerson,
          ctx.config.organizationName,
        );
        return reply.type('application/pdf').header('content-disposition', attachment(name)).send(pdf);
      },
    });

    app.route({
      ...routeOf(endpoints.export),
      config: { access: MANAGER_ROLES },
      handler: async (request, reply) => {
        const { format, q } = request.query;
        const file = await reportsSheet(ctx.db, format, q);
        return reply
          .type(EXPORT_TYPES[format])
          .header('content-disposition', attachment(`reportes.${format}`))
          .send(file);
      },
    });
  };
}
