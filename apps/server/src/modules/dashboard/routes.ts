import { MANAGER_ROLES, dashboardMetricsSchema } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { dashboardMetrics } from './repository';

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/dashboard/metrics',
      { config: { access: MANAGER_ROLES }, schema: { response: { 200: dashboardMetricsSchema } } },
      async () => dashboardMetrics(ctx.db),
    );
  };
}
