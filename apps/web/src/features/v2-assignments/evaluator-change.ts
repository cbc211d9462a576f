import type { Relation, V2EvaluatorAssignment } from '@evalua/contracts';

/** The relation a newly ticked evaluator gets unless HR picks another: the person themself is self. */
export function defaultRelation(evaluatorId: number, evaluateeId: number): Relation {
  return evaluatorId === evaluateeId ? 'self' : 'peer';
}

/** An evaluator's relation in the modal: the one picked, else the one assigned, else the default. */
export function relationOf(
  evaluatorId: number,
  evaluateeId: number,
  initial: readonly V2EvaluatorAssignment[],
  picked: ReadonlyMap<number, Relation>,
): Relation {
  return (
    picked.get(evaluatorId) ??
    initial.find((a) => a.evaluator_id === evaluatorId)?.relation ??
    defaultRelation(evaluatorId, evaluateeId)
  );
}

export interface EvaluatorChange {
  add: number[];
  remove: number[];
  /** Only when some relation is not what the bare call would do (decision 035). */
  relations?: Record<string, Relation>;
}

/**
 * What Guardar sends: the difference between the new and the initial selection (SPEC §7), and the
 * relations that differ from what the bare call would store — an added evaluator's relation when it
 * is not the default (peer, or self for the person themself), and a new relation for one assigned.
 */
export function evaluatorChange(
  initial: readonly V2EvaluatorAssignment[],
  selected: ReadonlySet<number>,
  picked: ReadonlyMap<number, Relation>,
  evaluateeId: number,
): EvaluatorChange {
  const before = new Map(initial.map((a) => [a.evaluator_id, a]));
  const add = [...selected].filter((id) => !before.has(id));
  const remove = initial.map((a) => a.evaluator_id).filter((id) => !selected.has(id));
  const relations: Record<string, Relation> = {};
  for (const id of selected) {
    const relation = picked.get(id);
    if (relation === undefined) continue;
    const was = before.get(id)?.relation ?? defaultRelation(id, evaluateeId);
    if (relation !== was) relations[String(id)] = relation;
  }
  return Object.keys(relations).length > 0 ? { add, remove, relations } : { add, remove };
}
