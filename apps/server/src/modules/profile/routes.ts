import { ERROR_CODES, changePasswordRequestSchema, profileSchema } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/access';
import { clearAuthCookies } from '../../auth/cookies';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { deleteSession, deleteUserSessions } from '../../auth/sessions';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import {
  clearAttempts,
  isAttemptLocked,
  releaseAttempt,
  reserveAttempt,
  type LockRule,
} from '../auth/attempt-throttle';
import { findUserById, updatePasswordHash } from '../users/repository';

export const WRONG_CURRENT_PASSWORD = 'La contraseña actual no es correcta.';

export const PASSWORD_CHANGE_MESSAGES = {
  locked: (minutes: number) =>
    `Demasiados intentos con una contraseña actual incorrecta. Intente de nuevo en ${minutes} minutos.`,
  sessionEnded: (minutes: number) =>
    'Demasiados intentos con una contraseña actual incorrecta. Por seguridad se cerró la sesión; ' +
    `podrá cambiar la contraseña de nuevo en ${minutes} minutos.`,
} as const;

export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Wrong current passwords per user, as the login's e-mail lock (decision 021): LOGIN_MAX_ATTEMPTS
  // within LOGIN_LOCK_MINUTES refuse that user's password changes for LOGIN_LOCK_MINUTES.
  const rule: LockRule = {
    maxAttempts: ctx.config.loginMaxAttempts,
    lockMinutes: ctx.config.loginLockMinutes,
  };
  const minutes = ctx.config.loginLockMinutes;

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
        const subject = String(me.id);
        // Reserved (counted as a failure) before the check: a stolen session cannot get more than
        // the limit checked, one after another or all at once.
        const reservation = await reserveAttempt(ctx.db, 'password', subject, request.ip, rule);
        if (reservation === null) {
          throw new AppError(429, ERROR_CODES.tooManyAttempts, PASSWORD_CHANGE_MESSAGES.locked(minutes));
        }
        // The new hash, or null when the current password is wrong.
        let hash: string | null;
        try {
          const row = await findUserById(ctx.db, me.id);
          if (!row) throw notFound();
          hash = (await verifyPassword(row.password_hash, request.body.currentPassword))
            ? await hashPassword(request.body.newPassword)
            : null;
        } catch (err) {
          // No answer about the password (gone, database down, argon2 busy): not a failure.
          await releaseAttempt(ctx.db, reservation).catch(() => undefined);
          throw err;
        }
        if (hash === null) {
          // The reservation stays: it is the failure's row. The failure that completes the lock also
          // ends the session that sent it: a stolen session gets LOGIN_MAX_ATTEMPTS guesses in all,
          // not as many every LOGIN_LOCK_MINUTES until it expires (decision 021).
          if (await isAttemptLocked(ctx.db, 'password', subject, rule)) {
            const session = request.session;
            if (session) {
              await ctx.db.transaction().execute(async (trx) => {
                await deleteSession(trx, session.id);
                await audit(trx, {
                  userId: me.id,
                  action: 'logout',
                  entity: 'user',
                  entityId: me.id,
                  after: { motivo: 'intentos de contraseña actual' },
                  ip: request.ip,
                });
              });
            }
            clearAuthCookies(reply, ctx.config);
            throw new AppError(
              429,
              ERROR_CODES.tooManyAttempts,
              PASSWORD_CHANGE_MESSAGES.sessionEnded(minutes),
            );
          }
          // 400, not 401: a 401 means "your session is gone" to the client.
          throw new AppError(400, ERROR_CODES.wrongPassword, WRONG_CURRENT_PASSWORD, [
            { field: 'body.currentPassword', message: WRONG_CURRENT_PASSWORD },
          ]);
        }
        const newHash = hash;
        await ctx.db.transaction().execute(async (trx) => {
          await updatePasswordHash(trx, me.id, newHash);
          // Whoever else holds a session of this account loses it; this one stays.
          await deleteUserSessions(trx, me.id, request.session?.id);
          await clearAttempts(trx, 'password', subject, reservation);
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
