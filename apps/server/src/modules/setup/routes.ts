import { ERROR_CODES, publicUserSchema, setupRequestSchema, setupStatusSchema } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { completeSetup, needsSetup } from './service';

export const SETUP_MESSAGES = {
  done: 'La configuración inicial ya se completó.',
  badToken: 'El enlace de configuración no es válido o ya se usó.',
} as const;

export function setupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/setup/status',
      { config: { access: 'public' }, schema: { response: { 200: setupStatusSchema } } },
      async () => ({ needsSetup: await needsSetup(ctx.db) }),
    );

    app.post(
      '/api/setup',
      {
        config: { access: 'public' },
        schema: { body: setupRequestSchema, response: { 201: z.object({ user: publicUserSchema }) } },
      },
      async (request, reply) => {
        const outcome = await completeSetup(ctx.db, request.body, request.ip);
        if (!outcome.ok) {
          throw outcome.reason === 'done'
            ? new AppError(409, ERROR_CODES.setupDone, SETUP_MESSAGES.done)
            : new AppError(403, ERROR_CODES.forbidden, SETUP_MESSAGES.badToken);
        }
        return reply.status(201).send({ user: outcome.user });
      },
    );
  };
}
