import { describe, expect, it } from 'vitest';
import { linkedId, resolveLinkedItem, type LinkedRowState } from './linked-item';

interface Row {
  id: number;
  state: LinkedRowState;
}
const rows: Row[] = [
  { id: 7, state: 'pending' },
  { id: 8, state: 'done' },
  { id: 9, state: 'checking' },
];
const resolve = (param: string | null, list: Row[] | undefined) =>
  resolveLinkedItem(
    param,
    list,
    (r) => r.id,
    (r) => r.state,
  );

describe('linkedId', () => {
  it('reads a positive whole number written plainly', () => {
    expect(linkedId('7')).toBe(7);
    expect(linkedId('123456')).toBe(123456);
  });

  it('reads nothing else', () => {
    for (const bad of ['', '0', '-3', '07', '7.0', '1e3', ' 7', '7 ', 'abc', '0x10', '99999999999999999999'])
      expect(linkedId(bad), bad).toBeNull();
  });
});

describe('resolveLinkedItem: which item a reminder link opens', () => {
  it('does nothing without the parameter', () => {
    expect(resolve(null, rows)).toEqual({ kind: 'none' });
    expect(resolve(null, undefined)).toEqual({ kind: 'none' });
  });

  it("opens one of the caller's pending items", () => {
    expect(resolve('7', rows)).toEqual({ kind: 'open', param: '7', item: rows[0] });
  });

  it('waits while the list, or the named row’s state, is loading', () => {
    expect(resolve('7', undefined)).toEqual({ kind: 'waiting', param: '7' });
    expect(resolve('9', rows)).toEqual({ kind: 'waiting', param: '9' });
  });

  it('opens nothing for an item already done, not the caller’s, or not an id', () => {
    expect(resolve('8', rows)).toEqual({ kind: 'gone', param: '8' });
    expect(resolve('42', rows)).toEqual({ kind: 'gone', param: '42' });
    expect(resolve('42', [])).toEqual({ kind: 'gone', param: '42' });
    expect(resolve('abc', rows)).toEqual({ kind: 'gone', param: 'abc' });
    // Not an id is known at once, before the list arrives.
    expect(resolve('abc', undefined)).toEqual({ kind: 'gone', param: 'abc' });
  });
});
