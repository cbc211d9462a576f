import { MANAGER_ROLES, v1ReleaseEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import { mailSettings } from '../mail';
import { getPersonRound, releaseResults, reopenSubmission } from './service';

/** Releasing and correcting V1 results (decision 050): HTTP only; the rules live in service.ts. */
export function v1ReleaseRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const mail = mailSettings(ctx.config);
  return async (app) => {
    app.route({
      ...routeOf(endpoints.release),
      config: { access: MANAGER_ROLES },
      handler: (request) =>
        releaseResults(ctx.db, ctx.engine, mail, request.params.id, request.body, actorOf(request)),
    });
    app.route({
      ...routeOf(endpoints.reopen),
      // The submission's own evaluator, or admin and HR (checked in the service).
      config: { access: ['admin', 'gestionhumana', 'evaluador'] },
      handler: (request) =>
        reopenSubmission(ctx.db, ctx.engine, request.params.id, request.body, actorOf(request)),
    });
    app.route({
      ...routeOf(endpoints.person),
      config: { access: MANAGER_ROLES },
      handler: (request) => getPersonRound(ctx.db, request.params.id, request.params.userId),
    });
  };
}
