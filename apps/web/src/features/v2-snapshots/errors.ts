import { errorText } from '../../api/errors';
import { messages } from '../../i18n/messages';

/** A snapshot detail that failed: the server's sentence for a bad or unknown id, else SPEC §8's. */
export function detailErrorText(err: unknown): string {
  return errorText(err, messages.snapshots.detailError, [400, 404]);
}
