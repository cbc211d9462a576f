import {
  V2_NOMINATION_MESSAGES,
  nomineeCountProblem,
  type Person,
  type V2Nominee,
  type V2NomineeInput,
  type V2NomineeRelation,
} from '@evalua/contracts';

/** The list being edited: people with the relation they are proposed with. */
export type Draft = V2Nominee[];

export const RELATION_OPTIONS: Array<{ value: V2NomineeRelation; label: string }> = [
  { value: 'peer', label: 'Par' },
  { value: 'report', label: 'Colaborador directo' },
];

/** How a person reads in the search: name, position and department. */
export function personLabel(p: Person): string {
  const detail = [p.position, p.department].filter((v) => v && v.trim()).join(' · ');
  return `${p.name}${detail ? ` — ${detail}` : ''}`;
}

/** Adds a person (at the end) unless they are there already; answers the new list. */
export function addNominee(list: Draft, person: Person, relation: V2NomineeRelation): Draft {
  if (list.some((n) => n.id === person.id)) return list;
  return [...list, { ...person, relation }];
}

export function removeNominee(list: Draft, id: number): Draft {
  return list.filter((n) => n.id !== id);
}

export function setRelation(list: Draft, id: number, relation: V2NomineeRelation): Draft {
  return list.map((n) => (n.id === id ? { ...n, relation } : n));
}

/** The body the server takes. */
export function toInput(list: Draft): V2NomineeInput[] {
  return list.map((n) => ({ nominee_id: n.id, relation: n.relation }));
}

/**
 * Why the list cannot be sent (or approved), with the server's sentences: the person themself, their
 * manager, or a count out of HR's range. Null when it can.
 */
export function draftProblem(
  list: Draft,
  rules: { evaluateeId: number; managerId: number | null; min: number; max: number },
): string | null {
  if (list.some((n) => n.id === rules.evaluateeId)) return V2_NOMINATION_MESSAGES.self;
  if (rules.managerId !== null && list.some((n) => n.id === rules.managerId))
    return V2_NOMINATION_MESSAGES.isManager;
  return nomineeCountProblem(list.length, rules.min, rules.max);
}

/** The search's answer without the evaluatee, their manager and those already chosen. */
export function candidates(
  found: readonly Person[],
  list: Draft,
  exclude: ReadonlyArray<number | null>,
): Person[] {
  const taken = new Set<number>([
    ...list.map((n) => n.id),
    ...exclude.filter((v): v is number => v !== null),
  ]);
  return found.filter((p) => !taken.has(p.id));
}
