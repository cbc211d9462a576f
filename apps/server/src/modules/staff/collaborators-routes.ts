import {
  MANAGER_ROLES,
  collaboratorInputSchema,
  collaboratorSchema,
  idParamsSchema,
  pageQuerySchema,
  pagedSchema,
  type Collaborator,
} from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { pageBounds, paged, wantsPage } from '../../http/paging';
import { findUserById, listUsers } from '../users/repository';
import { USER_MESSAGES, createUser, setUserStatus, updateUser } from '../users/service';
import { mergedFields } from './service';

const managers = MANAGER_ROLES;
const ROLE = 'colaborador' as const;
const toCollaborator = (u: Collaborator): Collaborator => ({
  id: u.id,
  name: u.name,
  position: u.position,
  department: u.department,
  email: u.email,
  category_id: u.category_id,
});

/**
 * /api/collaborators: the active users with role colaborador. Created without a password: they
 * cannot log in until one is set (Gestión de Usuarios). DELETE deactivates.
 */
export function collaboratorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/collaborators',
      {
        config: { access: managers },
        schema: {
          querystring: pageQuerySchema,
          response: { 200: z.union([z.array(collaboratorSchema), pagedSchema(collaboratorSchema)]) },
        },
      },
      async (request) => {
        const filter = { role: ROLE, activeOnly: true, q: request.query.q };
        if (!wantsPage(request.query)) return (await listUsers(ctx.db, filter)).rows.map(toCollaborator);
        const { page, pageSize, offset } = pageBounds(request.query);
        const { rows, total } = await listUsers(ctx.db, filter, { limit: pageSize, offset });
        return paged(rows.map(toCollaborator), total, page, pageSize);
      },
    );

    app.get(
      '/api/collaborators/:id',
      {
        config: { access: managers },
        schema: { params: idParamsSchema, response: { 200: collaboratorSchema } },
      },
      async (request) => {
        const row = await findUserById(ctx.db, request.params.id);
        if (!row || row.role !== ROLE) throw notFound(USER_MESSAGES.notFound);
        return toCollaborator(row);
      },
    );

    app.post(
      '/api/collaborators',
      {
        config: { access: managers },
        schema: { body: collaboratorInputSchema, response: { 201: collaboratorSchema } },
      },
      async (request, reply) => {
        const fields = { ...request.body, role: ROLE };
        return reply
          .status(201)
          .send(toCollaborator(await createUser(ctx.db, fields, null, actorOf(request))));
      },
    );

    app.put(
      '/api/collaborators/:id',
      {
        config: { access: managers },
        schema: {
          params: idParamsSchema,
          body: collaboratorInputSchema,
          response: { 200: collaboratorSchema },
        },
      },
      async (request) => {
        const fields = await mergedFields(ctx.db, request.params.id, ROLE, request.body);
        return toCollaborator(
          await updateUser(ctx.db, ctx.engine, request.params.id, fields, undefined, actorOf(request), [
            ROLE,
          ]),
        );
      },
    );

    app.delete(
      '/api/collaborators/:id',
      { config: { access: managers }, schema: { params: idParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        await setUserStatus(ctx.db, ctx.engine, request.params.id, false, actorOf(request), [ROLE]);
        return reply.status(204).send(null);
      },
    );
  };
}
