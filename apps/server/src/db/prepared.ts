import type { CompiledQuery, Compilable, Kysely } from 'kysely';

/**
 * Queries that run on (nearly) every request, built and compiled once per database instead of on
 * every call (Kysely builds the operation tree and compiles it to SQL each time, which costs more
 * than running a primary-key lookup). The cache is keyed by the database's adapter, which a
 * transaction shares with its database, so queries run inside transactions are compiled once too.
 */

/** Placeholder values: compiled as parameters, then found again in the compiled query. */
const mark = (i: number) => `\u0000evalua-param-${i}\u0000`;

function cacheKey(db: { getExecutor(): { adapter: object } }): object {
  return db.getExecutor().adapter;
}

/**
 * `build` receives placeholder values for the arguments; the compiled query's parameters that are
 * placeholders are replaced by the call's arguments, the others (constants of the query) are kept.
 */
export function preparedQuery<DB, Args extends readonly unknown[], Row>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (db: Kysely<DB>, ...args: Args) => Promise<Row[]> {
  const compiled = new WeakMap<object, { query: CompiledQuery<Row>; slots: number[] }>();
  return async (db, ...args) => {
    const key = cacheKey(db);
    let entry = compiled.get(key);
    if (!entry) {
      const marks = args.map((_, i) => mark(i));
      const query = build(db, ...(marks as unknown as Args)).compile();
      const slots = query.parameters.map((p) => marks.indexOf(p as string));
      if (marks.some((_, i) => !slots.includes(i))) {
        throw new Error('preparedQuery: an argument is not a parameter of the query');
      }
      entry = { query, slots };
      compiled.set(key, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((p, i) => (slots[i]! >= 0 ? args[slots[i]!] : p));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}

/**
 * A multi-row INSERT of rows with the given columns, compiled once per database and row count:
 * `build` receives rows of placeholder values. Every parameter of the compiled query must be one of
 * the rows' values.
 */
export function preparedInsert<DB, Row extends object>(
  columns: ReadonlyArray<keyof Row & string>,
  build: (db: Kysely<DB>, rows: Row[]) => Compilable<unknown>,
): (db: Kysely<DB>, rows: readonly Row[]) => Promise<void> {
  const compiled = new WeakMap<
    object,
    Map<number, { query: CompiledQuery; slots: Array<[number, string]> }>
  >();
  return async (db, rows) => {
    if (rows.length === 0) return;
    const key = cacheKey(db);
    let byCount = compiled.get(key);
    if (!byCount) compiled.set(key, (byCount = new Map()));
    let entry = byCount.get(rows.length);
    if (!entry) {
      const where = new Map<string, [number, string]>();
      const marked = rows.map((_, r) =>
        Object.fromEntries(
          columns.map((c, ci) => {
            const m = mark(r * columns.length + ci);
            where.set(m, [r, c]);
            return [c, m];
          }),
        ),
      ) as Row[];
      const query = build(db, marked).compile();
      const slots = query.parameters.map((p) => {
        const slot = where.get(p as string);
        if (!slot) throw new Error('preparedInsert: a parameter is not a row value');
        return slot;
      });
      if (slots.length !== where.size) throw new Error('preparedInsert: a row value is not a parameter');
      entry = { query, slots };
      if (byCount.size >= 50) byCount.clear();
      byCount.set(rows.length, entry);
    }
    const parameters = entry.slots.map(([r, c]) => (rows[r] as Record<string, unknown>)[c]);
    await db.executeQuery({ ...entry.query, parameters });
  };
}
