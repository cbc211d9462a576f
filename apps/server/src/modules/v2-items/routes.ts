import {
  MANAGER_ROLES,
  V2_EVALUATION_MESSAGES,
  idParamsSchema,
  v2ItemListSchema,
  v2ItemsPutSchema,
} from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, currentUser } from '../../auth/access';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../http/errors';
import { ratesInEvaluation } from '../v2-answers/repository';
import { listItems } from './repository';
import { replaceItems } from './service';

const access = MANAGER_ROLES;

export function v2ItemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/evaluations-v2/:id/items',
      // Managers read any evaluation's items; a rater reads those of an evaluation (not a draft) in
      // which they have an assignment, to answer it.
      { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: v2ItemListSchema } } },
      async (request) => {
        const user = currentUser(request);
        const manager = (MANAGER_ROLES as readonly string[]).includes(user.role);
        if (!manager && !(await ratesInEvaluation(ctx.db, user.id, request.params.id))) throw forbidden();
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
