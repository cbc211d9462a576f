import { ERROR_CODES, HTTP_MESSAGES } from '@evalua/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorDetail } from './errors';
import { isUniqueViolation, isConnectionError, isStoreFault } from '../db/errors';
import { noteIfStoreFault } from '../db/store-faults';

interface Mapped {
  status: number;
  body: { error: string; code: string; details?: ErrorDetail[] };
  /** Seconds for a Retry-After header. */
  retryAfter?: number;
}

/** How long a client should wait before trying again when the store cannot take writes (decision 044). */
export const STORE_FAULT_RETRY_AFTER_SECONDS = 60;

function mapError(err: FastifyError | Error): Mapped {
  if (err instanceof AppError) {
    return {
      status: err.statusCode,
      body: { error: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) },
    };
  }
  const fe = err as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fe)) {
    const details = fe.validation.map((v) => ({
      field: [fe.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.'),
      message: v.message ?? HTTP_MESSAGES.validation,
    }));
    return {
      status: 400,
      body: { error: details[0]?.message ?? HTTP_MESSAGES.validation, code: ERROR_CODES.validation, details },
    };
  }
  switch (fe.code) {
    case 'FST_ERR_BAD_URL':
      return { status: 400, body: { error: HTTP_MESSAGES.badUrl, code: ERROR_CODES.validation } };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, body: { error: HTTP_MESSAGES.uriTooLong, code: ERROR_CODES.validation } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { error: HTTP_MESSAGES.tooLarge, code: ERROR_CODES.tooLarge } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 400, body: { error: HTTP_MESSAGES.unsupportedMedia, code: ERROR_CODES.validation } };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: { error: HTTP_MESSAGES.badJson, code: ERROR_CODES.validation } };
  }
  if (err instanceof SyntaxError && fe.statusCode === 400) {
    return { status: 400, body: { error: HTTP_MESSAGES.badJson, code: ERROR_CODES.validation } };
  }
  if (isUniqueViolation(err)) {
    return { status: 409, body: { error: 'El registro ya existe.', code: ERROR_CODES.conflict } };
  }
  if (isConnectionError(err)) {
    return { status: 503, body: { error: HTTP_MESSAGES.unavailable, code: 'SERVICE_UNAVAILABLE' } };
  }
  if (isStoreFault(err)) {
    return {
      status: 503,
      body: { error: HTTP_MESSAGES.storageUnavailable, code: ERROR_CODES.storageUnavailable },
      retryAfter: STORE_FAULT_RETRY_AFTER_SECONDS,
    };
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { status: fe.statusCode, body: BY_STATUS[fe.statusCode] ?? VALIDATION };
  }
  return { status: 500, body: { error: HTTP_MESSAGES.internal, code: ERROR_CODES.internal } };
}

const VALIDATION = { error: HTTP_MESSAGES.validation, code: ERROR_CODES.validation };

/**
 * Other 4xx errors (a plugin's or the router's), by status: the Spanish sentence of their meaning,
 * never their English message — e.g. @fastify/static's 403 for '/api/docs/static/..%5c…'.
 */
const BY_STATUS: Record<number, { error: string; code: string }> = {
  401: { error: HTTP_MESSAGES.unauthenticated, code: ERROR_CODES.unauthenticated },
  403: { error: HTTP_MESSAGES.forbidden, code: ERROR_CODES.forbidden },
  404: { error: HTTP_MESSAGES.notFound, code: ERROR_CODES.notFound },
  405: { error: HTTP_MESSAGES.methodNotAllowed, code: ERROR_CODES.validation },
  408: { error: HTTP_MESSAGES.requestTimeout, code: ERROR_CODES.requestTimeout },
  413: { error: HTTP_MESSAGES.tooLarge, code: ERROR_CODES.tooLarge },
  414: { error: HTTP_MESSAGES.uriTooLong, code: ERROR_CODES.validation },
  415: { error: HTTP_MESSAGES.unsupportedMedia, code: ERROR_CODES.validation },
  431: { error: HTTP_MESSAGES.headersTooLarge, code: ERROR_CODES.headersTooLarge },
};

function sendError(err: FastifyError, request: FastifyRequest, reply: FastifyReply, db?: object) {
  // The body stopped arriving because the connection is gone (the client left, or it was closed at
  // REQUEST_TIMEOUT_SECONDS): nobody to answer, and not a failure of ours (nor a database's
  // ECONNRESET, which it would otherwise be taken for).
  if (err.code === 'ECONNRESET' && request.raw.socket?.destroyed) {
    request.log.info({ code: err.code }, 'request abandoned');
    return reply.status(408).send(BY_STATUS[408]);
  }
  const { status, body, retryAfter } = mapError(err);
  // A write the store could not take: /api/health says so for a while (decision 044).
  if (db !== undefined) noteIfStoreFault(db, err);
  if (status >= 500) request.log.error({ err }, 'request failed');
  else request.log.info({ code: body.code, status }, 'request refused');
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  return reply.status(status).send(body);
}

/**
 * One place maps every error to the JSON body; 5xx never shows internals. `db`: the app's database,
 * whose store faults the health check reports (decision 044).
 */
export function registerErrorHandler(app: FastifyInstance, db?: object): void {
  app.setErrorHandler((err: FastifyError, request, reply) => sendError(err, request, reply, db));
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (a path that
 * is not valid percent-encoding, a parameter over 100 characters), which Fastify would otherwise
 * answer in English and echo the path. Same body as every error; the headers the hooks would set
 * are set here.
 */
export function frameworkErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
  reply.header('x-request-id', request.id);
  return sendError(err, request, reply);
}
