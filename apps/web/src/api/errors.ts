import type { ErrorCode } from '@evalua/contracts';
import { ApiError } from './client';

/** The statuses whose server sentence a person can act on (SPEC §8): the data or its state. */
const SHOWN_BY_DEFAULT: readonly number[] = [400, 409];

/**
 * The one rule for what a screen says when a call fails: the server's Spanish sentence for the
 * statuses in `show` (400 and 409 unless the screen names others, e.g. 404 where "no existe" is the
 * answer; `'client'` for any 4xx and the client's own CSRF sentences), otherwise the screen's own
 * `fallback` (network failure, 5xx).
 */
export function errorText(
  err: unknown,
  fallback: string,
  show: readonly number[] | 'client' = SHOWN_BY_DEFAULT,
): string {
  // Without a CSRF token nothing can be saved: the person is told that, never a screen's "failed".
  if (isCsrfFailure(err)) return err.message;
  if (!(err instanceof ApiError)) return fallback;
  if (show === 'client') {
    return err.status >= 400 && err.status < 500 ? err.message : fallback;
  }
  return show.includes(err.status) ? err.message : fallback;
}

/** Whether a failed call answered this status (401 handled elsewhere, 404 "no existe"…). */
export function failedWith(err: unknown, status: number): err is ApiError {
  return err instanceof ApiError && err.status === status;
}

/** Whether a failed call answered this specific code (ERROR_CODES of packages/contracts). */
export function hasErrorCode(err: unknown, code: ErrorCode): err is ApiError {
  return err instanceof ApiError && err.code === code;
}

/**
 * The client could not get a CSRF token ('Error obteniendo el token CSRF.', SPEC §8) or found none
 * ('No se encontró token CSRF…'): whatever the screen, that is what it says (issue 15).
 */
export function isCsrfFailure(err: unknown): err is ApiError {
  return (
    err instanceof ApiError && err.status === 0 && (err.code === 'CSRF_FETCH' || err.code === 'CSRF_MISSING')
  );
}
