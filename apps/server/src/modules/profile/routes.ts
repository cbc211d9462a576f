import { ERROR_CODES, changePasswordRequestSchema, profileSchema } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/access';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { deleteUserSessions } from '../../auth/sessions';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { findUserById, updatePasswordHash } from '../users/repository';

export const WRONG_CURRENT_PASSWORD = 'La contraseña actual no es correcta.';

export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/profile',
      { config: { access: 'user' }, schema: { response: { 200: profileSchema } } },
      async (request) => {
        const row = await findUserById(ctx.db, currentUser(request).id);
        if (!row) throw notFound();
        return { name: row.name, email: row.email, department: row.department, position: row.position };
      },
    );

    app.post(
      '/api/profile/change-password',
      {
        config: { access: 'user' },
        schema: { body: changePasswordRequestSchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        const me = currentUser(request);
        const row = await findUserById(ctx.db, me.id);
        if (!row) throw notFound();
        if (!(await verifyPassword(row.password_hash, request.body.currentPassword))) {
          // 400, not 401: a 401 means "your session is gone" to the client.
          throw new AppError(400, ERROR_CODES.wrongPassword, WRONG_CURRENT_PASSWORD, [
            { field: 'body.currentPassword', message: WRONG_CURRENT_PASSWORD },
          ]);
        }
        const hash = await hashPassword(request.body.newPassword);
        await ctx.db.transaction().execute(async (trx) => {
          await updatePasswordHash(trx, me.id, hash);
          // Whoever else holds a session of this account loses it; this one stays.
          await deleteUserSessions(trx, me.id, request.session?.id);
          await audit(trx, {
            userId: me.id,
            action: 'password_change',
            entity: 'user',
            entityId: me.id,
            ip: request.ip,
          });
        });
        return reply.status(204).send(null);
      },
    );
  };
}
