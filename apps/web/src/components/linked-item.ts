/*
 * Reminder e-mails link each piece of pending work to its list page with the item in the address
 * (/evaluation-form?collaborator=id, /evaluation-form-v2?assignment=id). The page then opens that
 * item's form when it is one of the caller's own pending items, and otherwise shows its list.
 */

/** Where a row of the list stands, as its 'Evaluar' button would: it can be opened, not yet known, or not. */
export type LinkedRowState = 'pending' | 'checking' | 'done';

/** What the address parameter does on the page. */
export type LinkedItem<T> =
  /** No parameter: the list, as always. */
  | { kind: 'none' }
  /** The list, or the named row's state, is still loading. */
  | { kind: 'waiting'; param: string }
  /** One of the caller's pending items: open its form. */
  | { kind: 'open'; param: string; item: T }
  /** Not one of the caller's items, or no longer pending (or not an id at all): the list. */
  | { kind: 'gone'; param: string };

/** The id a parameter names: a positive whole number written plainly, else null. */
export function linkedId(param: string): number | null {
  if (!/^[1-9][0-9]{0,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * Which of `rows` (the caller's own, undefined while loading) the parameter opens. `idOf` is the id
 * the parameter names; `stateOf` says whether that row's 'Evaluar' button is there to click.
 */
export function resolveLinkedItem<T>(
  param: string | null,
  rows: readonly T[] | undefined,
  idOf: (row: T) => number,
  stateOf: (row: T) => LinkedRowState,
): LinkedItem<T> {
  if (param === null) return { kind: 'none' };
  const id = linkedId(param);
  if (id === null) return { kind: 'gone', param };
  if (rows === undefined) return { kind: 'waiting', param };
  const item = rows.find((row) => idOf(row) === id);
  if (item === undefined) return { kind: 'gone', param };
  const state = stateOf(item);
  if (state === 'checking') return { kind: 'waiting', param };
  return state === 'pending' ? { kind: 'open', param, item } : { kind: 'gone', param };
}
