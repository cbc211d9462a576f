import type { V2RelationResult, V2Results } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { relationResult } from '../../test-support/v2-relations';
import { completionRows, groupRows } from './groups';

const group = relationResult;

/** What a non-admin gets of an open evaluation: counts only. */
function withheld(relations: V2RelationResult[]): V2Results {
  return {
    evaluation: {
      id: 1,
      name: 'Evaluación 360',
      period: 'Q1-2026',
      status: 'open',
      weights: { weight_objectives: 40, weight_competencies: 60 },
    },
    evaluatee: { id: 7, name: 'Ana', department: null, position: null },
    relations,
    self: null,
    others: null,
    items: [],
    comments: [],
    released: false,
  };
}

describe('completionRows', () => {
  it('lists each assigned relation with completed and assigned raters, without the merged group', () => {
    const rows = completionRows([
      group('self', 0, 1),
      group('manager', 1, 1, { raters_counted: 0 }),
      group('peer', 2, 3, { raters_counted: 1 }),
      group('peer_report', 2, 3),
    ]);
    expect(rows).toEqual([
      { key: 'self', label: 'Autoevaluación', completed: 0, assigned: 1, counted: null },
      { key: 'manager', label: 'Jefe', completed: 1, assigned: 1, counted: null },
      {
        key: 'peer',
        label: 'Pares',
        completed: 2,
        assigned: 3,
        counted: '1 de 2 cuenta para el anonimato',
      },
    ]);
  });
});

describe('groupRows', () => {
  it('shows no figure of a withheld result and notes the answers that do not count', () => {
    const rows = groupRows(
      withheld([group('self', 1, 1), group('manager', 1, 1), group('peer', 3, 3, { raters_counted: 2 })]),
    );
    expect(rows.map((r) => [r.key, r.state, r.overall, r.counted])).toEqual([
      ['self', 'hidden', null, null],
      ['others', 'hidden', null, null],
      ['manager', 'hidden', null, null],
      ['peer', 'hidden', null, '2 de 3 cuentan para el anonimato'],
    ]);
  });
});
