import type { Kysely } from 'kysely';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import {
  clearStoreFault,
  lastStoreFault,
  noteIfStoreFault,
  STORE_FAULT_HOLD_MS,
} from '../../db/store-faults';
import { nowIso } from '../../time';
import { probeWrite } from './repository';

/** The health check's first rule: the database answers a trivial query (throws when it does not). */
export { databaseAnswers as checkDatabase } from './repository';

/**
 * Whether the database takes writes (decision 044). Cheap while nothing failed: no write at all.
 * After a write failed because the store could not take it (noted by the error handler and the
 * mail sender), every check writes a little: it stays false while that write fails or another write
 * failed in the last STORE_FAULT_HOLD_MS, and the memory is cleared once both hold again — the
 * server recovers by itself when space returns.
 */
export async function storeTakesWrites(
  db: Kysely<Database>,
  engine: Engine,
  now = Date.now(),
): Promise<boolean> {
  const since = lastStoreFault(db);
  if (since === undefined) return true;
  try {
    await probeWrite(db, engine, nowIso(now));
  } catch (err) {
    if (noteIfStoreFault(db, err)) return false;
    throw err;
  }
  if (now - since < STORE_FAULT_HOLD_MS) return false;
  // Only if no other write failed meanwhile.
  if (lastStoreFault(db) === since) clearStoreFault(db);
  return true;
}
