import { setupEndpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import type { LockRule } from '../auth';
import { needsSetup, runSetup } from './service';

export function setupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Per address, as the login's e-mail lock (decision 021): LOGIN_MAX_ATTEMPTS failed setup calls
  // within LOGIN_LOCK_MINUTES refuse that address for LOGIN_LOCK_MINUTES.
  const rule: LockRule = {
    maxAttempts: ctx.config.loginMaxAttempts,
    lockMinutes: ctx.config.loginLockMinutes,
  };

  return async (app) => {
    app.route({
      ...routeOf(setupEndpoints.status),
      config: { access: 'public' },
      handler: async () => ({ needsSetup: await needsSetup(ctx.db) }),
    });

    app.route({
      ...routeOf(setupEndpoints.complete),
      config: { access: 'public' },
      handler: async (request, reply) => {
        const origin = { ip: request.ip, throttleAddress: request.throttleAddress };
        const user = await runSetup(ctx.db, request.body, origin, rule);
        return reply.status(201).send({ user });
      },
    });
  };
}
