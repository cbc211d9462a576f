import {
  V2_RESULT_GROUPS,
  type V2RelationResult,
  type V2ResultGroup,
  type V2SnapshotDetailRow,
} from '@evalua/contracts';
import { othersWithheld } from '../../components/rater-groups';
import { formatNumber } from '../../i18n/format';
import { NONE, pct } from './format';

/** Marks next to a value: hidden from this viewer, or (admin) below the anonymity threshold. */
export const HIDDEN_MARK = '*';
export const BELOW_MARK = '†';

export interface Cell {
  value: string;
  mark?: typeof HIDDEN_MARK | typeof BELOW_MARK;
  /** "2 de 3" completed of assigned raters, when the group is assigned. */
  raters?: string;
}

/** The relation columns the table needs: every group other than self that some row has. */
export function relationColumns(rows: readonly V2SnapshotDetailRow[]): V2ResultGroup[] {
  return V2_RESULT_GROUPS.filter(
    (g) => g !== 'self' && rows.some((r) => r.relations.some((x) => x.relation === g)),
  );
}

export function relationCell(row: V2SnapshotDetailRow, group: V2ResultGroup): Cell {
  const r: V2RelationResult | undefined = row.relations.find((x) => x.relation === group);
  if (!r) return { value: NONE };
  const raters = `${formatNumber(r.raters_completed)} de ${formatNumber(r.raters_assigned)}`;
  if (!r.shown) return { value: NONE, mark: HIDDEN_MARK, raters };
  return { value: pct(r.overall_percentage), raters, ...(r.below_threshold ? { mark: BELOW_MARK } : {}) };
}

export function selfCell(row: V2SnapshotDetailRow): Cell {
  return { value: pct(row.self?.overall_percentage) };
}

/** "Otros" (every non-self rater) is withheld when someone answered but it is not given. */
export function othersCell(row: V2SnapshotDetailRow): Cell {
  if (othersWithheld(row)) return { value: NONE, mark: HIDDEN_MARK };
  return {
    value: pct(row.others?.overall_percentage),
    ...(row.others ? { raters: `${formatNumber(row.others.raters)} evaluadores` } : {}),
  };
}

export function overallCell(row: V2SnapshotDetailRow): Cell {
  if (othersWithheld(row)) return { value: NONE, mark: HIDDEN_MARK };
  return { value: pct(row.overall_percentage) };
}
