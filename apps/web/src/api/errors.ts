import { ApiError } from './client';

/** SPEC §8's pattern: the server's sentence on a 400 (or 409), otherwise the screen's own message. */
export function serverMessageOr(err: unknown, fallback: string): string {
  return err instanceof ApiError && (err.status === 400 || err.status === 409) ? err.message : fallback;
}
