import type { CreateTableBuilder } from 'kysely';
import type { Engine } from '../connection';

/** An auto-incrementing integer primary key named id, on either engine. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  engine: Engine,
): CreateTableBuilder<T, 'id'> {
  return engine === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
