import { MANAGER_ROLES, v2InsightEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/access';
import type { AppContext } from '../../context';
import { EXPORT_TYPES } from '../../exports/spreadsheet';
import { attachment, fileSlug } from '../../http/download';
import { routeOf } from '../../http/route';
import { insightWorkbook } from './exports';
import { buildInsight, type InsightViewer } from './service';

/** Análisis 360 of an evaluation (admin and gestionhumana), and its workbook. */
export function v2InsightRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const viewerOf = (role: string): InsightViewer => ({
    fullView: role === 'admin',
    minRaters: ctx.config.anonymityMinRaters,
  });
  return async (app) => {
    app.route({
      ...routeOf(endpoints.insight),
      config: { access: MANAGER_ROLES },
      handler: (request) => buildInsight(ctx.db, request.params.id, viewerOf(currentUser(request).role)),
    });

    app.route({
      ...routeOf(endpoints.insightXlsx),
      config: { access: MANAGER_ROLES },
      handler: async (request, reply) => {
        const insight = await buildInsight(ctx.db, request.params.id, viewerOf(currentUser(request).role));
        const body = await insightWorkbook(insight);
        return reply
          .type(EXPORT_TYPES.xlsx)
          .header('content-disposition', attachment(`analisis-360-${fileSlug(insight.evaluation.name)}.xlsx`))
          .send(body);
      },
    });
  };
}
