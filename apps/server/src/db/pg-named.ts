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
 * renamed (a new generation) so each is prepared afresh, and the statement is run again when it was
 * not inside a transaction (inside one, the transaction has already failed; the caller's retry or
 * next request finds fresh statements).
 */

/** How many SQL texts the process remembers having seen, before it starts counting afresh. */
const SEEN_LIMIT = 5000;
/** Named statements kept on one connection at most. */
export const NAMED_PER_CONNECTION = 300;
/** Runs of a text before it is given a name. */
const RUNS_BEFORE_NAMING = 2;
const CACHED_PLAN_CHANGED = '0A000';

interface ClientState {
  generation: number;
  named: Set<string>;
  inTransaction: boolean;
}

function planChanged(err: unknown): boolean {
  const { code, message } = err as { code?: unknown; message?: unknown };
  return code === CACHED_PLAN_CHANGED && typeof message === 'string' && message.includes('cached plan');
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
    const patched = async (text: unknown, values?: unknown, callback?: unknown) => {
      if (typeof text !== 'string' || callback !== undefined) return original(text, values, callback);
      const command = text.trimStart().slice(0, 9).toLowerCase();
      if (command.startsWith('begin') || command.startsWith('start tra')) state.inTransaction = true;
      else if (command.startsWith('commit') || command.startsWith('rollback')) state.inTransaction = false;
      if (!Array.isArray(values) || values.length === 0 || !this.#repeated(text)) {
        return original(text, values);
      }
      const name = this.#nameFor(state, text);
      if (name === null) return original(text, values);
      try {
        return await original({ name, text, values });
      } catch (err) {
        if (!planChanged(err)) throw err;
        // The schema changed under the kept statements: prepare every one afresh, under new names.
        state.generation += 1;
        state.named.clear();
        if (state.inTransaction) throw err;
        const fresh = this.#nameFor(state, text);
        return original(
          fresh === null ? text : { name: fresh, text, values },
          fresh === null ? values : undefined,
        );
      }
    };
    (client as unknown as { query: Query }).query = patched;
    return client;
  }

  /** The statement's name on this connection, or null when the connection keeps enough already. */
  #nameFor(state: ClientState, text: string): string | null {
    const name = `e${state.generation}_${this.#digest(text)}`;
    if (state.named.has(name)) return name;
    if (state.named.size >= this.#perConnection) return null;
    state.named.add(name);
    return name;
  }
}
