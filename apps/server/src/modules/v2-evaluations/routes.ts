import {
  MANAGER_ROLES,
  V2_EVALUATION_MESSAGES as M,
  idParamsSchema,
  pageQuerySchema,
  pagedSchema,
  v2EvaluationCreateSchema,
  v2EvaluationFromTemplateSchema,
  v2EvaluationListSchema,
  v2EvaluationPatchSchema,
  v2EvaluationSchema,
} from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { pageBounds, paged, wantsPage } from '../../http/paging';
import { findV2Evaluation, listV2Evaluations } from './repository';
import {
  createV2Evaluation,
  createV2EvaluationFromTemplate,
  deleteV2Evaluation,
  patchV2Evaluation,
} from './service';

const access = MANAGER_ROLES;

export function v2EvaluationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/evaluations-v2',
      {
        config: { access },
        schema: {
          querystring: pageQuerySchema,
          // The paged shape first: {rows} alone would strip total/page/pageSize from a paged answer.
          response: { 200: z.union([pagedSchema(v2EvaluationSchema), v2EvaluationListSchema]) },
        },
      },
      async (request) => {
        if (!wantsPage(request.query)) return { rows: (await listV2Evaluations(ctx.db)).rows };
        const { page, pageSize, offset } = pageBounds(request.query);
        const { rows, total } = await listV2Evaluations(ctx.db, {
          q: request.query.q,
          limit: pageSize,
          offset,
        });
        return paged(rows, total, page, pageSize);
      },
    );

    app.post(
      '/api/evaluations-v2',
      {
        config: { access },
        schema: { body: v2EvaluationCreateSchema, response: { 201: v2EvaluationSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await createV2Evaluation(ctx.db, request.body, actorOf(request))),
    );

    app.post(
      '/api/evaluations-v2/from-template',
      {
        config: { access },
        schema: { body: v2EvaluationFromTemplateSchema, response: { 201: v2EvaluationSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await createV2EvaluationFromTemplate(ctx.db, request.body, actorOf(request))),
    );

    app.get(
      '/api/evaluations-v2/:id',
      { config: { access }, schema: { params: idParamsSchema, response: { 200: v2EvaluationSchema } } },
      async (request) => {
        const row = await findV2Evaluation(ctx.db, request.params.id);
        if (!row) throw notFound(M.notFound);
        return row;
      },
    );

    app.patch(
      '/api/evaluations-v2/:id',
      {
        config: { access },
        schema: {
          params: idParamsSchema,
          body: v2EvaluationPatchSchema,
          response: { 200: v2EvaluationSchema },
        },
      },
      async (request) =>
        patchV2Evaluation(ctx.db, ctx.engine, request.params.id, request.body, actorOf(request)),
    );

    app.delete(
      '/api/evaluations-v2/:id',
      { config: { access }, schema: { params: idParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        await deleteV2Evaluation(ctx.db, ctx.engine, request.params.id, actorOf(request));
        return reply.status(204).send(null);
      },
    );
  };
}
