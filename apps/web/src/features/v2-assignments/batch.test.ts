import { ERROR_CODES, multipleManagersMessage } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { checkPair, multipleManagersRefusal } from './batch';

describe('multipleManagersRefusal', () => {
  it('answers the server’s sentence for a 409 MULTIPLE_MANAGERS', () => {
    const sentence = multipleManagersMessage(12);
    expect(multipleManagersRefusal(new ApiError(409, ERROR_CODES.multipleManagers, sentence))).toBe(sentence);
  });

  it('is null for any other failure', () => {
    expect(multipleManagersRefusal(new ApiError(409, ERROR_CODES.conflict, 'Otro conflicto.'))).toBeNull();
    expect(multipleManagersRefusal(new ApiError(400, ERROR_CODES.multipleManagers, 'x'))).toBeNull();
    expect(multipleManagersRefusal(new Error('red'))).toBeNull();
    expect(multipleManagersRefusal(null)).toBeNull();
  });
});

describe('checkPair', () => {
  it('lets a second manager of the same person into the batch: the server asks for confirmation', () => {
    const first = checkPair('2', '9', 'manager', true, []);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const second = checkPair('3', '9', 'manager', true, [first.entry]);
    expect(second).toEqual({ ok: true, entry: { evaluator_id: 3, evaluatee_id: 9, relation: 'manager' } });
  });
});
