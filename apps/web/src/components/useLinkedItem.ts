import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { resolveLinkedItem, type LinkedItem, type LinkedRowState } from './linked-item';

interface Options<T> {
  /** The address parameter (?collaborator=…, ?assignment=…). */
  param: string;
  /** The caller's own rows; undefined while loading. */
  rows: readonly T[] | undefined;
  idOf: (row: T) => number;
  stateOf: (row: T) => LinkedRowState;
  /** False where the page's list is not the caller's own (an admin acting for someone): ignored. */
  enabled?: boolean;
}

/**
 * The item a reminder e-mail's link names (see linked-item.ts), and `drop`: removes the parameter
 * from the address (replacing the history entry), so a reload shows the list instead of reopening it.
 */
export function useLinkedItem<T>({ param, rows, idOf, stateOf, enabled = true }: Options<T>): {
  link: LinkedItem<T>;
  drop: () => void;
} {
  const [params, setParams] = useSearchParams();
  const value = enabled ? params.get(param) : null;
  const present = value !== null;
  const drop = useCallback(() => {
    if (!present) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(param);
        return next;
      },
      { replace: true },
    );
  }, [present, param, setParams]);
  return { link: resolveLinkedItem(value, rows, idOf, stateOf), drop };
}
