import type { UsersImportResult } from '@evalua/contracts';
import { messages } from '../../../i18n/messages';

const t = messages.users;

/** The success message of an applied import: the counts, and the access links mailed (when any). */
export function importDoneText(result: UsersImportResult): string {
  return t.importDone(result.created, result.updated, result.skipped, result.links_sent);
}

/**
 * The notice on the list after an import that created people: how they get in. Those created
 * without a password were mailed their access link by the import; those with a password in the
 * file were not (HR can send one from their row). Null when nobody was created.
 */
export function importAccessNotice(
  result: Pick<UsersImportResult, 'created' | 'links_sent'>,
): string[] | null {
  if (result.created <= 0) return null;
  const withPassword = Math.max(0, result.created - result.links_sent);
  const sentences: string[] = [];
  if (result.links_sent > 0) sentences.push(t.importedLinksSent(result.links_sent), t.importedMailLog);
  if (withPassword > 0) sentences.push(t.importedWithPassword(withPassword));
  return sentences;
}
