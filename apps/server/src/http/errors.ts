import { ERROR_CODES, type ErrorCode } from '@evalua/contracts';

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

export const MESSAGES = {
  unauthenticated: 'Debes iniciar sesión para continuar.',
  forbidden: 'No tienes permisos para realizar esta acción.',
  csrf: 'Token CSRF inválido.',
  notFound: 'Recurso no encontrado.',
  validation: 'Los datos enviados no son válidos.',
  tooLarge: 'La solicitud es demasiado grande (máximo 1 MB).',
  badJson: 'El cuerpo de la solicitud no es JSON válido.',
  unsupportedMedia: 'El formato de la solicitud no es compatible; envía JSON.',
  internal: 'Ocurrió un error inesperado. Inténtalo de nuevo más tarde.',
  unavailable: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  /** The store is full, read-only or failing (decision 044): 503 with Retry-After. */
  storageUnavailable:
    'El almacenamiento del servidor está lleno o no admite escritura en este momento: no se guardó nada. Inténtalo de nuevo en unos minutos.',
  overloaded:
    'El servidor está atendiendo demasiadas solicitudes en este momento. Inténtalo de nuevo en unos segundos.',
  badRequest: 'La solicitud no es válida.',
  badUrl: 'La dirección solicitada no es válida.',
  requestTimeout: 'La solicitud tardó demasiado en llegar. Revisa la conexión e inténtalo de nuevo.',
  headersTooLarge: 'Las cabeceras de la solicitud son demasiado grandes.',
  methodNotAllowed: 'El método de la solicitud no está permitido.',
  uriTooLong: 'La dirección solicitada es demasiado larga.',
} as const;

export const unauthenticated = () => new AppError(401, ERROR_CODES.unauthenticated, MESSAGES.unauthenticated);
export const forbidden = () => new AppError(403, ERROR_CODES.forbidden, MESSAGES.forbidden);
export const notFound = (message: string = MESSAGES.notFound) =>
  new AppError(404, ERROR_CODES.notFound, message);
/** A 409: the request is fine but the data's state refuses it; `code` says which state (issue 14). */
export const conflict = (message: string, code: ErrorCode = ERROR_CODES.conflict) =>
  new AppError(409, code, message);
export const inUse = (message: string) => new AppError(409, ERROR_CODES.inUse, message);
export const badRequest = (message: string, field?: string) =>
  new AppError(400, ERROR_CODES.validation, message, field ? [{ field, message }] : undefined);
