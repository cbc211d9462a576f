import {
  ERROR_CODES,
  csrfResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
} from '@evalua/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearAuthCookies, setCsrfCookie, setSessionCookie } from '../../auth/cookies';
import { currentUser } from '../../auth/access';
import { verifyPassword } from '../../auth/passwords';
import { createSession, deleteSession } from '../../auth/sessions';
import { signedToken } from '../../auth/tokens';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { findUserByEmail, normalizeEmail, toPublicUser } from '../users/repository';
import { findMe } from './navigation-facts';
import {
  clearFailures,
  releaseLoginAttempt,
  reserveLoginAttempt,
  type ThrottleLimits,
} from './login-throttle';

export const LOGIN_MESSAGES = {
  invalid: 'Credenciales incorrectas.',
} as const;

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const limits: ThrottleLimits = {
    maxAttempts: ctx.config.loginMaxAttempts,
    lockMinutes: ctx.config.loginLockMinutes,
    maxFailuresPerAddress: ctx.config.loginMaxFailuresPerAddress,
  };
  const lockedMessage = `Demasiados intentos fallidos. Intente de nuevo en ${ctx.config.loginLockMinutes} minutos.`;
  const checkCredentials = async (email: string, password: string) => {
    const user = await findUserByEmail(ctx.db, email);
    return { user, passwordOk: await verifyPassword(user?.password_hash ?? null, password) };
  };

  return async (app) => {
    app.get(
      '/api/csrf-token',
      { config: { access: 'public' }, schema: { response: { 200: csrfResponseSchema } } },
      async (request, reply) => {
        const csrfToken = request.session?.csrfToken ?? signedToken(ctx.sessionSecret);
        setCsrfCookie(reply, ctx.config, csrfToken);
        reply.header('cache-control', 'no-store');
        return { csrfToken };
      },
    );

    app.post(
      '/api/users/login',
      {
        config: { access: 'public' },
        schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } },
      },
      async (request, reply) => {
        const email = normalizeEmail(request.body.email);
        const ip = request.ip;
        // The attempt is reserved (counted as a failure) before the password check, so that no
        // number of attempts at once gets more than the limit checked (decision 021). The address
        // limit counts the client's address key (an IPv6 /64, a mapped IPv4 as IPv4); the audit
        // keeps the exact address.
        const reservation = await reserveLoginAttempt(ctx.db, email, request.throttleAddress, limits);
        if (reservation === null) throw new AppError(429, ERROR_CODES.tooManyAttempts, lockedMessage);
        const { user, passwordOk } = await checkCredentials(email, request.body.password).catch(
          async (err: unknown) => {
            // No answer about the password was given (database down, argon2 busy): not a failure.
            await releaseLoginAttempt(ctx.db, reservation).catch(() => undefined);
            throw err;
          },
        );
        // A failure keeps its reservation: it is the failure's row.
        if (!user || !passwordOk || user.active !== 1) {
          throw new AppError(401, ERROR_CODES.invalidCredentials, LOGIN_MESSAGES.invalid);
        }
        // One transaction: the session exists only with its audit entry.
        const { token, csrfToken } = await ctx.db.transaction().execute(async (trx) => {
          await clearFailures(trx, email, reservation);
          // A new session id at every login: an id planted before login is worthless.
          if (request.session) await deleteSession(trx, request.session.id);
          const created = await createSession(trx, user.id);
          await audit(trx, { userId: user.id, action: 'login', entity: 'user', entityId: user.id, ip });
          return created;
        });
        setSessionCookie(reply, ctx.config, token);
        setCsrfCookie(reply, ctx.config, csrfToken);
        return { user: toPublicUser(user) };
      },
    );

    const logoutOptions = { config: { access: 'public' as const }, schema: { response: { 204: z.null() } } };
    const logout = async (request: FastifyRequest, reply: FastifyReply) => {
      const session = request.session;
      if (session) {
        const userId = session.user.id;
        await ctx.db.transaction().execute(async (trx) => {
          await deleteSession(trx, session.id);
          await audit(trx, { userId, action: 'logout', entity: 'user', entityId: userId, ip: request.ip });
        });
      }
      clearAuthCookies(reply, ctx.config);
      return reply.status(204).send(null);
    };
    app.post('/api/logout', logoutOptions, logout);
    app.post('/api/users/logout', logoutOptions, logout);

    app.get(
      '/api/users/me',
      { config: { access: 'user' }, schema: { response: { 200: meResponseSchema } } },
      async (request) => {
        const row = await findMe(ctx.db, currentUser(request).id);
        if (!row) throw notFound();
        return {
          ...toPublicUser(row),
          has_v2_assignments: row.has_v2_assignments,
          password_set_by_other: row.password_set_by_other === 1,
        };
      },
    );
  };
}
