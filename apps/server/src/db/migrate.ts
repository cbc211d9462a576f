import { Migrator } from 'kysely';
import type { DatabaseHandle } from './connection';
import { allMigrations } from './migrations/index';

export class MigrationError extends Error {}

/** Brings the schema to the latest version; throws if any migration fails. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => allMigrations(handle.engine) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'desconocida';
    throw new MigrationError(`La migración ${failed} falló: ${String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
