import { Migrator, sql } from 'kysely';
import type { DatabaseHandle } from './connection';
import { allMigrations } from './migrations/index';

export class MigrationError extends Error {}

/**
 * On PostgreSQL the migration tables are looked up in the connection's own schema: Kysely otherwise
 * checks for them in every schema, so a database holding several schemas (the tests make one per
 * suite, in parallel) could see another schema's tables and skip creating its own.
 */
async function migrationSchema(handle: DatabaseHandle): Promise<string | undefined> {
  if (handle.engine !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(handle.db);
  return rows[0]?.schema ?? undefined;
}

/** Brings the schema to the latest version; throws if any migration fails. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrationTableSchema = await migrationSchema(handle);
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => allMigrations(handle.engine) },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'desconocida';
    throw new MigrationError(`La migración ${failed} falló: ${String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
