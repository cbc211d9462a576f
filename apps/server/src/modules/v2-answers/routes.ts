import { v2AnswerEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, currentUser } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import { myAssignments, submitV2Response } from './service';
import { declineV2Assignment, getDraft, saveDraft } from './drafts-service';

const config = { access: 'user' } as const;

/** Answering 360 evaluations: any logged-in user, for the assignments whose evaluator they are. */
export function v2AnswerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.mine),
      config,
      handler: (request) => myAssignments(ctx.db, currentUser(request).id),
    });

    app.route({
      ...routeOf(endpoints.submit),
      config,
      handler: async (request, reply) =>
        reply.status(201).send(await submitV2Response(ctx.db, ctx.engine, request.body, actorOf(request))),
    });

    // Drafts and declines (decision 034): the assignment's evaluator only.
    app.route({
      ...routeOf(endpoints.draft),
      config,
      handler: (request) => getDraft(ctx.db, request.params.assignmentId, actorOf(request)),
    });

    app.route({
      ...routeOf(endpoints.saveDraft),
      config,
      handler: (request) =>
        saveDraft(ctx.db, ctx.engine, request.params.assignmentId, request.body, actorOf(request)),
    });

    app.route({
      ...routeOf(endpoints.decline),
      config,
      handler: (request) => declineV2Assignment(ctx.db, ctx.engine, request.body, actorOf(request)),
    });
  };
}
