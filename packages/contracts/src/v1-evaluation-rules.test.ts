import { describe, expect, it } from 'vitest';
import { V1_STATUSES } from './enums';
import {
  V1_EVALUATION_CAPABILITIES,
  V1_STATUS_ALLOWS,
  questionBankIsReady,
  v1EvaluationAllows,
  type V1EvaluationCapability,
} from './v1-evaluation-rules';

/** Every capability (rows) in every state (columns: borrador, abierta, cerrada). */
const EXPECTED: Record<V1EvaluationCapability, [borrador: boolean, abierta: boolean, cerrada: boolean]> = {
  edit: [true, true, true],
  delete: [true, true, true],
  open: [true, false, true],
  close: [false, true, false],
  answer: [false, true, false],
  remind: [false, true, false],
  release: [false, true, true],
};

describe('v1EvaluationAllows', () => {
  it('names every capability of the table, and only those', () => {
    expect([...V1_EVALUATION_CAPABILITIES].sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const status of V1_STATUSES) {
      expect(Object.keys(V1_STATUS_ALLOWS[status]).sort()).toEqual(Object.keys(EXPECTED).sort());
    }
  });

  for (const [capability, byStatus] of Object.entries(EXPECTED)) {
    V1_STATUSES.forEach((status, i) => {
      it(`${byStatus[i] ? 'allows' : 'refuses'} ${capability} in ${status}`, () => {
        expect(v1EvaluationAllows(status)[capability as V1EvaluationCapability]).toBe(byStatus[i]);
      });
    });
  }

  it('offers exactly one of Abrir and Cerrar in every state', () => {
    for (const status of V1_STATUSES) {
      expect(v1EvaluationAllows(status).open).toBe(!v1EvaluationAllows(status).close);
    }
  });
});

describe('questionBankIsReady', () => {
  it('is ready with at least one question', () => {
    expect(questionBankIsReady(0)).toBe(false);
    expect(questionBankIsReady(1)).toBe(true);
    expect(questionBankIsReady(12)).toBe(true);
  });
});
