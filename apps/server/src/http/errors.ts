import { ERROR_CODES, HTTP_MESSAGES, type ErrorCode } from '@evalua/contracts';

export interface ErrorDetail {
  field: string;
  message: string;
}

/** The one error type routes throw; the error handler turns it into {error, code, details?}. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthenticated = () =>
  new AppError(401, ERROR_CODES.unauthenticated, HTTP_MESSAGES.unauthenticated);
export const forbidden = () => new AppError(403, ERROR_CODES.forbidden, HTTP_MESSAGES.forbidden);
export const notFound = (message: string = HTTP_MESSAGES.notFound) =>
  new AppError(404, ERROR_CODES.notFound, message);
/** A 409: the request is fine but the data's state refuses it; `code` says which state (issue 14). */
export const conflict = (message: string, code: ErrorCode = ERROR_CODES.conflict) =>
  new AppError(409, code, message);
export const inUse = (message: string) => new AppError(409, ERROR_CODES.inUse, message);
export const badRequest = (message: string, field?: string) =>
  new AppError(400, ERROR_CODES.validation, message, field ? [{ field, message }] : undefined);
