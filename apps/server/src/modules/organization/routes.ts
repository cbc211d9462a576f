import fastifyMultipart from '@fastify/multipart';
import {
  ERROR_CODES,
  LOGO_MAX_BYTES,
  MANAGER_ROLES,
  ORGANIZATION_MESSAGES as M,
  organizationEndpoints as endpoints,
} from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../http/errors';
import { routeOf } from '../../http/route';
import { logoFile, organizationOf, removeLogo, uploadLogo } from './service';

/** The one file of an upload (field `logo`), whole, or a Spanish 400/413 — never a 500. */
async function uploadedLogo(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(M.noFile, 'logo');
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'logo') throw badRequest(M.noFile, 'logo');
    return await part.toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, ERROR_CODES.tooLarge, M.tooLarge);
    }
    // A body the parser can't read (no boundary, cut short, too many parts): the person's upload.
    throw badRequest(M.incomplete, 'logo');
  }
}

/** The organisation's papers (decision 058): HTTP only; rules and audit live in service.ts. */
export function organizationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Here only: no other route takes multipart bodies.
    await app.register(fastifyMultipart, {
      limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 },
      throwFileSizeLimit: true,
    });

    app.route({
      ...routeOf(endpoints.get),
      config: { access: MANAGER_ROLES },
      handler: () => organizationOf(ctx.db, ctx.config.organizationName),
    });

    app.route({
      ...routeOf(endpoints.logo),
      config: { access: MANAGER_ROLES },
      handler: async (_request, reply) => {
        const logo = await logoFile(ctx.db);
        return reply.type(logo.mediaType).header('cache-control', 'private, no-cache').send(logo.image);
      },
    });

    app.route({
      ...routeOf(endpoints.uploadLogo),
      config: { access: ['admin'] },
      handler: async (request) => {
        await uploadLogo(ctx.db, await uploadedLogo(request), actorOf(request));
        return organizationOf(ctx.db, ctx.config.organizationName);
      },
    });

    app.route({
      ...routeOf(endpoints.removeLogo),
      config: { access: ['admin'] },
      handler: async (request, reply) => {
        await removeLogo(ctx.db, actorOf(request));
        return reply.status(204).send(null);
      },
    });
  };
}
