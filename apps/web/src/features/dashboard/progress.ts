import { progressPercent, type EvaluatorProgress } from '@evalua/contracts';
import { fold } from '../../i18n/fold';

export type ProgressSort = 'progress' | 'name' | 'assigned';

export const SORT_OPTIONS: Array<{ value: ProgressSort; label: string }> = [
  { value: 'progress', label: '% Progreso' },
  { value: 'name', label: 'Nombre' },
  { value: 'assigned', label: 'Asignados' },
];

/** One evaluator as shown: SPEC §5's display rule applied (assigned ≥ 0, 0 ≤ evaluated ≤ assigned). */
export interface ProgressRow {
  id: number;
  name: string;
  assigned: number;
  evaluated: number;
  percent: number;
}

export function toRow(p: EvaluatorProgress): ProgressRow {
  const assigned = Math.max(0, p.assigned);
  const evaluated = Math.min(Math.max(0, p.evaluated), assigned);
  return {
    id: p.evaluator_id,
    name: p.evaluator_name,
    assigned,
    evaluated,
    percent: progressPercent(p.assigned, p.evaluated),
  };
}

const byName = (a: ProgressRow, b: ProgressRow) => a.name.localeCompare(b.name, 'es-DO');

/** % Progreso and Asignados: highest first (ties by name); Nombre: alphabetical. */
export function sortRows(rows: ProgressRow[], sort: ProgressSort): ProgressRow[] {
  const copy = [...rows];
  if (sort === 'name') return copy.sort(byName);
  if (sort === 'assigned') return copy.sort((a, b) => b.assigned - a.assigned || byName(a, b));
  return copy.sort((a, b) => b.percent - a.percent || byName(a, b));
}

export function filterRows(rows: ProgressRow[], search: string): ProgressRow[] {
  const key = fold(search.trim());
  return key ? rows.filter((r) => fold(r.name).includes(key)) : rows;
}
