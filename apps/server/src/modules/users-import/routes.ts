import {
  MANAGER_ROLES,
  usersImportPreviewSchema,
  usersImportRequestSchema,
  usersImportResultSchema,
} from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { applyImport, previewImport } from './service';

/** Staff import from a CSV file (Gestión de Usuarios): preview, then apply. Admin and HR. */
export function usersImportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/users/import/preview',
      {
        config: { access: MANAGER_ROLES },
        schema: { body: usersImportRequestSchema, response: { 200: usersImportPreviewSchema } },
      },
      async (request) => previewImport(ctx.db, ctx.engine, request.body.csv, actorOf(request)),
    );

    app.post(
      '/api/users/import/apply',
      {
        config: { access: MANAGER_ROLES },
        schema: { body: usersImportRequestSchema, response: { 200: usersImportResultSchema } },
      },
      async (request) => applyImport(ctx.db, ctx.engine, request.body.csv, actorOf(request)),
    );
  };
}
