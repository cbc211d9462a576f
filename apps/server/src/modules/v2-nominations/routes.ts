import { MANAGER_ROLES, v2NominationEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import {
  addParticipants,
  approveNomination,
  configureNominations,
  fillManagers,
  findPeople,
  getNomination,
  myNominations,
  nominationOverview,
  removeParticipant,
  saveNomination,
} from './service';

const managers = { access: MANAGER_ROLES };
const anyUser = { access: 'user' } as const;

/** 'Reporta a' in assignments and 360 nominations (decision 036): HTTP only. */
export function v2NominationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.fillManagers),
      config: managers,
      handler: (request) => fillManagers(ctx.db, ctx.engine, request.params.evaluationId, actorOf(request)),
    });
    app.route({
      ...routeOf(endpoints.overview),
      config: managers,
      handler: (request) => nominationOverview(ctx.db, request.params.evaluationId),
    });
    app.route({
      ...routeOf(endpoints.configure),
      config: managers,
      handler: (request) =>
        configureNominations(ctx.db, ctx.engine, request.params.evaluationId, request.body, actorOf(request)),
    });
    app.route({
      ...routeOf(endpoints.addParticipants),
      config: managers,
      handler: (request) =>
        addParticipants(ctx.db, ctx.engine, request.params.evaluationId, request.body, actorOf(request)),
    });
    app.route({
      ...routeOf(endpoints.removeParticipant),
      config: managers,
      handler: async (request, reply) => {
        await removeParticipant(
          ctx.db,
          ctx.engine,
          request.params.evaluationId,
          request.params.userId,
          actorOf(request),
        );
        return reply.status(204).send(null);
      },
    });
    app.route({
      ...routeOf(endpoints.people),
      config: anyUser,
      handler: (request) => findPeople(ctx.db, request.query.q),
    });
    app.route({
      ...routeOf(endpoints.mine),
      config: anyUser,
      handler: (request) => myNominations(ctx.db, actorOf(request).userId),
    });
    app.route({
      ...routeOf(endpoints.get),
      config: anyUser,
      handler: (request) => getNomination(ctx.db, actorOf(request), request.params.id),
    });
    app.route({
      ...routeOf(endpoints.save),
      config: anyUser,
      handler: (request) =>
        saveNomination(ctx.db, ctx.engine, request.params.id, request.body, actorOf(request)),
    });
    app.route({
      ...routeOf(endpoints.approve),
      config: anyUser,
      handler: (request) =>
        approveNomination(ctx.db, ctx.engine, request.params.id, request.body, actorOf(request)),
    });
  };
}
