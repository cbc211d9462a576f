import {
  MANAGER_ROLES,
  createEvaluatorSchema,
  evaluatorSchema,
  idParamsSchema,
  pageQuerySchema,
  pagedSchema,
  updateEvaluatorSchema,
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
const ROLE = 'evaluador' as const;
const toEvaluator = (u: { id: number; name: string; email: string | null }) => ({
  id: u.id,
  name: u.name,
  email: u.email,
});

/** /api/evaluators: the active users with role evaluador. DELETE deactivates (results are kept). */
export function evaluatorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/evaluators',
      {
        config: { access: managers },
        schema: {
          querystring: pageQuerySchema,
          response: { 200: z.union([z.array(evaluatorSchema), pagedSchema(evaluatorSchema)]) },
        },
      },
      async (request) => {
        const filter = { role: ROLE, activeOnly: true, q: request.query.q };
        if (!wantsPage(request.query)) return (await listUsers(ctx.db, filter)).rows.map(toEvaluator);
        const { page, pageSize, offset } = pageBounds(request.query);
        const { rows, total } = await listUsers(ctx.db, filter, { limit: pageSize, offset });
        return paged(rows.map(toEvaluator), total, page, pageSize);
      },
    );

    app.get(
      '/api/evaluators/:id',
      {
        config: { access: managers },
        schema: { params: idParamsSchema, response: { 200: evaluatorSchema } },
      },
      async (request) => {
        const row = await findUserById(ctx.db, request.params.id);
        if (!row || row.role !== ROLE) throw notFound(USER_MESSAGES.notFound);
        return toEvaluator(row);
      },
    );

    app.post(
      '/api/evaluators',
      {
        config: { access: managers },
        schema: { body: createEvaluatorSchema, response: { 201: evaluatorSchema } },
      },
      async (request, reply) => {
        const { name, email, password } = request.body;
        const fields = { name, email, role: ROLE, position: null, department: null, category_id: null };
        return reply
          .status(201)
          .send(toEvaluator(await createUser(ctx.db, fields, password, actorOf(request))));
      },
    );

    app.put(
      '/api/evaluators/:id',
      {
        config: { access: managers },
        schema: { params: idParamsSchema, body: updateEvaluatorSchema, response: { 200: evaluatorSchema } },
      },
      async (request) => {
        const { name, email, password } = request.body;
        const fields = await mergedFields(ctx.db, request.params.id, ROLE, { name, email });
        return toEvaluator(
          await updateUser(ctx.db, ctx.engine, request.params.id, fields, password, actorOf(request), [ROLE]),
        );
      },
    );

    app.delete(
      '/api/evaluators/:id',
      { config: { access: managers }, schema: { params: idParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        await setUserStatus(ctx.db, ctx.engine, request.params.id, false, actorOf(request), [ROLE]);
        return reply.status(204).send(null);
      },
    );
  };
}
