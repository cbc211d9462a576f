import type { FastifyRequest } from 'fastify';

/** Query parameters whose value never reaches a log: the one-time setup token (decision 022). */
const SECRET_PARAMS = new Set(['token', 'password']);
export const REDACTED = '[oculto]';

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).trim().toLowerCase();
  } catch {
    return raw.trim().toLowerCase();
  }
}

/** The URL with the value of every secret query parameter replaced: '/setup?token=[oculto]'. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq === -1 ? part : part.slice(0, eq);
      return SECRET_PARAMS.has(paramName(name)) ? `${name}=${REDACTED}` : part;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${query}`;
}

/**
 * pino's `req` serializer: Fastify's own fields, with the URL redacted. The access log
 * ('incoming request') is where the setup link's token would otherwise be written.
 */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
