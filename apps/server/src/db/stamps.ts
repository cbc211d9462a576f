import { sql, type Kysely } from 'kysely';
import { onPostgres } from './dialect';
import { preparedQuery } from './prepared';
import { groupRollbacksOf } from './sqlite-driver';
import type { StampTopic } from './migrations/0011-data-stamps';

export type { StampTopic } from './migrations/0011-data-stamps';

/**
 * Figures cached with exact invalidation (decision 032). Triggers give a topic a new stamp in the
 * same transaction as any change to its tables (migration 0011); a cached figure is kept with the
 * stamps read just before it was computed, and served only while they are unchanged. Reading the
 * stamps first makes it safe: anything committed after that read changes them, so an entry whose
 * stamps still match was computed from the data as it still is — on any number of instances sharing
 * one PostgreSQL, and whatever the write path.
 */

interface StampDatabase {
  data_stamps: { topic: string; shard: number; stamp: string };
}

/**
 * The statement reading some topics' stamps, compiled once per database (prepared.ts). A select
 * built with Kysely, not raw SQL: the SQLite driver runs a raw statement only after the open group
 * has committed (decision 020), a select at once.
 */
function stampQuery(topics: readonly StampTopic[]) {
  return preparedQuery((db: Kysely<StampDatabase>) => {
    const postgres = onPostgres(db);
    const q = db.selectFrom('data_stamps').where('topic', 'in', [...topics]);
    return postgres
      ? q.select(['topic', sql<string>`sum(stamp)::text`.as('stamp')]).groupBy('topic')
      : q.select(['topic', 'stamp']);
  });
}

/** The current stamps of some topics, as one string (one statement), with the query to read them. */
export function stampReader(topics: readonly StampTopic[]): <DB>(db: Kysely<DB>) => Promise<string> {
  const query = stampQuery(topics);
  return async <DB>(db: Kysely<DB>) => {
    const rows = await query(db as unknown as Kysely<StampDatabase>);
    const byTopic = new Map(rows.map((r) => [r.topic, String(r.stamp)]));
    // A topic never changed yet has no row: its stamp is '-'.
    return topics.map((t) => `${t}:${byTopic.get(t) ?? '-'}`).join(' ');
  };
}

interface Entry<V> {
  stamp: string;
  value: Promise<V>;
}

/**
 * Values computed from the database, each under a key, served again while the stamps of `topics` are
 * the ones read before computing it. Concurrent requests for the same key and stamps share one
 * computation. At most `maxEntries` keys are kept (the least recently used go first); a failed
 * computation is not kept. Callers must not change a value they get: it is shared.
 */
export class StampedCache<V> {
  /** Per database (its Kysely adapter, as prepared.ts keys its cache): tests run many at once. */
  private readonly byDatabase = new WeakMap<object, Map<string, Entry<V>>>();
  private readonly readStamps: <DB>(db: Kysely<DB>) => Promise<string>;

  constructor(
    topics: readonly StampTopic[],
    private readonly maxEntries: number,
  ) {
    this.readStamps = stampReader(topics);
  }

  async get<DB>(db: Kysely<DB>, key: string, compute: () => Promise<V>): Promise<V> {
    // A SQLite group that fails after a computation read its writes: what was computed then is
    // never served again, although the stamps went back to what they were (decision 032).
    const rollbacks = groupRollbacksOf(db);
    const stamp = `${rollbacks} ${await this.readStamps(db)}`;
    const adapter = db.getExecutor().adapter;
    let entries = this.byDatabase.get(adapter);
    if (!entries) {
      entries = new Map();
      this.byDatabase.set(adapter, entries);
    }
    const hit = entries.get(key);
    if (hit && hit.stamp === stamp) {
      // Most recently used last.
      entries.delete(key);
      entries.set(key, hit);
      return hit.value;
    }
    const value = compute();
    const entry = { stamp, value };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > this.maxEntries) entries.delete(entries.keys().next().value as string);
    const held = entries;
    value.catch(() => {
      if (held.get(key) === entry) held.delete(key);
    });
    return value;
  }
}
