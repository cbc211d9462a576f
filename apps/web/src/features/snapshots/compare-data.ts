import { V2_RESULT_GROUP_LABELS, type V2SnapshotDetail, type V2Summary } from '@evalua/contracts';
import { formatNumber } from '../../i18n/format';
import { deltaCount, deltaPoints, NONE, pct } from './format';

export interface CompareRow {
  label: string;
  a: string;
  b: string;
  change: string;
}

function count(label: string, a: number, b: number): CompareRow {
  return { label, a: formatNumber(a), b: formatNumber(b), change: deltaCount(a, b) };
}

function percent(label: string, a: number | null, b: number | null): CompareRow {
  return { label, a: pct(a), b: pct(b), change: deltaPoints(a, b) };
}

/** Two summaries side by side, with B − A (points for percentages). */
export function summaryRows(a: V2Summary, b: V2Summary): CompareRow[] {
  const rows = [
    count('Personas evaluadas', a.evaluatees, b.evaluatees),
    count('Personas con resultado visible', a.evaluatees_scored, b.evaluatees_scored),
    count('Asignaciones completadas', a.assignments_completed, b.assignments_completed),
    count('Asignaciones totales', a.assignments_total, b.assignments_total),
    percent('Cumplimiento', a.completion_percentage, b.completion_percentage),
    percent('Promedio general', a.overall_average, b.overall_average),
  ];
  for (const ra of a.by_relation) {
    const rb = b.by_relation.find((r) => r.relation === ra.relation);
    rows.push(
      percent(
        `Promedio: ${V2_RESULT_GROUP_LABELS[ra.relation]}`,
        ra.overall_average,
        rb?.overall_average ?? null,
      ),
    );
  }
  return rows;
}

export interface PersonRow {
  id: number;
  name: string;
  a: string;
  b: string;
  change: string;
}

/** Each evaluatee's overall in A and in B (by id; someone in only one of them shows '—' in the other). */
export function personRows(a: V2SnapshotDetail, b: V2SnapshotDetail): PersonRow[] {
  const byId = new Map<
    number,
    { name: string; a: number | null; b: number | null; inA: boolean; inB: boolean }
  >();
  for (const r of a.detail)
    byId.set(r.evaluatee_id, {
      name: r.evaluatee_name,
      a: r.overall_percentage,
      b: null,
      inA: true,
      inB: false,
    });
  for (const r of b.detail) {
    const prev = byId.get(r.evaluatee_id);
    byId.set(r.evaluatee_id, {
      name: r.evaluatee_name,
      a: prev?.a ?? null,
      b: r.overall_percentage,
      inA: prev?.inA ?? false,
      inB: true,
    });
  }
  return [...byId.entries()]
    .map(([id, p]) => ({
      id,
      name: p.name,
      a: p.inA ? pct(p.a) : NONE,
      b: p.inB ? pct(p.b) : NONE,
      change: deltaPoints(p.a, p.b),
    }))
    .sort((x, y) => x.name.localeCompare(y.name, 'es'));
}
