import {
  MANAGER_ROLES,
  categoryIdParamsSchema,
  evaluationInputSchema,
  evaluationSchema,
  idParamsSchema,
} from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, currentUser } from '../../auth/access';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../http/errors';
import {
  evaluatorHasCategory,
  findEvaluation,
  findEvaluationForCategory,
  listEvaluations,
} from './repository';
import { EVALUATION_MESSAGES, createEvaluation, deleteEvaluation, updateEvaluation } from './service';

const managers = MANAGER_ROLES;

export function evaluationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/evaluations',
      { config: { access: managers }, schema: { response: { 200: z.array(evaluationSchema) } } },
      async () => listEvaluations(ctx.db),
    );

    app.get(
      '/api/evaluations/by-category/:categoryId',
      {
        config: { access: ['admin', 'gestionhumana', 'evaluador'] },
        schema: { params: categoryIdParamsSchema, response: { 200: evaluationSchema } },
      },
      async (request) => {
        const me = currentUser(request);
        const { categoryId } = request.params;
        if (me.role === 'evaluador' && !(await evaluatorHasCategory(ctx.db, me.id, categoryId)))
          throw forbidden();
        const evaluation = await findEvaluationForCategory(ctx.db, categoryId);
        if (!evaluation) throw notFound(EVALUATION_MESSAGES.noneForCategory);
        return evaluation;
      },
    );

    app.get(
      '/api/evaluations/:id',
      {
        config: { access: managers },
        schema: { params: idParamsSchema, response: { 200: evaluationSchema } },
      },
      async (request) => {
        const evaluation = await findEvaluation(ctx.db, request.params.id);
        if (!evaluation) throw notFound(EVALUATION_MESSAGES.notFound);
        return evaluation;
      },
    );

    app.post(
      '/api/evaluations',
      {
        config: { access: managers },
        schema: { body: evaluationInputSchema, response: { 201: evaluationSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await createEvaluation(ctx.db, request.body, actorOf(request))),
    );

    app.put(
      '/api/evaluations/:id',
      {
        config: { access: managers },
        schema: { params: idParamsSchema, body: evaluationInputSchema, response: { 200: evaluationSchema } },
      },
      async (request) => updateEvaluation(ctx.db, request.params.id, request.body, actorOf(request)),
    );

    app.delete(
      '/api/evaluations/:id',
      { config: { access: managers }, schema: { params: idParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        await deleteEvaluation(ctx.db, request.params.id, actorOf(request));
        return reply.status(204).send(null);
      },
    );
  };
}
