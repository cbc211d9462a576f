import { MANAGER_ROLES, assignmentEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import {
  assignByReportsTo,
  bulkAssign,
  createAssignment,
  departments,
  listAssigned,
  listAvailablePage,
  removeAssignment,
} from './service';

const config = { access: MANAGER_ROLES };

/** Asignaciones (V1): HTTP only; rules, transactions and audit live in service.ts. */
export function assignmentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Any user: the service lets an evaluator read only their own list.
    app.route({
      ...routeOf(endpoints.assigned),
      config: { access: 'user' },
      handler: (request) => listAssigned(ctx.db, request.params.evaluatorId, actorOf(request)),
    });

    app.route({
      ...routeOf(endpoints.available),
      config,
      handler: (request) => listAvailablePage(ctx.db, request.params.evaluatorId, request.query),
    });

    app.route({
      ...routeOf(endpoints.departments),
      config,
      handler: () => departments(ctx.db),
    });

    app.route({
      ...routeOf(endpoints.bulk),
      config,
      handler: (request) => bulkAssign(ctx.db, request.body, actorOf(request)),
    });

    app.route({
      ...routeOf(endpoints.byReportsTo),
      config,
      handler: (request) => assignByReportsTo(ctx.db, request.body.evaluator_id, actorOf(request)),
    });

    app.route({
      ...routeOf(endpoints.create),
      config,
      handler: async (request, reply) =>
        reply.status(201).send(await createAssignment(ctx.db, request.body, actorOf(request))),
    });

    app.route({
      ...routeOf(endpoints.remove),
      config,
      handler: async (request, reply) => {
        await removeAssignment(ctx.db, request.params.id, actorOf(request));
        return reply.status(204).send(null);
      },
    });
  };
}
