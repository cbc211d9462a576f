import { MANAGER_ROLES, historyEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertSelfOrRoles } from '../../../auth/access';
import type { AppContext } from '../../../context';
import { routeOf } from '../../../http/route';
import { collaboratorsWithHistory, evaluationHistory } from './service';

/**
 * V1 history. These paths have more segments than /api/users/:id, and static segments win in
 * Fastify's router, so they never reach that route.
 */
export function historyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.collaborators),
      config: { access: MANAGER_ROLES },
      handler: (request) => collaboratorsWithHistory(ctx.db, request.query),
    });

    app.route({
      ...routeOf(endpoints.ofUser),
      config: { access: 'user' },
      handler: (request) => {
        const me = assertSelfOrRoles(request, request.params.userId, MANAGER_ROLES);
        return evaluationHistory(ctx.db, request.params.userId, me.id, me.id === request.params.userId);
      },
    });
  };
}
