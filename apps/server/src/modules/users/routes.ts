import { MANAGER_ROLES, userEndpoints, type UserDetail } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, currentUser, type Actor } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import { mailSettings, type MailSettings } from '../mail';
import type { Database } from '../../db/schema';
import {
  confirmUserEmail,
  createUser,
  listUsersPage,
  setUserStatus,
  updateUser,
  type UserFields,
} from './service';
import { getUserFor, type IsAssignedTo } from './viewer-service';
import { lookupUsers } from './lookup-service';

const managers = MANAGER_ROLES;

/**
 * What the users' routes ask of modules above them, given when the app is wired (app.ts): users is
 * below account-access and assignments (both read users), so it does not import them (decision 049).
 */
export interface UserRoutesDeps {
  /** POST /api/users with send_access_link: account-access creates the user and mails the link. */
  createUserWithAccessLink: (
    db: Kysely<Database>,
    mail: MailSettings,
    fields: UserFields,
    actor: Actor,
  ) => Promise<UserDetail>;
  /** GET /api/users/{id}: whether an evaluator has the collaborator assigned (assignments). */
  isAssignedTo: IsAssignedTo;
}

export function userRoutes(ctx: AppContext, deps: UserRoutesDeps): FastifyPluginAsyncZod {
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
      handler: async (request) =>
        getUserFor(ctx.db, currentUser(request), request.params.id, deps.isAssignedTo),
    });

    app.route({
      ...routeOf(userEndpoints.create),
      config: { access: managers },
      handler: async (request, reply) => {
        const { password, send_access_link, ...fields } = request.body;
        const actor = actorOf(request);
        const created = send_access_link
          ? await deps.createUserWithAccessLink(ctx.db, mail, fields, actor)
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
