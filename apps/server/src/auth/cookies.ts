import type { FastifyReply } from 'fastify';
import type { Config } from '../config';

/**
 * The cookie names. With COOKIE_SECURE=true they carry the `__Host-` prefix (decision 022): the
 * browser then accepts them only Secure, with Path=/ and without Domain, from this very host — a
 * sibling subdomain or a plain-HTTP answer cannot plant or overwrite them (session fixation, CSRF
 * cookie tossing). Over plain HTTP (development) a `__Host-` cookie would be refused, so the plain
 * names stay.
 */
export const SESSION_COOKIE = 'sid';
export const CSRF_COOKIE = '_csrf';
export const SECURE_SESSION_COOKIE = '__Host-sid';
export const SECURE_CSRF_COOKIE = '__Host-csrf';

export function sessionCookieName(config: Pick<Config, 'cookieSecure'>): string {
  return config.cookieSecure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

export function csrfCookieName(config: Pick<Config, 'cookieSecure'>): string {
  return config.cookieSecure ? SECURE_CSRF_COOKIE : CSRF_COOKIE;
}

/** Path=/ and no Domain always (the `__Host-` rules); Secure with COOKIE_SECURE. */
function base(config: Config) {
  return { path: '/', sameSite: 'lax' as const, secure: config.cookieSecure };
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(sessionCookieName(config), token, {
    ...base(config),
    httpOnly: true,
    maxAge: config.sessionAbsoluteHours * 3600,
  });
}

/** Readable by the page on purpose (the client falls back to it); useless to another origin. */
export function setCsrfCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(csrfCookieName(config), token, { ...base(config), httpOnly: false });
}

export function clearAuthCookies(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), { ...base(config), httpOnly: true });
  reply.clearCookie(csrfCookieName(config), base(config));
}
