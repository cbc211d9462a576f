import { ERROR_CODES, V2_ASSIGNMENT_MESSAGES as M, multipleManagersMessage } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { messages } from '../../i18n/messages';
import { checkPair, checkSelf, multipleManagersRefusal } from './batch';

const t = messages.v2Assignments;

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

describe('checkPair rules', () => {
  it('parses the typed ids (trimmed) into an entry', () => {
    expect(checkPair(' 4 ', '5', 'peer', undefined, [])).toEqual({
      ok: true,
      entry: { evaluator_id: 4, evaluatee_id: 5, relation: 'peer' },
    });
  });

  it('asks for evaluator, evaluatee and relation when one is missing or not an id', () => {
    expect(checkPair('', '5', 'peer', true, [])).toEqual({ ok: false, message: t.batchIncomplete });
    expect(checkPair('4', '5', null, true, [])).toEqual({ ok: false, message: t.batchIncomplete });
    expect(checkPair('4', 'x', 'peer', true, [])).toEqual({ ok: false, message: t.batchIncomplete });
  });

  it('applies the server’s relation rules with its sentences', () => {
    expect(checkPair('4', '5', 'self', true, [])).toEqual({ ok: false, message: M.selfMismatch });
    expect(checkPair('4', '4', 'peer', true, [])).toEqual({ ok: false, message: M.sameNeedsSelf });
    expect(checkPair('4', '4', 'self', false, [])).toEqual({ ok: false, message: M.selfNotAllowed });
  });

  it('refuses a pair already in the batch, whatever its relation', () => {
    const batch = [{ evaluator_id: 4, evaluatee_id: 5, relation: 'peer' as const }];
    expect(checkPair('4', '5', 'manager', true, batch)).toEqual({ ok: false, message: t.duplicate });
    expect(checkPair('5', '4', 'report', true, batch)).toEqual({
      ok: true,
      entry: { evaluator_id: 5, evaluatee_id: 4, relation: 'report' },
    });
  });
});

describe('checkSelf', () => {
  it('adds the person as their own evaluator when the evaluation allows it', () => {
    expect(checkSelf('8', true, [])).toEqual({
      ok: true,
      entry: { evaluator_id: 8, evaluatee_id: 8, relation: 'self' },
    });
    expect(checkSelf('8', undefined, [])).toEqual({
      ok: true,
      entry: { evaluator_id: 8, evaluatee_id: 8, relation: 'self' },
    });
  });

  it('refuses a bad id, a refused self-evaluation and a repeat', () => {
    expect(checkSelf('0', true, [])).toEqual({ ok: false, message: t.selfInvalid });
    expect(checkSelf('8', false, [])).toEqual({ ok: false, message: M.selfNotAllowed });
    const batch = [{ evaluator_id: 8, evaluatee_id: 8, relation: 'self' as const }];
    expect(checkSelf('8', true, batch)).toEqual({ ok: false, message: t.duplicate });
  });
});
