import { z } from 'zod';

/** Every error the API answers has this body. `error` is a sentence for a person, in Spanish. */
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Stable machine-readable error codes. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  csrf: 'CSRF_INVALID',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  inUse: 'IN_USE',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  requestTimeout: 'REQUEST_TIMEOUT',
  headersTooLarge: 'HEADERS_TOO_LARGE',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  invalidCredentials: 'INVALID_CREDENTIALS',
  wrongPassword: 'WRONG_PASSWORD',
  setupDone: 'SETUP_DONE',
  multipleManagers: 'MULTIPLE_MANAGERS',
  // Specific 409s: what the web may react to without reading the sentence (issue 14).
  duplicateName: 'DUPLICATE_NAME',
  duplicateEmail: 'DUPLICATE_EMAIL',
  alreadyAnswered: 'ALREADY_ANSWERED',
  alreadyAssigned: 'ALREADY_ASSIGNED',
  /** The rater declined this 360 request (decision 034). */
  assignmentDeclined: 'ASSIGNMENT_DECLINED',
  evaluationNotOpen: 'EVALUATION_NOT_OPEN',
  evaluationClosed: 'EVALUATION_CLOSED',
  evaluationLocked: 'EVALUATION_LOCKED',
  evaluationNeedsItems: 'EVALUATION_NEEDS_ITEMS',
  /** Opening a round nobody would answer: a V1 round without assignments, a 360 without raters (issue 30). */
  evaluationNeedsAssignments: 'EVALUATION_NEEDS_ASSIGNMENTS',
  /** Another evaluation of the category is open: opening this one must be confirmed (decision 026). */
  evaluationOpenInCategory: 'EVALUATION_OPEN_IN_CATEGORY',
  completedAssignment: 'COMPLETED_ASSIGNMENT',
  /** A manager who would leave another manager's answers attributed (issue 27, decision 041). */
  managerGroupAnswered: 'MANAGER_GROUP_ANSWERED',
  /** 360 results not (yet) released to this reader (decision 038). */
  resultsNotReleased: 'RESULTS_NOT_RELEASED',
  lastAdmin: 'LAST_ADMIN',
  selfDeactivate: 'SELF_DEACTIVATE',
  ownPasswordElsewhere: 'OWN_PASSWORD_ELSEWHERE',
  /** A used, expired, voided or unknown access or reset link (decision 033). */
  linkInvalid: 'LINK_INVALID',
  /** The outbox message is being sent by an instance right now. */
  mailSending: 'MAIL_SENDING',
  /** A resend of a message whose single-use link is no longer kept (decision 043). */
  mailLinkGone: 'MAIL_LINK_GONE',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
  /** The server is too busy to take the request now: 503 with Retry-After (decision 029). */
  overloaded: 'OVERLOADED',
  /** Everyone with pending work got HR's reminder of the evaluation within the cooldown (decision 042). */
  reminderCooldown: 'REMINDER_COOLDOWN',
  /** The server's store is full, read-only or failing: 503 with Retry-After; nothing was saved (decision 044). */
  storageUnavailable: 'STORAGE_UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** What the server answers at the HTTP level (no session, no permission, a bad request, overload…). */
export const HTTP_MESSAGES = {
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
