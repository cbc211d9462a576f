import { ERROR_CODES, publicUserSchema, setupRequestSchema, setupStatusSchema } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { clearAttempts, releaseAttempt, reserveAttempt, type LockRule } from '../auth/attempt-throttle';
import { completeSetup, needsSetup, type SetupOutcome } from './service';

export const SETUP_MESSAGES = {
  done: 'La configuración inicial ya se completó.',
  badToken: 'El enlace de configuración no es válido o ya se usó.',
} as const;

export function setupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Per address, as the login's e-mail lock (decision 021): LOGIN_MAX_ATTEMPTS failed setup calls
  // within LOGIN_LOCK_MINUTES refuse that address for LOGIN_LOCK_MINUTES.
  const rule: LockRule = {
    maxAttempts: ctx.config.loginMaxAttempts,
    lockMinutes: ctx.config.loginLockMinutes,
  };
  const lockedMessage = `Demasiados intentos fallidos. Intente de nuevo en ${ctx.config.loginLockMinutes} minutos.`;
  const done = () => new AppError(409, ERROR_CODES.setupDone, SETUP_MESSAGES.done);

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
        // Done already (the usual case after the first day): one read, nothing written or hashed.
        if (!(await needsSetup(ctx.db))) throw done();
        const ip = request.ip;
        // Counted per address key (an IPv6 /64, a mapped IPv4 as IPv4); the row and the audit keep
        // the exact address.
        const subject = request.throttleAddress;
        const reservation = await reserveAttempt(ctx.db, 'setup', subject, ip, rule);
        if (reservation === null) throw new AppError(429, ERROR_CODES.tooManyAttempts, lockedMessage);
        let outcome: SetupOutcome;
        try {
          outcome = await completeSetup(ctx.db, request.body, ip);
        } catch (err) {
          await releaseAttempt(ctx.db, reservation).catch(() => undefined);
          throw err;
        }
        // A wrong token keeps its reservation: it is the failure's row.
        if (!outcome.ok) {
          throw outcome.reason === 'done'
            ? done()
            : new AppError(403, ERROR_CODES.forbidden, SETUP_MESSAGES.badToken);
        }
        await clearAttempts(ctx.db, 'setup', subject, reservation);
        return reply.status(201).send({ user: outcome.user });
      },
    );
  };
}
