import { MANAGER_ROLES, v2ResultEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/access';
import type { AppContext } from '../../context';
import { EXPORT_TYPES } from '../../exports/spreadsheet';
import { attachment } from '../../http/download';
import { routeOf } from '../../http/route';
import { buildResults, buildSummary, myV2Results, resultViewer, resultsFile, summaryViewer } from './service';

const FILE_TYPES = { pdf: 'application/pdf', xlsx: EXPORT_TYPES.xlsx } as const;

/** 360 results: one evaluatee's (managers, and the evaluatee once closed), and the summary. */
export function v2ResultRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const minRaters = ctx.config.anonymityMinRaters;
  return async (app) => {
    app.route({
      ...routeOf(endpoints.mine),
      config: { access: 'user' },
      handler: (request) => myV2Results(ctx.db, currentUser(request).id),
    });

    app.route({
      ...routeOf(endpoints.person),
      config: { access: 'user' },
      handler: async (request) => {
        const { id, userId } = request.params;
        return buildResults(
          ctx.db,
          id,
          userId,
          await resultViewer(ctx.db, currentUser(request), id, userId, minRaters),
        );
      },
    });

    /** The PDF and the spreadsheet of one evaluatee's results, under the same access as the results. */
    const sendFile =
      (format: 'pdf' | 'xlsx') =>
      async (request: FastifyRequest<{ Params: { id: number; userId: number } }>, reply: FastifyReply) => {
        const { id, userId } = request.params;
        const viewer = await resultViewer(ctx.db, currentUser(request), id, userId, minRaters);
        const file = await resultsFile(ctx.db, id, userId, viewer, format);
        return reply
          .type(FILE_TYPES[format])
          .header('content-disposition', attachment(file.name))
          .send(file.body);
      };
    app.route({ ...routeOf(endpoints.personPdf), config: { access: 'user' }, handler: sendFile('pdf') });
    app.route({ ...routeOf(endpoints.personXlsx), config: { access: 'user' }, handler: sendFile('xlsx') });

    app.route({
      ...routeOf(endpoints.summary),
      config: { access: MANAGER_ROLES },
      handler: (request) =>
        buildSummary(ctx.db, request.params.id, summaryViewer(currentUser(request).role, minRaters)),
    });
  };
}
