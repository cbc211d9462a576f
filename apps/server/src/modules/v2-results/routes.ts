import {
  MANAGER_ROLES,
  idParamsSchema,
  myV2ResultsSchema,
  v2ResultParamsSchema,
  v2ResultsSchema,
  v2SummarySchema,
} from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../auth/access';
import type { AppContext } from '../../context';
import { EXPORT_TYPES } from '../../exports/spreadsheet';
import { attachment, fileSlug } from '../../http/download';
import { forbidden } from '../../http/errors';
import { renderV2ResultsPdf } from '../../pdf/v2-results-pdf';
import { resultsWorkbook } from './exports';
import { myV2Results } from './mine';
import { buildResults, buildSummary, requireEvaluation, type ResultViewer } from './service';

/**
 * Who may read one evaluatee's results: admin (every group) and gestionhumana; the evaluatee
 * themself once the evaluation is closed; anyone else 403 — before anything is looked up.
 */
export function resultAccess(ctx: AppContext) {
  return async (request: FastifyRequest, evaluationId: number, userId: number): Promise<ResultViewer> => {
    const user = currentUser(request);
    const viewer = { fullView: user.role === 'admin', minRaters: ctx.config.anonymityMinRaters };
    if ((MANAGER_ROLES as readonly string[]).includes(user.role)) return viewer;
    if (user.id !== userId) throw forbidden();
    const evaluation = await requireEvaluation(ctx.db, evaluationId);
    if (evaluation.status !== 'closed') throw forbidden();
    return viewer;
  };
}

export function v2ResultRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const allowed = resultAccess(ctx);
  return async (app) => {
    app.get(
      '/api/evaluations-v2/results/mine',
      { config: { access: 'user' }, schema: { response: { 200: myV2ResultsSchema } } },
      async (request) => ({ rows: await myV2Results(ctx.db, currentUser(request).id) }),
    );

    app.get(
      '/api/evaluations-v2/:id/results/:userId',
      {
        config: { access: 'user' },
        schema: { params: v2ResultParamsSchema, response: { 200: v2ResultsSchema } },
      },
      async (request) => {
        const { id, userId } = request.params;
        return buildResults(ctx.db, id, userId, await allowed(request, id, userId));
      },
    );

    app.get(
      '/api/evaluations-v2/:id/results/:userId/pdf',
      { config: { access: 'user' }, schema: { params: v2ResultParamsSchema } },
      async (request, reply) => {
        const { id, userId } = request.params;
        const results = await buildResults(ctx.db, id, userId, await allowed(request, id, userId));
        const pdf = await renderV2ResultsPdf(results);
        const name = `resultados-360-${fileSlug(results.evaluatee.name)}-${fileSlug(results.evaluation.name)}.pdf`;
        return reply.type('application/pdf').header('content-disposition', attachment(name)).send(pdf);
      },
    );

    app.get(
      '/api/evaluations-v2/:id/results/:userId/xlsx',
      { config: { access: 'user' }, schema: { params: v2ResultParamsSchema } },
      async (request, reply) => {
        const { id, userId } = request.params;
        const results = await buildResults(ctx.db, id, userId, await allowed(request, id, userId));
        const file = await resultsWorkbook(results);
        const name = `resultados-360-${fileSlug(results.evaluatee.name)}-${fileSlug(results.evaluation.name)}.xlsx`;
        return reply.type(EXPORT_TYPES.xlsx).header('content-disposition', attachment(name)).send(file);
      },
    );

    app.get(
      '/api/evaluations-v2/:id/summary',
      {
        config: { access: MANAGER_ROLES },
        schema: { params: idParamsSchema, response: { 200: v2SummarySchema } },
      },
      async (request) =>
        buildSummary(ctx.db, request.params.id, {
          fullView: currentUser(request).role === 'admin',
          minRaters: ctx.config.anonymityMinRaters,
        }),
    );
  };
}
