import { V2_NOMINATION_MESSAGES as M, aboveMaxMessage, belowMinMessage } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import {
  addNominee,
  candidates,
  draftProblem,
  personLabel,
  removeNominee,
  setRelation,
  toInput,
} from './nominee-list';

const p = (id: number, name = `P${id}`) => ({ id, name, department: null, position: null });
const rules = { evaluateeId: 1, managerId: 2, min: 2, max: 3 };

describe('a nomination list', () => {
  it('adds people once, changes a relation, removes, and becomes the call body', () => {
    let list = addNominee([], p(5), 'peer');
    list = addNominee(list, p(5), 'report');
    list = addNominee(list, p(6), 'peer');
    list = setRelation(list, 6, 'report');
    expect(toInput(list)).toEqual([
      { nominee_id: 5, relation: 'peer' },
      { nominee_id: 6, relation: 'report' },
    ]);
    expect(toInput(removeNominee(list, 5))).toEqual([{ nominee_id: 6, relation: 'report' }]);
  });

  it("says why it cannot be sent with the server's sentences", () => {
    expect(draftProblem([{ ...p(5), relation: 'peer' }], rules)).toBe(belowMinMessage(2));
    const four = [7, 8, 9, 10].map((id) => ({ ...p(id), relation: 'peer' as const }));
    expect(draftProblem(four, rules)).toBe(aboveMaxMessage(3));
    expect(draftProblem([{ ...p(1), relation: 'peer' }], rules)).toBe(M.self);
    expect(draftProblem([{ ...p(2), relation: 'peer' }], rules)).toBe(M.isManager);
    expect(draftProblem(four.slice(0, 2), rules)).toBeNull();
    expect(belowMinMessage(1)).toBe('Propón al menos 1 evaluador.');
  });

  it('offers in the search neither the person, nor their manager, nor those chosen', () => {
    const list = [{ ...p(5), relation: 'peer' as const }];
    expect(candidates([p(1), p(2), p(5), p(6)], list, [1, 2]).map((c) => c.id)).toEqual([6]);
    expect(personLabel({ id: 3, name: 'Ana', department: 'Ciencias', position: 'Docente' })).toBe(
      'Ana — Docente · Ciencias',
    );
  });
});
