import { ApiError } from '../../api/client';
import { messages } from '../../i18n/messages';

/** A snapshot detail that failed: the server's sentence for a bad or unknown id, else SPEC §8's. */
export function detailErrorText(err: unknown): string {
  return err instanceof ApiError && (err.status === 400 || err.status === 404)
    ? err.message
    : messages.snapshots.detailError;
}
