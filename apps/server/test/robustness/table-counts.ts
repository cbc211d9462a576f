import { sql } from 'kysely';
import type { TestContext } from '../context';

export type Counts = Record<string, number>;

/** Every table of the test database (its own PostgreSQL schema, or the SQLite file), from introspection. */
export async function listTables(t: TestContext): Promise<string[]> {
  const all = await t.db.introspection.getTables();
  let schema: string | undefined;
  if (t.engine === 'postgres') {
    const r = await sql<{ s: string }>`select current_schema() as s`.execute(t.db);
    schema = r.rows[0]?.s;
  }
  return all
    .filter((x) => !x.isView && (schema === undefined || x.schema === schema))
    .map((x) => x.name)
    .filter((n) => !n.startsWith('kysely_'))
    .sort();
}

/** Row count of every table, in one statement. */
export async function countRows(t: TestContext, tables: string[]): Promise<Counts> {
  const cols = tables.map((name) => sql`(select count(*) from ${sql.table(name)}) as ${sql.ref(name)}`);
  const r = await sql<Record<string, number | string>>`select ${sql.join(cols)}`.execute(t.db);
  const row = r.rows[0] ?? {};
  return Object.fromEntries(tables.map((name) => [name, Number(row[name])]));
}

/** The tables whose counts differ, as "table: before → after". */
export function diffCounts(before: Counts, after: Counts, ignore: readonly string[] = []): string[] {
  return Object.keys(after)
    .filter((k) => !ignore.includes(k) && before[k] !== after[k])
    .map((k) => `${k}: ${before[k]} → ${after[k]}`);
}
