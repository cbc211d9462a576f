import type { V2AssignmentRow } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { evaluateesOf } from './evaluatees';

let next = 1;
function assignment(evaluateeId: number, name: string, status: V2AssignmentRow['status']): V2AssignmentRow {
  return {
    id: next++,
    evaluator_id: 100 + next,
    evaluator_name: 'Alguien',
    evaluatee_id: evaluateeId,
    evaluatee_name: name,
    relation: 'peer',
    status,
    decline_reason: status === 'declined' ? 'No lo conozco.' : null,
    rater_standing: 'counts',
  };
}

describe('evaluateesOf', () => {
  it('gives each evaluatee once, with completed and total raters, by name', () => {
    const rows = [
      assignment(2, 'Zoila', 'completed'),
      assignment(1, 'Ángela', 'pending'),
      assignment(2, 'Zoila', 'pending'),
      assignment(1, 'Ángela', 'completed'),
      assignment(1, 'Ángela', 'completed'),
      assignment(3, 'Bruno', 'pending'),
    ];
    expect(evaluateesOf(rows)).toEqual([
      { id: 1, name: 'Ángela', completed: 2, total: 3 },
      { id: 3, name: 'Bruno', completed: 0, total: 1 },
      { id: 2, name: 'Zoila', completed: 1, total: 2 },
    ]);
  });

  it('orders namesakes by id, and gives nothing without assignments', () => {
    expect(
      evaluateesOf([assignment(9, 'Ana', 'pending'), assignment(4, 'Ana', 'pending')]).map((e) => e.id),
    ).toEqual([4, 9]);
    expect(evaluateesOf([])).toEqual([]);
  });
});
