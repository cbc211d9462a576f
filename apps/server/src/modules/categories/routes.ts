import {
  MANAGER_ROLES,
  categoryInputSchema,
  categoryListSchema,
  categorySchema,
  idParamsSchema,
  pageQuerySchema,
  pagedSchema,
} from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/access';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { pageBounds, paged, wantsPage } from '../../http/paging';
import { findCategory, listCategories } from './repository';
import { CATEGORY_MESSAGES, createCategory, removeCategory, renameCategory } from './service';

const access = MANAGER_ROLES;

export function categoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/categories',
      {
        config: { access },
        schema: {
          querystring: pageQuerySchema,
          response: { 200: z.union([categoryListSchema, pagedSchema(categorySchema)]) },
        },
      },
      async (request) => {
        if (!wantsPage(request.query)) return (await listCategories(ctx.db)).rows;
        const { page, pageSize, offset } = pageBounds(request.query);
        const { rows, total } = await listCategories(ctx.db, { q: request.query.q, limit: pageSize, offset });
        return paged(rows, total, page, pageSize);
      },
    );

    app.get(
      '/api/categories/:id',
      { config: { access }, schema: { params: idParamsSchema, response: { 200: categorySchema } } },
      async (request) => {
        const category = await findCategory(ctx.db, request.params.id);
        if (!category) throw notFound(CATEGORY_MESSAGES.notFound);
        return category;
      },
    );

    app.post(
      '/api/categories',
      { config: { access }, schema: { body: categoryInputSchema, response: { 201: categorySchema } } },
      async (request, reply) => {
        const actor = { userId: currentUser(request).id, ip: request.ip };
        return reply.status(201).send(await createCategory(ctx.db, request.body.name, actor));
      },
    );

    app.put(
      '/api/categories/:id',
      {
        config: { access },
        schema: { params: idParamsSchema, body: categoryInputSchema, response: { 200: categorySchema } },
      },
      async (request) => {
        const actor = { userId: currentUser(request).id, ip: request.ip };
        return renameCategory(ctx.db, request.params.id, request.body.name, actor);
      },
    );

    app.delete(
      '/api/categories/:id',
      { config: { access }, schema: { params: idParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        await removeCategory(ctx.db, request.params.id, { userId: currentUser(request).id, ip: request.ip });
        return reply.status(204).send(null);
      },
    );
  };
}
