import type { V2RelationResult, V2Results } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { anonymousGroup, completionRows, countedNote, groupRows } from './groups';

const NONE = { competencies_percentage: null, objectives_percentage: null, overall_percentage: null };

function group(
  relation: V2RelationResult['relation'],
  completed: number,
  assigned: number,
  extra: Partial<V2RelationResult> = {},
): V2RelationResult {
  return {
    relation,
    raters_completed: completed,
    raters_assigned: assigned,
    raters_counted: completed,
    shown: false,
    below_threshold: false,
    ...NONE,
    ...extra,
  };
}

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

describe('anonymousGroup', () => {
  it('applies the threshold to peers, reports, the merged group and several managers only', () => {
    expect(anonymousGroup(group('self', 1, 1))).toBe(false);
    expect(anonymousGroup(group('manager', 1, 2))).toBe(false);
    expect(anonymousGroup(group('manager', 2, 2))).toBe(true);
    expect(anonymousGroup(group('peer', 1, 3))).toBe(true);
    expect(anonymousGroup(group('report', 0, 3))).toBe(true);
    expect(anonymousGroup(group('peer_report', 2, 5))).toBe(true);
  });
});

describe('countedNote', () => {
  it('says how many answers count when some of an anonymous group do not', () => {
    expect(countedNote(group('peer', 3, 3, { raters_counted: 1 }))).toBe('1 de 3 cuenta para el anonimato');
    expect(countedNote(group('report', 2, 4, { raters_counted: 0 }))).toBe(
      '0 de 2 cuentan para el anonimato',
    );
    expect(countedNote(group('manager', 3, 3, { raters_counted: 2 }))).toBe(
      '2 de 3 cuentan para el anonimato',
    );
  });

  it('says nothing when every answer counts, the count is unknown, or the group is attributed', () => {
    expect(countedNote(group('peer', 3, 3))).toBeNull();
    expect(countedNote(group('peer', 3, 3, { raters_counted: undefined }))).toBeNull();
    expect(countedNote(group('self', 1, 1, { raters_counted: 0 }))).toBeNull();
    expect(countedNote(group('manager', 1, 1, { raters_counted: 0 }))).toBeNull();
  });
});

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
