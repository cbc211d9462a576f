import { MANAGER_ROLES, trainingEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { EXPORT_TYPES } from '../../../exports/spreadsheet';
import { attachment } from '../../../http/download';
import { routeOf } from '../../../http/route';
import { trainingReportOf, trainingSheet } from './service';

const config = { access: MANAGER_ROLES };

/** Reporte de Capacitación: HTTP only; the report and its spreadsheet are built in service.ts. */
export function trainingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({ ...routeOf(endpoints.report), config, handler: () => trainingReportOf(ctx.db) });

    app.route({
      ...routeOf(endpoints.export),
      config,
      handler: async (request, reply) => {
        const { format, q } = request.query;
        const file = await trainingSheet(ctx.db, format, q);
        return reply
          .type(EXPORT_TYPES[format])
          .header('content-disposition', attachment(`reporte-capacitacion.${format}`))
          .send(file);
      },
    });
  };
}
