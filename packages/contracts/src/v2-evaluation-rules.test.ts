import { describe, expect, it } from 'vitest';
import { V2_STATUSES, type V2Status } from './enums';
import {
  V2_EVALUATION_CAPABILITIES,
  V2_STATUS_ALLOWS,
  v2EvaluationAllows,
  v2TransitionRefusal,
  type V2EvaluationCapability,
} from './v2-evaluation-rules';

/** Every capability (rows) in every state (columns: draft, open, closed). */
const EXPECTED: Record<V2EvaluationCapability, [draft: boolean, open: boolean, closed: boolean]> = {
  edit: [true, false, false],
  editItems: [true, false, false],
  dueDate: [true, true, false],
  delete: [true, false, false],
  open: [true, false, false],
  close: [false, true, false],
  answer: [false, true, false],
  remind: [false, true, false],
  assign: [true, true, false],
  results: [false, true, true],
};

describe('v2EvaluationAllows', () => {
  it('names every capability of the table, and only those', () => {
    expect([...V2_EVALUATION_CAPABILITIES].sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const status of V2_STATUSES) {
      expect(Object.keys(V2_STATUS_ALLOWS[status]).sort()).toEqual(Object.keys(EXPECTED).sort());
    }
  });

  for (const [capability, byStatus] of Object.entries(EXPECTED)) {
    V2_STATUSES.forEach((status, i) => {
      it(`${byStatus[i] ? 'allows' : 'refuses'} ${capability} in ${status}`, () => {
        expect(v2EvaluationAllows(status)[capability as V2EvaluationCapability]).toBe(byStatus[i]);
      });
    });
  }
});

describe('v2TransitionRefusal', () => {
  const cases: Array<[from: V2Status, to: V2Status, refusal: string | null]> = [
    ['draft', 'draft', 'La evaluación ya está en borrador.'],
    ['draft', 'open', null],
    ['draft', 'closed', 'La evaluación debe abrirse antes de cerrarse.'],
    ['open', 'draft', 'Una evaluación abierta no puede volver a borrador.'],
    ['open', 'open', 'La evaluación ya está abierta.'],
    ['open', 'closed', null],
    ['closed', 'draft', 'Una evaluación cerrada no se puede reabrir.'],
    ['closed', 'open', 'Una evaluación cerrada no se puede reabrir.'],
    ['closed', 'closed', 'La evaluación ya está cerrada.'],
  ];

  it('covers every from × to', () => {
    expect(cases).toHaveLength(V2_STATUSES.length * V2_STATUSES.length);
  });

  for (const [from, to, refusal] of cases) {
    it(`${from} → ${to}: ${refusal ?? 'allowed'}`, () => {
      expect(v2TransitionRefusal(from, to)).toBe(refusal);
    });
  }

  it('agrees with the table: open and close are the two steps forward', () => {
    for (const status of V2_STATUSES) {
      expect(v2EvaluationAllows(status).open).toBe(v2TransitionRefusal(status, 'open') === null);
      expect(v2EvaluationAllows(status).close).toBe(v2TransitionRefusal(status, 'closed') === null);
    }
  });
});
