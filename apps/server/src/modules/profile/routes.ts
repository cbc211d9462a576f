import { ERROR_CODES, profileEndpoints, PASSWORD_CHANGE_MESSAGES } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/access';
import { clearAuthCookies } from '../../auth/cookies';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { routeOf } from '../../http/route';
import type { LockRule } from '../auth';
import { changeOwnPassword, getProfile } from './service';

export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Wrong current passwords per user, as the login's e-mail lock (decision 021): LOGIN_MAX_ATTEMPTS
  // within LOGIN_LOCK_MINUTES refuse that user's password changes for LOGIN_LOCK_MINUTES.
  const rule: LockRule = {
    maxAttempts: ctx.config.loginMaxAttempts,
    lockMinutes: ctx.config.loginLockMinutes,
  };

  return async (app) => {
    app.route({
      ...routeOf(profileEndpoints.get),
      config: { access: 'user' },
      handler: async (request) => getProfile(ctx.db, currentUser(request).id),
    });

    app.route({
      ...routeOf(profileEndpoints.changePassword),
      config: { access: 'user' },
      handler: async (request, reply) => {
        const who = { userId: currentUser(request).id, sessionId: request.session?.id, ip: request.ip };
        if ((await changeOwnPassword(ctx.db, who, request.body, rule)) === 'session-ended') {
          clearAuthCookies(reply, ctx.config);
          throw new AppError(
            429,
            ERROR_CODES.tooManyAttempts,
            PASSWORD_CHANGE_MESSAGES.sessionEnded(rule.lockMinutes),
          );
        }
        return reply.status(204).send(null);
      },
    });
  };
}
