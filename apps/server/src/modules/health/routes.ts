import { healthEndpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { STORE_FAULT_RETRY_AFTER_SECONDS } from '../../http/error-handler';
import { routeOf } from '../../http/route';
import { checkDatabase, storeTakesWrites } from './service';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(healthEndpoints.check),
      config: { access: 'public' },
      handler: async (request, reply) => {
        let writable: boolean;
        try {
          await checkDatabase(ctx.db);
          writable = await storeTakesWrites(ctx.db, ctx.engine);
        } catch (err) {
          request.log.error({ err }, 'health check: database unreachable');
          return reply.status(503).send({ status: 'error', db: 'error' });
        }
        // The database answers but cannot take writes: full or read-only (decision 044).
        if (!writable) {
          request.log.error('health check: the database cannot take writes (full or read-only)');
          return reply
            .status(503)
            .header('retry-after', String(STORE_FAULT_RETRY_AFTER_SECONDS))
            .send({ status: 'error', db: 'unwritable' });
        }
        // The overload guard (decision 029) lets health through so that it can say so.
        if (app.isUnderPressure()) {
          return reply
            .status(503)
            .header('retry-after', String(ctx.config.overloadRetryAfterSeconds))
            .send({ status: 'overloaded', db: 'ok' });
        }
        return { status: 'ok' as const, db: 'ok' as const };
      },
    });
  };
}
