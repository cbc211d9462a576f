import { fullEvaluationEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import { mailSettings } from '../mail';
import { submitFullEvaluation } from './service';

export function fullEvaluationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const mail = mailSettings(ctx.config);
  return async (app) => {
    app.route({
      ...routeOf(endpoints.submit),
      // gestionhumana and colaborador never submit V1 ratings.
      config: { access: ['admin', 'evaluador'] },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await submitFullEvaluation(ctx.db, ctx.engine, request.body, actorOf(request), mail)),
    });
  };
}
