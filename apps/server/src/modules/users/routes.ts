import {
  MANAGER_ROLES,
  createUserSchema,
  idParamsSchema,
  pagedSchema,
  publicUserSchema,
  updateUserSchema,
  userListRowSchema,
  userStatusSchema,
  usersQuerySchema,
} from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, currentUser } from '../../auth/access';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../http/errors';
import { pageBounds, paged, wantsPage } from '../../http/paging';
import { isAssignedTo } from '../assignments/repository';
import { findUserById, listUsers, toPublicUser } from './repository';
import { USER_MESSAGES, createUser, setUserStatus, updateUser } from './service';

const managers = MANAGER_ROLES;

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/users',
      {
        config: { access: managers },
        schema: {
          querystring: usersQuerySchema,
          response: { 200: z.union([z.array(userListRowSchema), pagedSchema(userListRowSchema)]) },
        },
      },
      async (request) => {
        const { q, role } = request.query;
        if (!wantsPage(request.query)) return (await listUsers(ctx.db, { role })).rows;
        const { page, pageSize, offset } = pageBounds(request.query);
        const { rows, total } = await listUsers(ctx.db, { q, role }, { limit: pageSize, offset });
        return paged(rows, total, page, pageSize);
      },
    );

    app.get(
      '/api/users/:id',
      { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: publicUserSchema } } },
      async (request) => {
        const me = currentUser(request);
        const id = request.params.id;
        const allowed =
          me.id === id ||
          (MANAGER_ROLES as readonly string[]).includes(me.role) ||
          (me.role === 'evaluador' && (await isAssignedTo(ctx.db, me.id, id)));
        if (!allowed) throw forbidden();
        const row = await findUserById(ctx.db, id);
        if (!row) throw notFound(USER_MESSAGES.notFound);
        return toPublicUser(row);
      },
    );

    app.post(
      '/api/users',
      {
        config: { access: managers },
        schema: { body: createUserSchema, response: { 201: publicUserSchema } },
      },
      async (request, reply) => {
        const { password, ...fields } = request.body;
        return reply.status(201).send(await createUser(ctx.db, fields, password, actorOf(request)));
      },
    );

    app.put(
      '/api/users/:id',
      {
        config: { access: managers },
        schema: { params: idParamsSchema, body: updateUserSchema, response: { 200: publicUserSchema } },
      },
      async (request) => {
        const { password, ...fields } = request.body;
        return updateUser(ctx.db, ctx.engine, request.params.id, fields, password, actorOf(request));
      },
    );

    app.patch(
      '/api/users/:id/status',
      {
        config: { access: managers },
        schema: { params: idParamsSchema, body: userStatusSchema, response: { 200: publicUserSchema } },
      },
      async (request) =>
        setUserStatus(ctx.db, ctx.engine, request.params.id, request.body?.status, actorOf(request)),
    );
  };
}
