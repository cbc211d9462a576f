import { isStoreFault } from './errors';

/**
 * The last time a write of this database failed because the store could not take it (full,
 * read-only, failing disk; decision 044), by database handle — so that /api/health says so. Noted by
 * the error handler and by the background jobs that write (the mail sender); cleared by the health
 * check once a write of its own succeeds and no other has failed for STORE_FAULT_HOLD_MS.
 */
const lastFault = new WeakMap<object, number>();

/** A failure this recent keeps health not ok even when the health check's own write succeeds. */
export const STORE_FAULT_HOLD_MS = 5000;

/** Notes `err` when it is a store fault; returns whether it was. */
export function noteIfStoreFault(db: object, err: unknown, now = Date.now()): boolean {
  if (!isStoreFault(err)) return false;
  lastFault.set(db, now);
  return true;
}

/** When a write last failed for the store's sake (undefined: none since the last recovery). */
export function lastStoreFault(db: object): number | undefined {
  return lastFault.get(db);
}

export function clearStoreFault(db: object): void {
  lastFault.delete(db);
}
