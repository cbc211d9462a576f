import { describe, expect, it } from 'vitest';
import { resolveLinkedItem } from '../../components/linked-item';
import type { RowStatus } from './CollaboratorList';
import { collaboratorLinkState } from './linked';

describe('the V1 form a reminder link opens (?collaborator=id)', () => {
  it("follows the row's 'Evaluar' button: pending opens, evaluated does not, checking waits", () => {
    expect(collaboratorLinkState('pending')).toBe('pending');
    expect(collaboratorLinkState('evaluated')).toBe('done');
    expect(collaboratorLinkState('checking')).toBe('checking');
  });

  it("finds the collaborator among the evaluator's own by the collaborator's id", () => {
    const rows: Array<{ id: number; collaborator_id: number; status: RowStatus }> = [
      { id: 1, collaborator_id: 20, status: 'pending' },
      { id: 2, collaborator_id: 21, status: 'evaluated' },
      { id: 3, collaborator_id: 22, status: 'checking' },
    ];
    const resolve = (param: string) =>
      resolveLinkedItem(
        param,
        rows,
        (a) => a.collaborator_id,
        (a) => collaboratorLinkState(a.status),
      );
    expect(resolve('20')).toEqual({ kind: 'open', param: '20', item: rows[0] });
    // The assignment's own id is not the collaborator's.
    expect(resolve('1').kind).toBe('gone');
    expect(resolve('21').kind).toBe('gone');
    expect(resolve('22').kind).toBe('waiting');
  });
});
