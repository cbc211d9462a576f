import { MANAGER_ROLES, homeEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import { firstSteps, myPending } from './service';

/** The start page's own data: HTTP only. */
export function homeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.pending),
      config: { access: 'user' },
      handler: (request) => myPending(ctx.db, currentUser(request).id),
    });
    app.route({
      ...routeOf(endpoints.firstSteps),
      config: { access: MANAGER_ROLES },
      handler: () => firstSteps(ctx.db),
    });
  };
}
