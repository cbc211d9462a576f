import { describe, expect, it } from 'vitest';
import { V2_STATUSES, type V2Status } from './enums';
import {
  V2_ASSIGNMENT_CAPABILITIES,
  V2_ASSIGNMENT_STATUS_ALLOWS,
  v2AnswerRefusal,
  v2AssignmentAllows,
  v2AssignmentStands,
  v2NominationMayChange,
  type V2AnswerRefusal,
  type V2AssignmentCapability,
} from './v2-assignment-rules';
import { V2_ASSIGNMENT_STATUSES, type V2AssignmentStatus } from './v2-assignments';
import { V2_NOMINATION_STATUSES } from './v2-nominations';

/** Every capability (rows) in every state (columns: pending, completed, declined). */
const EXPECTED: Record<V2AssignmentCapability, [pending: boolean, completed: boolean, declined: boolean]> = {
  answer: [true, false, false],
  change: [true, false, true],
};

describe('v2AssignmentAllows', () => {
  it('names every capability of the table, and only those', () => {
    expect([...V2_ASSIGNMENT_CAPABILITIES].sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const status of V2_ASSIGNMENT_STATUSES) {
      expect(Object.keys(V2_ASSIGNMENT_STATUS_ALLOWS[status]).sort()).toEqual(Object.keys(EXPECTED).sort());
    }
  });

  for (const [capability, byStatus] of Object.entries(EXPECTED)) {
    V2_ASSIGNMENT_STATUSES.forEach((status, i) => {
      it(`${byStatus[i] ? 'allows' : 'refuses'} ${capability} when ${status}`, () => {
        expect(v2AssignmentAllows(status)[capability as V2AssignmentCapability]).toBe(byStatus[i]);
      });
    });
  }
});

describe('v2AssignmentStands', () => {
  it('leaves out only a declined request (decision 034)', () => {
    expect(v2AssignmentStands('pending')).toBe(true);
    expect(v2AssignmentStands('completed')).toBe(true);
    expect(v2AssignmentStands('declined')).toBe(false);
  });
});

describe('v2AnswerRefusal', () => {
  const declined: V2AnswerRefusal = {
    message: 'Rechazaste esta solicitud de evaluación: ya no se puede responder.',
    code: 'ASSIGNMENT_DECLINED',
  };
  const answered: V2AnswerRefusal = {
    message: 'Esta asignación ya fue respondida.',
    code: 'ALREADY_ANSWERED',
  };
  const notOpen: V2AnswerRefusal = { message: 'La evaluación no está abierta.', code: 'EVALUATION_NOT_OPEN' };
  const closed: V2AnswerRefusal = { message: 'La evaluación no está abierta.', code: 'EVALUATION_CLOSED' };
  const evaluationStates = [...V2_STATUSES, undefined] as const;
  /** Per assignment state, the refusal in each evaluation state (draft, open, closed, gone). */
  const cases: Record<V2AssignmentStatus, Array<V2AnswerRefusal | null>> = {
    pending: [notOpen, null, closed, notOpen],
    completed: [answered, answered, answered, answered],
    declined: [declined, declined, declined, declined],
  };

  for (const assignment of V2_ASSIGNMENT_STATUSES) {
    evaluationStates.forEach((evaluation: V2Status | undefined, i) => {
      it(`${assignment} in ${evaluation ?? 'a missing evaluation'}`, () => {
        expect(v2AnswerRefusal(assignment, evaluation)).toEqual(cases[assignment][i]);
      });
    });
  }
});

describe('v2NominationMayChange', () => {
  it('is final once approved', () => {
    expect(V2_NOMINATION_STATUSES.map((s) => [s, v2NominationMayChange(s)])).toEqual([
      ['borrador', true],
      ['enviada', true],
      ['aprobada', false],
    ]);
  });
});
