import { MANAGER_ROLES, v2ReleaseEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, currentUser } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import { mailSettings } from '../mail';
import { getRelease, listReleasePeople, setPersonRelease, setRelease, teamResults } from './service';

const config = { access: MANAGER_ROLES };

/** Releasing 360 results (decision 038): HTTP only; rules, transactions and audit live in service.ts. */
export function v2ReleaseRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const mail = mailSettings(ctx.config);
  return async (app) => {
    app.route({
      ...routeOf(endpoints.get),
      config,
      handler: (request) => getRelease(ctx.db, request.params.id),
    });
    app.route({
      ...routeOf(endpoints.set),
      config,
      handler: (request) =>
        setRelease(ctx.db, ctx.engine, mail, request.params.id, request.body, actorOf(request)),
    });
    app.route({
      ...routeOf(endpoints.people),
      config,
      handler: (request) => listReleasePeople(ctx.db, request.params.id, request.query),
    });
    app.route({
      ...routeOf(endpoints.setPerson),
      config,
      handler: (request) =>
        setPersonRelease(
          ctx.db,
          ctx.engine,
          mail,
          request.params.id,
          request.params.userId,
          request.body,
          actorOf(request),
        ),
    });
    app.route({
      ...routeOf(endpoints.team),
      config: { access: 'user' },
      handler: (request) => teamResults(ctx.db, currentUser(request).id),
    });
  };
}
