import { ACCESS_MESSAGES, MANAGER_ROLES, accessEndpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access';
import { setCsrfCookie, setSessionCookie } from '../../auth/cookies';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import { mailSettings } from '../mail';
import { activateAccount, requestPasswordReset, resetPassword, sendAccessLink } from './service';

/** Access links and password resets (decision 033): HTTP only. */
export function accountAccessRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const mail = mailSettings(ctx.config);

  return async (app) => {
    app.route({
      ...routeOf(accessEndpoints.accessLink),
      config: { access: MANAGER_ROLES },
      handler: async (request, reply) => {
        await sendAccessLink(ctx.db, ctx.engine, mail, request.params.id, actorOf(request));
        return reply.status(202).send({ message: ACCESS_MESSAGES.linkSent });
      },
    });

    app.route({
      ...routeOf(accessEndpoints.forgotPassword),
      config: { access: 'public' },
      handler: async (request, reply) => {
        const origin = { ip: request.ip, throttleAddress: request.throttleAddress };
        await requestPasswordReset(ctx.db, ctx.engine, mail, request.body.email, origin);
        return reply.status(202).send({ message: ACCESS_MESSAGES.resetRequested });
      },
    });

    app.route({
      ...routeOf(accessEndpoints.resetPassword),
      config: { access: 'public' },
      handler: async (request, reply) => {
        await resetPassword(ctx.db, ctx.engine, request.body, {
          ip: request.ip,
          sessionId: request.session?.id,
        });
        return reply.status(204).send(null);
      },
    });

    app.route({
      ...routeOf(accessEndpoints.activate),
      config: { access: 'public' },
      handler: async (request, reply) => {
        const origin = { ip: request.ip, sessionId: request.session?.id };
        const { token, csrfToken } = await activateAccount(ctx.db, ctx.engine, request.body, origin);
        setSessionCookie(reply, ctx.config, token);
        setCsrfCookie(reply, ctx.config, csrfToken);
        return reply.status(204).send(null);
      },
    });
  };
}
