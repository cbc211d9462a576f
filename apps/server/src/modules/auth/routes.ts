import { authEndpoints } from '@evalua/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentSession } from '../../auth/access';
import { clearAuthCookies, setCsrfCookie, setSessionCookie } from '../../auth/cookies';
import { signedToken } from '../../auth/tokens';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import type { ThrottleLimits } from './login-throttle-service';
import { login, logout, me } from './service';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const limits: ThrottleLimits = {
    maxAttempts: ctx.config.loginMaxAttempts,
    lockMinutes: ctx.config.loginLockMinutes,
    maxFailuresPerAddress: ctx.config.loginMaxFailuresPerAddress,
  };

  return async (app) => {
    app.route({
      ...routeOf(authEndpoints.csrfToken),
      config: { access: 'public' },
      handler: async (request, reply) => {
        const csrfToken = request.session?.csrfToken ?? signedToken(ctx.sessionSecret);
        setCsrfCookie(reply, ctx.config, csrfToken);
        reply.header('cache-control', 'no-store');
        return { csrfToken };
      },
    });

    app.route({
      ...routeOf(authEndpoints.login),
      config: { access: 'public' },
      handler: async (request, reply) => {
        const origin = {
          ip: request.ip,
          throttleAddress: request.throttleAddress,
          sessionId: request.session?.id,
        };
        const { user, token, csrfToken } = await login(ctx.db, request.body, origin, limits);
        setSessionCookie(reply, ctx.config, token);
        setCsrfCookie(reply, ctx.config, csrfToken);
        return { user };
      },
    });

    const logoutHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      const session = request.session;
      if (session) await logout(ctx.db, { id: session.id, userId: session.user.id }, request.ip);
      clearAuthCookies(reply, ctx.config);
      return reply.status(204).send(null);
    };
    app.route({ ...routeOf(authEndpoints.logout), config: { access: 'public' }, handler: logoutHandler });
    // The same, at the address of the first version.
    app.route({
      ...routeOf(authEndpoints.usersLogout),
      config: { access: 'public' },
      handler: logoutHandler,
    });

    app.route({
      ...routeOf(authEndpoints.me),
      // The profile comes with the session lookup: one statement for the whole request.
      config: { access: 'user', sessionProfile: true },
      handler: async (request) => me(currentSession(request), ctx.config.supportEmail),
    });

    app.route({
      ...routeOf(authEndpoints.session),
      config: { access: 'public', sessionProfile: true },
      handler: async (request) => ({
        me: request.session ? me(request.session, ctx.config.supportEmail) : null,
      }),
    });
  };
}
