import {
  MANAGER_ROLES,
  V2_ASSIGNMENT_MESSAGES as M,
  evaluateeParamsSchema,
  evaluationIdParamsSchema,
  pageQuerySchema,
  pagedSchema,
  v2AssignmentListSchema,
  v2AssignmentRowSchema,
  v2BulkAssignSchema,
  v2BulkResultSchema,
  v2EvaluateeChangeSchema,
  v2EvaluatorIdsSchema,
} from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { pageBounds, paged, wantsPage } from '../../http/paging';
import { listByEvaluation } from './repository';
import { bulkAssign, changeEvaluators, evaluatorsOfEvaluatee } from './service';

const access = MANAGER_ROLES;

export function v2AssignmentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/assignments-v2/bulk',
      { config: { access }, schema: { body: v2BulkAssignSchema, response: { 200: v2BulkResultSchema } } },
      async (request) =>
        bulkAssign(
          ctx.db,
          ctx.engine,
          request.body.evaluation_id,
          request.body.assignments,
          actorOf(request),
          { allowMultipleManagers: request.body.allow_multiple_managers === true },
        ),
    );

    app.get(
      '/api/assignments-v2/by-evaluation/:evaluationId',
      {
        config: { access },
        schema: {
          params: evaluationIdParamsSchema,
          querystring: pageQuerySchema,
          // The paged shape first: {rows} alone would strip total/page/pageSize from a paged answer.
          response: { 200: z.union([pagedSchema(v2AssignmentRowSchema), v2AssignmentListSchema]) },
        },
      },
      async (request) => {
        const { evaluationId } = request.params;
        const exists = await ctx.db
          .selectFrom('v2_evaluations')
          .select('id')
          .where('id', '=', evaluationId)
          .executeTakeFirst();
        if (!exists) throw notFound(M.evaluationMissing);
        if (!wantsPage(request.query)) return { rows: (await listByEvaluation(ctx.db, evaluationId)).rows };
        const { page, pageSize, offset } = pageBounds(request.query);
        const { rows, total } = await listByEvaluation(ctx.db, evaluationId, {
          q: request.query.q,
          limit: pageSize,
          offset,
        });
        return paged(rows, total, page, pageSize);
      },
    );

    app.get(
      '/api/evaluations-v2/:evaluationId/assignments/evaluatee/:userId',
      {
        config: { access },
        schema: { params: evaluateeParamsSchema, response: { 200: v2EvaluatorIdsSchema } },
      },
      async (request) => evaluatorsOfEvaluatee(ctx.db, request.params.evaluationId, request.params.userId),
    );

    app.post(
      '/api/evaluations-v2/:evaluationId/assignments/evaluatee/:userId',
      {
        config: { access },
        schema: {
          params: evaluateeParamsSchema,
          body: v2EvaluateeChangeSchema,
          response: { 200: v2EvaluatorIdsSchema },
        },
      },
      async (request) =>
        changeEvaluators(
          ctx.db,
          ctx.engine,
          request.params.evaluationId,
          request.params.userId,
          request.body,
          actorOf(request),
        ),
    );
  };
}
