import { ERROR_CODES } from '@evalua/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, MESSAGES, type ErrorDetail } from './errors';
import { isUniqueViolation, isConnectionError } from '../db/errors';

interface Mapped {
  status: number;
  body: { error: string; code: string; details?: ErrorDetail[] };
}

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
      message: v.message ?? MESSAGES.validation,
    }));
    return {
      status: 400,
      body: { error: details[0]?.message ?? MESSAGES.validation, code: ERROR_CODES.validation, details },
    };
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { error: MESSAGES.tooLarge, code: ERROR_CODES.tooLarge } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 400, body: { error: MESSAGES.unsupportedMedia, code: ERROR_CODES.validation } };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: { error: MESSAGES.badJson, code: ERROR_CODES.validation } };
  }
  if (err instanceof SyntaxError && fe.statusCode === 400) {
    return { status: 400, body: { error: MESSAGES.badJson, code: ERROR_CODES.validation } };
  }
  if (isUniqueViolation(err)) {
    return { status: 409, body: { error: 'El registro ya existe.', code: ERROR_CODES.conflict } };
  }
  if (isConnectionError(err)) {
    return { status: 503, body: { error: MESSAGES.unavailable, code: 'SERVICE_UNAVAILABLE' } };
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { status: fe.statusCode, body: { error: MESSAGES.validation, code: ERROR_CODES.validation } };
  }
  return { status: 500, body: { error: MESSAGES.internal, code: ERROR_CODES.internal } };
}

/** One place maps every error to the JSON body; 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const { status, body } = mapError(err);
    if (status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ code: body.code, status }, 'request refused');
    return reply.status(status).send(body);
  });
}
