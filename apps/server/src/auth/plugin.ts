import { ERROR_CODES, HTTP_MESSAGES } from '@evalua/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { accessGuard } from './access';
import { isApiPath } from '../http/api-path';
import { csrfCookieName, sessionCookieName } from './cookies';
import { findSession } from './sessions';
import { isSignedToken, safeEqual } from './tokens';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function csrfValid(request: FastifyRequest, secret: string, csrfCookie: string): boolean {
  const header = request.headers['x-csrf-token'];
  if (typeof header !== 'string' || header.length === 0 || header.length > 200) return false;
  if (request.session) return safeEqual(header, request.session.csrfToken);
  // Before login: the double-submit cookie, which must also be one this server minted.
  const cookie = request.cookies[csrfCookie];
  return typeof cookie === 'string' && safeEqual(header, cookie) && isSignedToken(header, secret);
}

/**
 * Sessions, access and CSRF for /api, in this order: load the session (onRequest), the route's
 * access guard (route onRequest: 401, then 403), CSRF on mutations (preValidation), then the body
 * is validated (400) and the handler runs.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('session', null);

  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const access = route.config?.access;
    if (access === undefined) {
      throw new Error(`La ruta ${String(route.method)} ${route.url} no declara config.access`);
    }
    const guard = accessGuard(access);
    const existing = route.onRequest;
    route.onRequest = existing ? [...(Array.isArray(existing) ? existing : [existing]), guard] : [guard];
  });

  const sessionCookie = sessionCookieName(ctx.config);
  const csrfCookie = csrfCookieName(ctx.config);

  app.addHook('onRequest', async (request) => {
    // Decided by the route that matched, never by the raw URL: '/%61pi/logout' is routed to
    // /api/logout and must meet the same hooks (decision 022). No route (404): no session needed.
    // The health check answers from the database's state alone: no session lookup (which would fail
    // first, with the generic error body, when the database is down and the caller sends a cookie).
    const route = request.routeOptions.url;
    if (route === undefined || !isApiPath(route) || route === '/api/health') return;
    const token = request.cookies[sessionCookie];
    if (typeof token === 'string' && token.length > 0 && token.length <= 100) {
      request.session =
        (await findSession(
          ctx.db,
          token,
          { idleMinutes: ctx.config.sessionIdleMinutes, absoluteHours: ctx.config.sessionAbsoluteHours },
          request.routeOptions.config.sessionProfile === true,
        )) ?? null;
    }
  });

  app.addHook('preValidation', async (request) => {
    // Every write to a route is checked, whatever its path or spelling; only a 404 is not (it
    // changes nothing and answers the same to anyone).
    if (!MUTATING.has(request.method) || request.is404) return;
    if (!csrfValid(request, ctx.sessionSecret, csrfCookie)) {
      throw new AppError(403, ERROR_CODES.csrf, HTTP_MESSAGES.csrf);
    }
  });
}
