import type { V2MyAssignment } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { resolveLinkedItem } from '../../components/linked-item';
import { assignmentLinkState, canEvaluate } from './linked';

const row = (over: Partial<V2MyAssignment>): V2MyAssignment => ({
  assignment_id: 1,
  evaluation_id: 10,
  evaluation_name: '360 2026',
  period: '2026',
  evaluation_status: 'open',
  evaluatee_id: 5,
  evaluatee_name: 'Ana Pérez',
  relation: 'peer',
  assignment_status: 'pending',
  due_date: null,
  ...over,
});

describe('the 360 form a reminder link opens (?assignment=id)', () => {
  it('opens a pending assignment of an open evaluation, as its "Evaluar" button would', () => {
    expect(canEvaluate(row({}))).toBe(true);
    expect(assignmentLinkState(row({}))).toBe('pending');
  });

  it('opens nothing once answered, or when the evaluation is closed', () => {
    expect(assignmentLinkState(row({ assignment_status: 'completed' }))).toBe('done');
    expect(assignmentLinkState(row({ evaluation_status: 'closed' }))).toBe('done');
    expect(canEvaluate(row({ evaluation_status: 'closed' }))).toBe(false);
  });

  it("finds the assignment among the caller's own by its id", () => {
    const rows = [
      row({ assignment_id: 3 }),
      row({ assignment_id: 4, assignment_status: 'completed' }),
      row({ assignment_id: 5, evaluation_status: 'closed' }),
    ];
    const resolve = (param: string) =>
      resolveLinkedItem(param, rows, (r) => r.assignment_id, assignmentLinkState).kind;
    expect(resolve('3')).toBe('open');
    expect(resolve('4')).toBe('gone');
    expect(resolve('5')).toBe('gone');
    expect(resolve('6')).toBe('gone');
  });
});
