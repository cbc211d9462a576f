import { MANAGER_ROLES, usersImportEndpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import { mailSettings } from '../mail';
import { applyImport, previewImport } from './service';

/** Staff import from a CSV file (Gestión de Usuarios): preview, then apply. Admin and HR. */
export function usersImportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const mail = mailSettings(ctx.config);
  return async (app) => {
    app.route({
      ...routeOf(usersImportEndpoints.preview),
      config: { access: MANAGER_ROLES },
      handler: async (request) => previewImport(ctx.db, ctx.engine, request.body.csv, actorOf(request)),
    });

    app.route({
      ...routeOf(usersImportEndpoints.apply),
      config: { access: MANAGER_ROLES },
      handler: async (request) => applyImport(ctx.db, ctx.engine, request.body.csv, actorOf(request), mail),
    });
  };
}
