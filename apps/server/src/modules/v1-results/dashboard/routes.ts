import { MANAGER_ROLES, dashboardEndpoints as endpoints, dayIn } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { routeOf } from '../../../http/route';
import { metrics } from './service';

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.metrics),
      config: { access: MANAGER_ROLES },
      handler: () => metrics(ctx.db, dayIn(ctx.config.timeZone)),
    });
  };
}
