import type { V2RelationResult, V2SnapshotDetail, V2SnapshotDetailRow, V2Summary } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../i18n/format';
import {
  compareCompletionOnly,
  completionPersonRows,
  completionSummaryRows,
  summaryRows,
} from './compare-data';
import { completionCell, completionColumns, completionOnly, personCompletion } from './completion';

const NONE = { competencies_percentage: null, objectives_percentage: null, overall_percentage: null };

function summary(completed: number, total: number, released?: boolean): V2Summary {
  return {
    evaluatees: 2,
    evaluatees_scored: 0,
    assignments_total: total,
    assignments_completed: completed,
    completion_percentage: (completed / total) * 100,
    overall_average: null,
    by_relation: [
      { relation: 'self', total: 2, completed: Math.min(2, completed), overall_average: null },
      { relation: 'manager', total: 2, completed: 0, overall_average: null },
      { relation: 'peer', total: total - 4, completed: Math.max(0, completed - 2), overall_average: null },
      { relation: 'report', total: 0, completed: 0, overall_average: null },
    ],
    distribution: [],
    ...(released === undefined ? {} : { released }),
  };
}

function rel(
  relation: V2RelationResult['relation'],
  completed: number,
  assigned: number,
  counted = completed,
): V2RelationResult {
  return {
    relation,
    raters_completed: completed,
    raters_assigned: assigned,
    raters_counted: counted,
    shown: false,
    below_threshold: false,
    ...NONE,
  };
}

function row(id: number, name: string, relations: V2RelationResult[]): V2SnapshotDetailRow {
  return {
    evaluatee_id: id,
    evaluatee_name: name,
    department: null,
    position: null,
    relations,
    self: null,
    others: null,
    overall_percentage: null,
  };
}

function snapshot(label: string, s: V2Summary, detail: V2SnapshotDetailRow[]): V2SnapshotDetail {
  return {
    snapshot: {
      id: 1,
      label,
      notes: null,
      created_by: 1,
      created_by_name: 'Dirección',
      created_at: '2026-01-01T00:00:00.000Z',
      anonymity_min_raters: 3,
      results_released: false,
    },
    summary: s,
    detail,
  };
}

describe('completionOnly', () => {
  it('is true only when the server says the summary was not released to this viewer', () => {
    expect(completionOnly(summary(1, 10, false))).toBe(true);
    expect(completionOnly(summary(1, 10, true))).toBe(false);
    // Admin's view of an older snapshot, without the field.
    expect(completionOnly(summary(1, 10))).toBe(false);
  });
});

describe('completion cells', () => {
  const r = row(5, 'Ana', [
    rel('self', 1, 1),
    rel('manager', 1, 1, 0),
    rel('peer', 3, 3, 1),
    rel('peer_report', 3, 3, 1),
  ]);

  it('has a column per relation some row has, never the merged group', () => {
    expect(completionColumns([r, row(6, 'Luis', [rel('report', 0, 2)])])).toEqual([
      'self',
      'manager',
      'peer',
      'report',
    ]);
  });

  it('shows completed of assigned and, in anonymous groups, the answers that count', () => {
    expect(completionCell(r, 'self')).toEqual({ value: '1 de 1' });
    expect(completionCell(r, 'manager')).toEqual({ value: '1 de 1' });
    expect(completionCell(r, 'peer')).toEqual({
      value: '3 de 3',
      counted: '1 de 3 cuenta para el anonimato',
    });
    expect(completionCell(r, 'report')).toEqual({ value: '—' });
  });

  it('adds up a person without counting the merged group twice', () => {
    expect(personCompletion(r)).toEqual({ completed: 5, assigned: 5 });
  });
});

describe('comparing completion', () => {
  const a = snapshot('A', summary(3, 10, false), [
    row(1, 'Zoila', [rel('self', 1, 1), rel('peer', 1, 3)]),
    row(2, 'Ana', [rel('self', 0, 1)]),
  ]);
  const b = snapshot('B', summary(4, 10, false), [
    row(1, 'Zoila', [rel('self', 1, 1), rel('peer', 2, 3)]),
    row(3, 'Bruno', [rel('self', 1, 1)]),
  ]);

  it('is chosen when either snapshot came without figures', () => {
    expect(compareCompletionOnly(a, b)).toBe(true);
    const released = snapshot('C', summary(4, 10, true), []);
    expect(compareCompletionOnly(a, released)).toBe(true);
    expect(compareCompletionOnly(released, released)).toBe(false);
  });

  it('compares counts and completion, with no average rows', () => {
    const rows = completionSummaryRows(a.summary, b.summary);
    expect(rows.map((r) => r.label)).toEqual([
      'Personas evaluadas',
      'Asignaciones completadas',
      'Asignaciones totales',
      'Cumplimiento',
      'Completadas: Autoevaluación',
      'Completadas: Jefe',
      'Completadas: Pares',
      'Completadas: Colaboradores directos',
    ]);
    expect(rows[1]).toEqual({ label: 'Asignaciones completadas', a: '3', b: '4', change: '+1' });
    expect(rows[3]!.change).toBe(`+${formatNumber(10, 2)} pts`);
    expect(rows.some((r) => r.label.startsWith('Promedio'))).toBe(false);
    // The figures' comparison would have had the averages.
    expect(summaryRows(a.summary, b.summary).some((r) => r.label === 'Promedio general')).toBe(true);
  });

  it('compares each person’s completed raters, by name', () => {
    expect(completionPersonRows(a, b)).toEqual([
      { id: 2, name: 'Ana', a: '0 de 1', b: '—', change: '—' },
      { id: 3, name: 'Bruno', a: '—', b: '1 de 1', change: '—' },
      { id: 1, name: 'Zoila', a: '2 de 4', b: '3 de 4', change: '+1' },
    ]);
  });
});
