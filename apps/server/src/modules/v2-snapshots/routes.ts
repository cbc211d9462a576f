import {
  MANAGER_ROLES,
  idParamsSchema,
  v2SnapshotCreateSchema,
  v2SnapshotCreatedSchema,
  v2SnapshotDetailSchema,
  v2SnapshotListSchema,
  v2SnapshotParamsSchema,
} from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, currentUser } from '../../auth/access';
import type { AppContext } from '../../context';
import { createSnapshot, snapshotDetail, snapshotsOf } from './service';

const access = MANAGER_ROLES;

/** Snapshots of a 360 evaluation's results: admin and gestionhumana. */
export function v2SnapshotRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/evaluations-v2/:id/snapshot',
      {
        config: { access },
        schema: {
          params: idParamsSchema,
          body: v2SnapshotCreateSchema,
          response: { 201: v2SnapshotCreatedSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await createSnapshot(
              ctx.db,
              ctx.engine,
              request.params.id,
              request.body,
              actorOf(request),
              ctx.config.anonymityMinRaters,
            ),
          ),
    );

    app.get(
      '/api/evaluations-v2/:id/snapshots',
      { config: { access }, schema: { params: idParamsSchema, response: { 200: v2SnapshotListSchema } } },
      async (request) => snapshotsOf(ctx.db, request.params.id),
    );

    app.get(
      '/api/evaluations-v2/:id/snapshots/:snapshotId',
      {
        config: { access },
        schema: { params: v2SnapshotParamsSchema, response: { 200: v2SnapshotDetailSchema } },
      },
      async (request) =>
        snapshotDetail(
          ctx.db,
          request.params.id,
          request.params.snapshotId,
          currentUser(request).role === 'admin',
        ),
    );
  };
}
