import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

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
 * pino's `req` serializer: Fastify's own fields, with the URL redacted. For Fastify's own lines that
 * carry the request (a 5xx of its default error handler, a failed writeHead).
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

/**
 * The access log: one line per request, written when its answer is finished (decision 031), in
 * place of Fastify's two ('incoming request' and 'request completed'). It carries the request id
 * (reqId, from the request's logger), the method, the URL with its secrets redacted (where the
 * setup link's token would otherwise be written, decision 022), the client's address, the status
 * and the response time in ms. A response that failed while being written is still logged as
 * Fastify does ('request errored', at error level); errors answered by the app are logged by its
 * error handler as before.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  }
}

/**
 * A request whose client went away before it was answered has no end to log: it gets its own line
 * ('request aborted', at info, with its id, method, redacted URL and address), so probing or
 * slow-client traffic still shows in the access log (decision 031).
 */
export function registerAbortLog(app: FastifyInstance): void {
  app.addHook('onRequestAbort', (request, done) => {
    request.log.info(
      { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip },
      'request aborted',
    );
    done();
  });
}
