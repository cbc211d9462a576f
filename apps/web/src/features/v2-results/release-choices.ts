import { audienceOf, releaseOf, type ReleaseAudience, type V2PersonRelease } from '@evalua/contracts';

/** The per-person select's value for 'as the evaluation'. */
export const INHERIT = 'inherit';

/** A person's choice for the select: their own, or 'as the evaluation' when they have none. */
export function personChoice(p: Pick<V2PersonRelease, 'own' | 'evaluatee' | 'manager'>): string {
  return p.own.evaluatee === null && p.own.manager === null ? INHERIT : audienceOf(p);
}

/** What the per-person call sends for a value of the select. */
export function personBody(value: string): { evaluatee: boolean | null; manager: boolean | null } {
  return value === INHERIT ? { evaluatee: null, manager: null } : releaseOf(value as ReleaseAudience);
}

/** Whether a change shares results with someone who did not read them (they are told by e-mail). */
export function widens(from: ReleaseAudience, to: ReleaseAudience): boolean {
  const a = releaseOf(from);
  const b = releaseOf(to);
  return (b.evaluatee && !a.evaluatee) || (b.manager && !a.manager);
}
