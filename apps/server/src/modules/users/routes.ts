import { MANAGER_ROLES, userEndpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, currentUser } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import { createUserWithAccessLink } from '../account-access/service';
import { mailSettings } from '../mail/service';
import { confirmUserEmail, createUser, listUsersPage, setUserStatus, updateUser } from './service';
import { getUserFor } from './viewer-service';
import { lookupUsers } from './lookup-service';

const managers = MANAGER_ROLES;

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const mail = mailSettings(ctx.config);
  return async (app) => {
    app.route({
      ...routeOf(userEndpoints.list),
      config: { access: managers },
      handler: async (request) => listUsersPage(ctx.db, request.query),
    });

    app.route({
      ...routeOf(userEndpoints.get),
      config: { access: 'user' },
      handler: async (request) => getUserFor(ctx.db, currentUser(request), request.params.id),
    });

    app.route({
      ...routeOf(userEndpoints.create),
      config: { access: managers },
      handler: async (request, reply) => {
        const { password, send_access_link, ...fields } = request.body;
        const actor = actorOf(request);
        const created = send_access_link
          ? await createUserWithAccessLink(ctx.db, mail, fields, actor)
          : await createUser(ctx.db, fields, password ?? null, actor);
        return reply.status(201).send(created);
      },
    });

    app.route({
      ...routeOf(userEndpoints.update),
      config: { access: managers },
      handler: async (request) => {
        const { password, ...fields } = request.body;
        return updateUser(ctx.db, ctx.engine, request.params.id, fields, password, actorOf(request));
      },
    });

    app.route({
      ...routeOf(userEndpoints.lookup),
      config: { access: managers },
      handler: async (request) => lookupUsers(ctx.db, request.body.ids),
    });

    app.route({
      ...routeOf(userEndpoints.confirmEmail),
      config: { access: ['admin'] },
      handler: async (request) =>
        confirmUserEmail(ctx.db, ctx.engine, request.params.id, request.body.email, actorOf(request)),
    });

    app.route({
      ...routeOf(userEndpoints.setStatus),
      config: { access: managers },
      handler: async (request) =>
        setUserStatus(ctx.db, ctx.engine, request.params.id, request.body?.status, actorOf(request)),
    });
  };
}
