import {
  RELATION_LABELS,
  V2_ASSIGNMENT_STATUS_LABELS,
  type Relation,
  type V2AssignmentStatus,
} from '@evalua/contracts';

/** An evaluation or user id from the address: a positive integer, or null. */
export function parseId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw.trim())) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The relation's Spanish label; '-' when there is none (SPEC §2). */
export function relationLabel(relation: Relation | null | undefined): string {
  return relation ? RELATION_LABELS[relation] : '-';
}

/** The status as stored ('pending' by default) and its Spanish label. */
export function statusOf(status: V2AssignmentStatus | null | undefined): {
  value: V2AssignmentStatus;
  label: string;
} {
  const value = status ?? 'pending';
  return { value, label: V2_ASSIGNMENT_STATUS_LABELS[value] };
}

/** Blank department or position: '—'. */
export const dash = (v: string | null | undefined) => (v && v.trim() ? v : '—');

/**
 * A person's raters in this 360, in words: "3 (2 respondieron)", "Sin evaluadores"; '…' while the
 * counts load, 'No disponible' when they could not be read (the rest of the row still works).
 */
export function ratersText(count: { raters: number; completed: number } | undefined, failed = false): string {
  if (!count) return failed ? 'No disponible' : '…';
  if (count.raters === 0) return 'Sin evaluadores';
  return `${count.raters} (${count.completed} ${count.completed === 1 ? 'respondió' : 'respondieron'})`;
}
