import { MANAGER_ROLES, collaboratorEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import {
  createCollaborator,
  deactivateStaff,
  getCollaborator,
  listCollaborators,
  updateCollaborator,
} from './service';

const config = { access: MANAGER_ROLES };

/** /api/collaborators: the active users with role colaborador. HTTP only; the rules live in service.ts. */
export function collaboratorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.list),
      config,
      handler: (request) => listCollaborators(ctx.db, request.query),
    });

    app.route({
      ...routeOf(endpoints.get),
      config,
      handler: (request) => getCollaborator(ctx.db, request.params.id),
    });

    app.route({
      ...routeOf(endpoints.create),
      config,
      handler: async (request, reply) =>
        reply.status(201).send(await createCollaborator(ctx.db, request.body, actorOf(request))),
    });

    app.route({
      ...routeOf(endpoints.update),
      config,
      handler: (request) =>
        updateCollaborator(ctx.db, ctx.engine, request.params.id, request.body, actorOf(request)),
    });

    app.route({
      ...routeOf(endpoints.remove),
      config,
      handler: async (request, reply) => {
        await deactivateStaff(ctx.db, ctx.engine, request.params.id, 'colaborador', actorOf(request));
        return reply.status(204).send(null);
      },
    });
  };
}
