import { v2AssignmentStands, type V2AssignmentRow } from '@evalua/contracts';

/** One person evaluated in the evaluation, with how many of their raters have answered. */
export interface Evaluatee {
  id: number;
  name: string;
  completed: number;
  total: number;
}

/** The distinct evaluatees of the evaluation's assignments, by name. */
export function evaluateesOf(rows: readonly V2AssignmentRow[]): Evaluatee[] {
  const byId = new Map<number, Evaluatee>();
  for (const r of rows) {
    const e = byId.get(r.evaluatee_id) ?? {
      id: r.evaluatee_id,
      name: r.evaluatee_name,
      completed: 0,
      total: 0,
    };
    // A declined request is no longer assigned work (decision 034).
    if (v2AssignmentStands(r.status)) e.total += 1;
    if (r.status === 'completed') e.completed += 1;
    byId.set(r.evaluatee_id, e);
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'es') || a.id - b.id);
}
