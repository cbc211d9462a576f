import type { FastifyReply } from 'fastify';
import type { Config } from '../config';

export const SESSION_COOKIE = 'sid';
export const CSRF_COOKIE = '_csrf';

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    maxAge: config.sessionAbsoluteHours * 3600,
  });
}

/** Readable by the page on purpose (the client falls back to it); useless to another origin. */
export function setCsrfCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: config.cookieSecure,
  });
}

export function clearAuthCookies(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
  });
  reply.clearCookie(CSRF_COOKIE, { path: '/', sameSite: 'lax', secure: config.cookieSecure });
}
