import { MANAGER_ROLES, resultEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertSelfOrRoles } from '../../../auth/access';
import type { AppContext } from '../../../context';
import { routeOf } from '../../../http/route';
import { evaluatedBy, latestResult } from './service';

/** Resultados (V1): HTTP only; the rules live in service.ts. */
export function resultRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.evaluated),
      config: { access: ['admin', 'gestionhumana', 'evaluador'] },
      handler: (request) => {
        // An evaluator reads only their own submissions; admin and HR read anyone's.
        assertSelfOrRoles(request, request.params.evaluatorId, MANAGER_ROLES);
        return evaluatedBy(ctx.db, request.params.evaluatorId);
      },
    });

    app.route({
      ...routeOf(endpoints.latest),
      config: { access: 'user' },
      handler: (request) => {
        const me = assertSelfOrRoles(request, request.params.userId, MANAGER_ROLES);
        return latestResult(ctx.db, request.params.userId, me.id === request.params.userId);
      },
    });
  };
}
