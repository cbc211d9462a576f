import { MANAGER_ROLES, v2SnapshotEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, currentUser } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import { createSnapshot, snapshotDetail, snapshotsOf } from './service';

const config = { access: MANAGER_ROLES };

/** Snapshots of a 360 evaluation's results: admin and gestionhumana. */
export function v2SnapshotRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.create),
      config,
      handler: async (request, reply) => {
        const { anonymityMinRaters } = ctx.config;
        const created = await createSnapshot(
          ctx.db,
          ctx.engine,
          request.params.id,
          request.body,
          actorOf(request),
          anonymityMinRaters,
        );
        return reply.status(201).send(created);
      },
    });

    app.route({
      ...routeOf(endpoints.list),
      config,
      handler: (request) => snapshotsOf(ctx.db, request.params.id),
    });

    app.route({
      ...routeOf(endpoints.get),
      config,
      handler: (request) =>
        snapshotDetail(
          ctx.db,
          request.params.id,
          request.params.snapshotId,
          currentUser(request).role === 'admin',
        ),
    });
  };
}
