import {
  V2_RESULT_GROUPS,
  type V2ResultGroup,
  type V2SnapshotDetailRow,
  type V2Summary,
} from '@evalua/contracts';
import { formatNumber } from '../../i18n/format';
import { countedNote } from '../../components/rater-groups';
import { NONE } from './format';

/**
 * A summary given as completion only: a non-admin reading a snapshot taken while the evaluation was
 * open (decision 023). Absent `released` (admin, or a snapshot older than the field) has figures.
 */
export const completionOnly = (summary: V2Summary): boolean => summary.released === false;

/** The groups a completion table has a column for: every relation some row has (never the merged one). */
export function completionColumns(rows: readonly V2SnapshotDetailRow[]): V2ResultGroup[] {
  return V2_RESULT_GROUPS.filter(
    (g) => g !== 'peer_report' && rows.some((r) => r.relations.some((x) => x.relation === g)),
  );
}

export interface CompletionCell {
  /** "2 de 3" completed of assigned; '—' when the relation is not assigned. */
  value: string;
  /** '1 de 3 cuenta para el anonimato' when some answers of an anonymous group do not count. */
  counted?: string;
}

const ofAssigned = (completed: number, assigned: number) =>
  `${formatNumber(completed)} de ${formatNumber(assigned)}`;

/** One evaluatee's completion in one group. */
export function completionCell(row: V2SnapshotDetailRow, group: V2ResultGroup): CompletionCell {
  const r = row.relations.find((x) => x.relation === group);
  if (!r) return { value: NONE };
  const counted = countedNote(r);
  return { value: ofAssigned(r.raters_completed, r.raters_assigned), ...(counted ? { counted } : {}) };
}

/** One evaluatee's raters, completed and assigned, over every relation (the merged group not counted twice). */
export function personCompletion(row: V2SnapshotDetailRow): { completed: number; assigned: number } {
  const real = row.relations.filter((r) => r.relation !== 'peer_report');
  return {
    completed: real.reduce((a, r) => a + r.raters_completed, 0),
    assigned: real.reduce((a, r) => a + r.raters_assigned, 0),
  };
}

export const personCompletionText = (row: V2SnapshotDetailRow): string => {
  const { completed, assigned } = personCompletion(row);
  return ofAssigned(completed, assigned);
};
