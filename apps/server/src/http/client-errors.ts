import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_CODES, HTTP_MESSAGES } from '@evalua/contracts';
import type { FastifyBaseLogger } from 'fastify';

/** The error Node's HTTP parser reports on a connection ('clientError'). */
export interface ClientError extends Error {
  code?: string;
}

interface Answer {
  status: number;
  body: { error: string; code: string };
}

/** What the client is told, before any route runs: the same {error, code} body as every error. */
export function clientErrorAnswer(err: ClientError): Answer {
  switch (err.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, body: { error: HTTP_MESSAGES.requestTimeout, code: ERROR_CODES.requestTimeout } };
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        body: { error: HTTP_MESSAGES.headersTooLarge, code: ERROR_CODES.headersTooLarge },
      };
    default:
      return { status: 400, body: { error: HTTP_MESSAGES.badRequest, code: ERROR_CODES.validation } };
  }
}

/**
 * Fastify's clientErrorHandler: Node's HTTP server reports here what never becomes a request — the
 * headers over 16 KiB (431), a request that did not arrive within REQUEST_TIMEOUT_SECONDS or
 * HEADERS_TIMEOUT_SECONDS (408, decision 022), malformed HTTP (400). The answer is written to the
 * socket as JSON, in Spanish, unless a response has already begun; then the connection is closed.
 */
export function createClientErrorHandler(log: () => FastifyBaseLogger | undefined) {
  return (err: ClientError, socket: Socket): void => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, body } = clientErrorAnswer(err);
    log()?.debug({ code: err.code, status }, 'client error');
    const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (!socket.writable || response?.headersSent) {
      socket.destroy();
      return;
    }
    const json = JSON.stringify(body);
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(json)}`,
      'Cache-Control: no-store',
      'X-Content-Type-Options: nosniff',
      'Connection: close',
    ].join('\r\n');
    socket.write(`${head}\r\n\r\n${json}`, () => socket.destroy());
    // A peer that reads nothing cannot hold the socket open either.
    setTimeout(() => socket.destroy(), 2000).unref();
  };
}
