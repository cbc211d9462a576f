import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The nonce of this response's inline <style> tags (Mantine injects its CSS variables in one). */
const STYLE_NONCE = Symbol('styleNonce');
type WithNonce = ServerResponse & { [STYLE_NONCE]?: string };

export function styleNonceOf(res: ServerResponse): string {
  const r = res as WithNonce;
  r[STYLE_NONCE] ??= randomBytes(16).toString('base64');
  return r[STYLE_NONCE];
}

/**
 * Helmet's headers with a CSP that allows the built app and nothing inline: scripts only from this
 * origin, styles from this origin plus the per-response nonce, no framing, no plugins.
 * Strict-Transport-Security only with `hsts` (COOKIE_SECURE=true, i.e. served over HTTPS): over
 * plain HTTP the header is meaningless, and on a name later moved to HTTPS with a test certificate
 * it would lock browsers out for a year (decision 022).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { hsts: boolean },
): Promise<void> {
  await app.register(helmet, {
    hsts: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", (_req: IncomingMessage, res: ServerResponse) => `'nonce-${styleNonceOf(res)}'`],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
}
