import { v2MyAssignmentListSchema, v2SubmitResultSchema, v2SubmitSchema } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, currentUser } from '../../auth/access';
import type { AppContext } from '../../context';
import { listMyAssignments } from './repository';
import { submitV2Response } from './service';

/** Answering 360 evaluations: any logged-in user, for the assignments whose evaluator they are. */
export function v2AnswerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/evaluations-v2/assignments/mine',
      { config: { access: 'user' }, schema: { response: { 200: v2MyAssignmentListSchema } } },
      async (request) => ({ rows: await listMyAssignments(ctx.db, currentUser(request).id) }),
    );

    app.post(
      '/api/responses-v2/submit',
      {
        config: { access: 'user' },
        schema: { body: v2SubmitSchema, response: { 201: v2SubmitResultSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await submitV2Response(ctx.db, ctx.engine, request.body, actorOf(request))),
    );
  };
}
