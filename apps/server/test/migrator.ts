import { Migrator, sql } from 'kysely';
import { allMigrations } from '../src/db/migrations/index';
import type { TestContext } from './context';

/** A migrator over the test database (on PostgreSQL, the test's own schema), to go down and up again. */
export async function testMigrator(t: TestContext): Promise<Migrator> {
  const schema =
    t.engine === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0]!.s
      : undefined;
  return new Migrator({
    db: t.db,
    provider: { getMigrations: async () => allMigrations(t.engine) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}
