import {
  MANAGER_ROLES,
  evaluationHistoryRowSchema,
  historyCollaboratorSchema,
  pageQuerySchema,
  pagedSchema,
  userIdParamsSchema,
} from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertSelfOrRoles } from '../../auth/access';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { pageBounds, paged, wantsPage } from '../../http/paging';
import { findUserById } from '../users/repository';
import { USER_MESSAGES } from '../users/service';
import { listCollaboratorsWithHistory, listEvaluationHistory } from './repository';

/**
 * V1 history. These paths have more segments than /api/users/:id, and static segments win in
 * Fastify's router, so they never reach that route.
 */
export function historyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/users/collaborators/history',
      {
        config: { access: MANAGER_ROLES },
        schema: {
          querystring: pageQuerySchema,
          response: {
            200: z.union([z.array(historyCollaboratorSchema), pagedSchema(historyCollaboratorSchema)]),
          },
        },
      },
      async (request) => {
        if (!wantsPage(request.query)) return (await listCollaboratorsWithHistory(ctx.db)).rows;
        const { page, pageSize, offset } = pageBounds(request.query);
        const { rows, total } = await listCollaboratorsWithHistory(ctx.db, {
          q: request.query.q,
          limit: pageSize,
          offset,
        });
        return paged(rows, total, page, pageSize);
      },
    );

    app.get(
      '/api/users/evaluation-history/:userId',
      {
        config: { access: 'user' },
        schema: { params: userIdParamsSchema, response: { 200: z.array(evaluationHistoryRowSchema) } },
      },
      async (request) => {
        const { userId } = request.params;
        const me = assertSelfOrRoles(request, userId, MANAGER_ROLES);
        if (me.id !== userId && !(await findUserById(ctx.db, userId))) throw notFound(USER_MESSAGES.notFound);
        return listEvaluationHistory(ctx.db, userId);
      },
    );
  };
}
