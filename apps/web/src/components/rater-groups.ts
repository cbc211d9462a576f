import { isAnonymousResultGroup, type V2GroupResult, type V2RelationResult } from '@evalua/contracts';
import { messages } from '../i18n/messages';

/**
 * What the 360 results and the snapshots say alike about groups of raters (decision 023): which
 * groups the anonymity threshold applies to, how many answers count toward it, and whether
 * "others" was withheld.
 */

type Counts = Pick<
  V2RelationResult,
  'relation' | 'raters_completed' | 'raters_assigned' | 'raters_counted' | 'anonymous'
>;

/**
 * Whether the anonymity threshold applies to the group: the server's rule, written once in contracts
 * (isAnonymousResultGroup, decisions 023 and 041) — peers, direct reports, the merged group, and the
 * managers when more than one was asked. Self and a lone manager are attributed and never hidden.
 */
export function anonymousGroup(g: Counts): boolean {
  return isAnonymousResultGroup(g);
}

/**
 * How many of an anonymous group's answers count toward the threshold, when some do not (those of a
 * results reader or given with a password somebody else set): '1 de 3 cuenta para el anonimato'.
 * Null when every answer counts, the server did not say (old snapshots), or the group is attributed.
 */
export function countedNote(g: Counts): string | null {
  const counted = g.raters_counted;
  if (counted === undefined || counted >= g.raters_completed || !anonymousGroup(g)) return null;
  return messages.v2Results.counted(counted, g.raters_completed);
}

/** Whether "others" has answers the viewer may not see: someone other than self answered, none given. */
export function othersWithheld(r: {
  others: V2GroupResult | null;
  relations: ReadonlyArray<Pick<V2RelationResult, 'relation' | 'raters_completed'>>;
}): boolean {
  return (
    r.others === null &&
    r.relations.some((g) => g.relation !== 'self' && g.relation !== 'peer_report' && g.raters_completed > 0)
  );
}
