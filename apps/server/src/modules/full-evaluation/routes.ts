import { fullSubmitResultSchema, fullSubmitSchema } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { submitFullEvaluation } from './service';

export function fullEvaluationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/full-evaluation/full-submit',
      {
        // gestionhumana and colaborador never submit V1 ratings.
        config: { access: ['admin', 'evaluador'] },
        schema: { body: fullSubmitSchema, response: { 201: fullSubmitResultSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await submitFullEvaluation(ctx.db, request.body, actorOf(request))),
    );
  };
}
