import { healthEndpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import { checkDatabase } from './service';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(healthEndpoints.check),
      config: { access: 'public' },
      handler: async (request, reply) => {
        try {
          await checkDatabase(ctx.db);
          // The overload guard (decision 029) lets health through so that it can say so.
          if (app.isUnderPressure()) {
            return reply
              .status(503)
              .header('retry-after', String(ctx.config.overloadRetryAfterSeconds))
              .send({ status: 'overloaded', db: 'ok' });
          }
          return { status: 'ok' as const, db: 'ok' as const };
        } catch (err) {
          request.log.error({ err }, 'health check: database unreachable');
          return reply.status(503).send({ status: 'error', db: 'error' });
        }
      },
    });
  };
}
