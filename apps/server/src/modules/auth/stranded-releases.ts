import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Releases of attempt reservations that the database could not take (it went away between the
 * reservation and its release). Each would otherwise stay a failure that nobody made, and a few of
 * them after an outage would lock out a person who never typed a wrong password. `release` never
 * throws; the next attempt of this instance retries them first (`retry`, which never throws either). A crash of the instance
 * loses the list: those rows age out with the lock window.
 */
export function strandedReleases(remove: (db: Kysely<Database>, id: number) => Promise<void>) {
  const stranded = new WeakMap<object, Set<number>>();
  return {
    async release(db: Kysely<Database>, id: number): Promise<void> {
      try {
        await remove(db, id);
      } catch {
        const ids = stranded.get(db) ?? new Set<number>();
        ids.add(id);
        stranded.set(db, ids);
      }
    },
    async retry(db: Kysely<Database>): Promise<void> {
      const ids = stranded.get(db);
      if (!ids) return;
      for (const id of [...ids]) {
        try {
          await remove(db, id);
        } catch {
          return; // Still refused: kept for the next attempt.
        }
        ids.delete(id);
      }
    },
  };
}
