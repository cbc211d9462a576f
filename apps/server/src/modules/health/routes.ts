import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context';

const healthSchema = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['ok', 'error']) });

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      { config: { access: 'public' }, schema: { response: { 200: healthSchema, 503: healthSchema } } },
      async (request, reply) => {
        try {
          await sql`select 1`.execute(ctx.db);
          return { status: 'ok' as const, db: 'ok' as const };
        } catch (err) {
          request.log.error({ err }, 'health check: database unreachable');
          return reply.status(503).send({ status: 'error', db: 'error' });
        }
      },
    );
  };
}
