import type { V2RelationResult, V2SnapshotDetailRow } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { relationResult } from '../../test-support/v2-relations';
import {
  BELOW_MARK,
  HIDDEN_MARK,
  othersCell,
  overallCell,
  relationCell,
  relationColumns,
  selfCell,
} from './detail-cells';

const rel = (...args: Parameters<typeof relationResult>) =>
  relationResult(args[0], args[1], args[2], { shown: true, ...args[3] });

function row(relations: V2RelationResult[], extra: Partial<V2SnapshotDetailRow> = {}): V2SnapshotDetailRow {
  return {
    evaluatee_id: 1,
    evaluatee_name: 'Ana',
    department: null,
    position: null,
    relations,
    self: null,
    others: null,
    overall_percentage: null,
    ...extra,
  };
}

const others = { raters: 4, competencies_percentage: 70, objectives_percentage: 80, overall_percentage: 75 };

describe('relationColumns', () => {
  it('has a column for every group but self that some row has, in the groups’ order', () => {
    const rows = [
      row([rel('self', 1, 1), rel('peer', 1, 3)]),
      row([rel('peer_report', 2, 4), rel('manager', 1, 1)]),
    ];
    expect(relationColumns(rows)).toEqual(['manager', 'peer', 'peer_report']);
    expect(relationColumns([])).toEqual([]);
  });
});

describe('relationCell', () => {
  it('shows a group’s overall with its raters, marked † when admin sees it below the threshold', () => {
    const r = row([
      rel('manager', 1, 1, { overall_percentage: 80 }),
      rel('peer', 2, 3, { overall_percentage: 62.5, below_threshold: true }),
    ]);
    expect(relationCell(r, 'manager')).toEqual({ value: '80.00 %', raters: '1 de 1' });
    expect(relationCell(r, 'peer')).toEqual({ value: '62.50 %', raters: '2 de 3', mark: BELOW_MARK });
  });

  it('marks * a group hidden from this viewer, and shows — for a group not assigned', () => {
    const r = row([rel('report', 1, 2, { shown: false })]);
    expect(relationCell(r, 'report')).toEqual({ value: '—', mark: HIDDEN_MARK, raters: '1 de 2' });
    expect(relationCell(r, 'peer')).toEqual({ value: '—' });
  });
});

describe('self, others and overall', () => {
  it('shows self’s overall, and "others" with its raters', () => {
    const r = row([rel('self', 1, 1), rel('peer', 4, 4)], {
      self: { raters: 1, competencies_percentage: 90, objectives_percentage: null, overall_percentage: 90 },
      others,
      overall_percentage: 75,
    });
    expect(selfCell(r)).toEqual({ value: '90.00 %' });
    expect(othersCell(r)).toEqual({ value: '75.00 %', raters: '4 evaluadores' });
    expect(overallCell(r)).toEqual({ value: '75.00 %' });
  });

  it('marks * "others" and the overall when someone answered but they were withheld', () => {
    const r = row([rel('self', 1, 1), rel('peer', 2, 3, { shown: false })]);
    expect(othersCell(r)).toEqual({ value: '—', mark: HIDDEN_MARK });
    expect(overallCell(r)).toEqual({ value: '—', mark: HIDDEN_MARK });
  });

  it('shows — without a mark when only self (or nobody) answered', () => {
    const r = row([rel('self', 0, 1), rel('peer', 0, 3)]);
    expect(selfCell(r)).toEqual({ value: '—' });
    expect(othersCell(r)).toEqual({ value: '—' });
    expect(overallCell(r)).toEqual({ value: '—' });
  });
});
