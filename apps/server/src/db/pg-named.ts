import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/**
 * Named prepared statements for PostgreSQL (issue 31, decision 061).
 *
 * Kysely sends every statement unnamed, so PostgreSQL parses and plans it on every call; for the
 * person-results statement planning cost 3× its execution. A named statement is parsed once per
 * connection, and after five runs PostgreSQL may keep a generic plan. Here each pool client's `query`
 * gives a statement a name once its SQL text has been seen twice in this process (a one-off — a
 * batch of a size used once, an IN-list of some length — stays unnamed), so only the statements
 * the app repeats are kept, and at most `perConnection` of them on each connection: past that, new
 * texts run unnamed, as before. Only statements with parameters are named (they already use the
 * extended protocol; a text of several statements could not be prepared).
 *
 * A schema change by a migration of another instance can make a kept statement's result type wrong
 * ("cached plan must not change result type", SQLSTATE 0A000): the connection's statements are then
 * renamed (a new generation) so each is prepared afresh, and — when it was not inside a transaction —
 * the old ones are freed (DEALLOCATE ALL) and the statement runs again (inside one, the transaction
 * has already failed; the caller's retry or next request finds fresh statements). Statements with
 * more than MAX_NAMED_PARAMETERS parameters stay unnamed.
 */

/** How many SQL texts the process remembers having seen, before it starts counting afresh. */
const SEEN_LIMIT = 5000;
/** Named statements kept on one connection at most. */
export const NAMED_PER_CONNECTION = 300;
/**
 * Statements with more parameters are not named: long IN-lists, one text per length, would fill a
 * connection's slots and leave the hot statements unnamed.
 */
const MAX_NAMED_PARAMETERS = 256;
/** Runs of a text before it is given a name. */
const RUNS_BEFORE_NAMING = 2;
const CACHED_PLAN_CHANGED = '0A000';

interface ClientState {
  generation: number;
  named: Set<string>;
  inTransaction: boolean;
}

/**
 * "cached plan must not change result type": known by the server's routine, which is never
 * translated (a server with lc_messages in Spanish words the message otherwise).
 */
function planChanged(err: unknown): boolean {
  const { code, routine } = err as { code?: unknown; routine?: unknown };
  return code === CACHED_PLAN_CHANGED && routine === 'RevalidateCachedQuery';
}

type Query = (text: unknown, values?: unknown, callback?: unknown) => unknown;

export interface NamedStatementOptions {
  perConnection?: number;
}

export class NamedStatements {
  readonly #seen = new Map<string, number>();
  readonly #digests = new Map<string, string>();
  readonly #clients = new WeakMap<object, ClientState>();
  readonly #perConnection: number;

  constructor(options: NamedStatementOptions = {}) {
    this.#perConnection = options.perConnection ?? NAMED_PER_CONNECTION;
  }

  /** A Kysely pool over `pool` whose clients name the statements the app repeats. */
  wrap(pool: PostgresPool): PostgresPool {
    return {
      connect: async () => this.#patch(await pool.connect()),
      end: () => pool.end(),
    };
  }

  #digest(text: string): string {
    let digest = this.#digests.get(text);
    if (!digest) {
      if (this.#digests.size >= SEEN_LIMIT) this.#digests.clear();
      digest = createHash('sha1').update(text).digest('hex').slice(0, 20);
      this.#digests.set(text, digest);
    }
    return digest;
  }

  /** Whether this text has been run often enough in the process to be worth a name. */
  #repeated(text: string): boolean {
    const runs = (this.#seen.get(text) ?? 0) + 1;
    if (runs <= RUNS_BEFORE_NAMING) {
      if (this.#seen.size >= SEEN_LIMIT) this.#seen.clear();
      this.#seen.set(text, runs);
    }
    return runs >= RUNS_BEFORE_NAMING;
  }

  #patch(client: PostgresPoolClient): PostgresPoolClient {
    if (this.#clients.has(client)) return client;
    const state: ClientState = { generation: 0, named: new Set(), inTransaction: false };
    this.#clients.set(client, state);
    const original = (client.query as unknown as Query).bind(client);
    // Not async: what is passed through (a Cursor, a callback) is returned as pg returns it.
    const patched = (text: unknown, values?: unknown, callback?: unknown): unknown => {
      if (typeof text !== 'string' || callback !== undefined) return original(text, values, callback);
      const command = text.trimStart().slice(0, 9).toLowerCase();
      if (command.startsWith('begin') || command.startsWith('start tra')) state.inTransaction = true;
      else if (command.startsWith('commit') || command.startsWith('rollback')) {
        // 'rollback to savepoint' keeps the transaction open.
        if (!/^\s*rollback\s+to\b/i.test(text)) state.inTransaction = false;
      }
      if (!Array.isArray(values) || values.length === 0 || values.length > MAX_NAMED_PARAMETERS) {
        return original(text, values);
      }
      const name = this.#nameFor(state, text);
      if (name === null) return original(text, values);
      return (original({ name, text, values }) as Promise<unknown>).catch(async (err: unknown) => {
        if (!planChanged(err)) throw err;
        // The schema changed under the kept statements: prepare every one afresh, under new names,
        // and free the old ones on the server when the connection can still run a command.
        state.generation += 1;
        state.named.clear();
        if (state.inTransaction) throw err;
        await original('DEALLOCATE ALL');
        const fresh = this.#nameFor(state, text);
        return fresh === null ? original(text, values) : original({ name: fresh, text, values });
      });
    };
    (client as unknown as { query: Query }).query = patched;
    return client;
  }

  /**
   * The statement's name on this connection: the one it has, or a new one once the text has
   * repeated in the process; null while it has not, or when the connection keeps enough already.
   */
  #nameFor(state: ClientState, text: string): string | null {
    const name = `e${state.generation}_${this.#digest(text)}`;
    if (state.named.has(name)) return name;
    if (!this.#repeated(text) || state.named.size >= this.#perConnection) return null;
    state.named.add(name);
    return name;
  }
}
