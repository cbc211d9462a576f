import {
  MANAGER_ROLES,
  V2_EVALUATION_MESSAGES,
  idParamsSchema,
  v2ItemListSchema,
  v2ItemsPutSchema,
} from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { listItems } from './repository';
import { replaceItems } from './service';

const access = MANAGER_ROLES;

export function v2ItemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/evaluations-v2/:id/items',
      { config: { access }, schema: { params: idParamsSchema, response: { 200: v2ItemListSchema } } },
      async (request) => {
        const exists = await ctx.db
          .selectFrom('v2_evaluations')
          .select('id')
          .where('id', '=', request.params.id)
          .executeTakeFirst();
        if (!exists) throw notFound(V2_EVALUATION_MESSAGES.notFound);
        return { items: await listItems(ctx.db, request.params.id) };
      },
    );

    app.put(
      '/api/evaluations-v2/:id/items',
      {
        config: { access },
        schema: { params: idParamsSchema, body: v2ItemsPutSchema, response: { 200: v2ItemListSchema } },
      },
      async (request) => ({
        items: await replaceItems(
          ctx.db,
          ctx.engine,
          request.params.id,
          request.body.items,
          actorOf(request),
        ),
      }),
    );
  };
}
