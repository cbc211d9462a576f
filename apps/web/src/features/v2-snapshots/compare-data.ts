import {
  RELATIONS,
  V2_RESULT_GROUP_LABELS,
  type V2SnapshotDetail,
  type V2SnapshotDetailRow,
  type V2Summary,
} from '@evalua/contracts';
import { formatNumber } from '../../i18n/format';
import { completionOnly, personCompletion } from './completion';
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

/**
 * Whether a comparison shows completion only: either snapshot reached this viewer without figures (a
 * non-admin, taken while the evaluation was open — decision 023). Figures beside blanks would say
 * nothing, and figures of two open moments are exactly what must not be compared.
 */
export const compareCompletionOnly = (a: V2SnapshotDetail, b: V2SnapshotDetail): boolean =>
  completionOnly(a.summary) || completionOnly(b.summary);

/** Two summaries' completion side by side: evaluatees, assignments, completion and per relation. */
export function completionSummaryRows(a: V2Summary, b: V2Summary): CompareRow[] {
  const rows = [
    count('Personas evaluadas', a.evaluatees, b.evaluatees),
    count('Asignaciones completadas', a.assignments_completed, b.assignments_completed),
    count('Asignaciones totales', a.assignments_total, b.assignments_total),
    percent('Cumplimiento', a.completion_percentage, b.completion_percentage),
  ];
  for (const relation of RELATIONS) {
    const ra = a.by_relation.find((r) => r.relation === relation);
    const rb = b.by_relation.find((r) => r.relation === relation);
    if (!ra && !rb) continue;
    rows.push(
      count(`Completadas: ${V2_RESULT_GROUP_LABELS[relation]}`, ra?.completed ?? 0, rb?.completed ?? 0),
    );
  }
  return rows;
}

/**
 * Each evaluatee's completed raters of those assigned in A and in B ("3 de 5"), and how many more
 * answered; someone in only one of them shows '—' in the other and no change.
 */
export function completionPersonRows(a: V2SnapshotDetail, b: V2SnapshotDetail): PersonRow[] {
  const byId = new Map<number, { name: string; a?: V2SnapshotDetailRow; b?: V2SnapshotDetailRow }>();
  for (const r of a.detail) byId.set(r.evaluatee_id, { name: r.evaluatee_name, a: r });
  for (const r of b.detail) {
    const prev = byId.get(r.evaluatee_id);
    byId.set(r.evaluatee_id, { name: r.evaluatee_name, ...(prev?.a ? { a: prev.a } : {}), b: r });
  }
  const text = (row: V2SnapshotDetailRow | undefined) => {
    if (!row) return NONE;
    const { completed, assigned } = personCompletion(row);
    return `${formatNumber(completed)} de ${formatNumber(assigned)}`;
  };
  return [...byId.entries()]
    .map(([id, p]) => ({
      id,
      name: p.name,
      a: text(p.a),
      b: text(p.b),
      change:
        p.a && p.b ? deltaCount(personCompletion(p.a).completed, personCompletion(p.b).completed) : NONE,
    }))
    .sort((x, y) => x.name.localeCompare(y.name, 'es'));
}
