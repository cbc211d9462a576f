import type { V2EvaluatorAssignment } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { defaultRelation, evaluatorChange, relationOf } from './evaluator-change';

const assigned = (
  evaluator: number,
  relation: V2EvaluatorAssignment['relation'],
  status: V2EvaluatorAssignment['status'] = 'pending',
): V2EvaluatorAssignment => ({
  id: evaluator * 10,
  evaluator_id: evaluator,
  evaluator_name: `P${evaluator}`,
  relation,
  status,
  rater_standing: 'counts',
});

describe('evaluatorChange (decision 035)', () => {
  const initial = [assigned(2, 'peer'), assigned(3, 'manager'), assigned(7, 'self')];

  it('sends the spec’s bare difference when every relation is the default', () => {
    expect(evaluatorChange(initial, new Set([2, 3, 7, 4]), new Map(), 7)).toEqual({ add: [4], remove: [] });
    expect(evaluatorChange(initial, new Set([2]), new Map(), 7)).toEqual({ add: [], remove: [3, 7] });
    expect(evaluatorChange([], new Set([7]), new Map([[7, 'self']]), 7)).toEqual({ add: [7], remove: [] });
  });

  it('names the relation of an added evaluator picked as Jefe or Colaborador directo', () => {
    expect(
      evaluatorChange(
        initial,
        new Set([2, 3, 7, 4, 5]),
        new Map([
          [4, 'manager'],
          [5, 'peer'],
        ]),
        7,
      ),
    ).toEqual({ add: [4, 5], remove: [], relations: { 4: 'manager' } });
  });

  it('names a changed relation of an assigned evaluator, not an unchanged one nor a removed one', () => {
    const picked = new Map([
      [2, 'report'],
      [3, 'manager'],
      [9, 'manager'],
    ] as const);
    expect(evaluatorChange(initial, new Set([2, 3]), picked, 7)).toEqual({
      add: [],
      remove: [7],
      relations: { 2: 'report' },
    });
  });

  it('reads an evaluator’s relation: picked, else assigned, else the default', () => {
    expect(relationOf(3, 7, initial, new Map())).toBe('manager');
    expect(relationOf(3, 7, initial, new Map([[3, 'report']]))).toBe('report');
    expect(relationOf(4, 7, initial, new Map())).toBe('peer');
    expect(relationOf(7, 7, [], new Map())).toBe('self');
    expect(defaultRelation(1, 2)).toBe('peer');
  });
});
