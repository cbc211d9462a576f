import type { UserLookupRow, V2BatchEntry } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages';
import {
  batchIds,
  entryProblems,
  flaggedCount,
  idProblem,
  insertedNotice,
  lookupIndex,
  removeEntry,
} from './batch';

const t = messages.v2Assignments;

const user = (id: number, status = true): UserLookupRow => ({
  id,
  name: `Persona ${id}`,
  department: null,
  position: null,
  status,
});
const entry = (evaluator: number, evaluatee: number, relation: V2BatchEntry['relation'] = 'peer') => ({
  evaluator_id: evaluator,
  evaluatee_id: evaluatee,
  relation,
});

describe('batch checks against the lookup (decision 035)', () => {
  const batch = [entry(1, 2), entry(3, 2, 'manager'), entry(4, 4, 'self'), entry(9, 1)];
  // 9 was asked and names nobody; 3 is inactive; 5 was never asked.
  const index = lookupIndex({ asked: [1, 2, 3, 4, 9], rows: [user(1), user(2), user(3, false), user(4)] });

  it('asks each id once, in order', () => {
    expect(batchIds(batch)).toEqual([1, 2, 3, 4, 9]);
    expect(batchIds([])).toEqual([]);
  });

  it('flags an unknown and an inactive id with a sentence naming it', () => {
    expect(idProblem(9, index)).toBe('El usuario 9 no existe.');
    expect(idProblem(3, index)).toBe('El usuario 3 está inactivo.');
    expect(idProblem(1, index)).toBeNull();
    expect(entryProblems(batch[1]!, index)).toEqual([t.lookupInactive(3)]);
    expect(entryProblems(batch[3]!, index)).toEqual([t.lookupUnknown(9)]);
    expect(entryProblems(entry(9, 3), index)).toEqual([t.lookupUnknown(9), t.lookupInactive(3)]);
    // A self entry names its id once.
    expect(entryProblems(entry(9, 9, 'self'), index)).toEqual([t.lookupUnknown(9)]);
    expect(flaggedCount(batch, index)).toBe(2);
  });

  it('flags nothing not yet checked: no lookup, or an id the lookup was not asked', () => {
    expect(idProblem(9, undefined)).toBeNull();
    expect(idProblem(5, index)).toBeNull();
    expect(flaggedCount([entry(5, 1)], index)).toBe(0);
    expect(flaggedCount(batch, undefined)).toBe(0);
  });

  it('removes one row and keeps the others in order; removing the flagged rows unblocks the batch', () => {
    expect(removeEntry(batch, 1)).toEqual([batch[0], batch[2], batch[3]]);
    expect(removeEntry(batch, 0)).toEqual(batch.slice(1));
    expect(removeEntry(batch, 7)).toEqual(batch);
    expect(removeEntry([batch[0]!], 0)).toEqual([]);
    expect(flaggedCount(removeEntry(removeEntry(batch, 3), 1), index)).toBe(0);
  });

  it('reports 0 inserted as a neutral notice, not as the success sentence', () => {
    expect(insertedNotice(3)).toEqual({ tone: 'success', message: 'Se insertaron 3 asignación(es).' });
    expect(insertedNotice(1)).toEqual({ tone: 'success', message: 'Se insertaron 1 asignación(es).' });
    const none = insertedNotice(0);
    expect(none.tone).toBe('neutral');
    expect(none.message).toBe(t.noneInserted);
    expect(none.message).not.toContain('Se insertaron');
  });
});
