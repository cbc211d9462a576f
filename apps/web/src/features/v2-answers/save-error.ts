import { ApiError } from '../../api/client';
import { failedWith, isCsrfFailure } from '../../api/errors';
import { messages } from '../../i18n/messages';

const t = messages.evaluationFormV2;

/** The alert after a failed save: the server's error field, else the screen's own sentence. */
export function saveErrorText(err: unknown): string | null {
  if (failedWith(err, 401)) return null; // the expired-session handler has already said so
  if (!(err instanceof ApiError)) return t.saveError;
  const fromServer = err.status > 0 && err.code !== 'HTTP_ERROR';
  return fromServer || isCsrfFailure(err) ? err.message : t.saveError;
}
