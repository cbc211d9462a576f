import type { Engine } from '../src/db/connection';

/**
 * The engines the API suite runs on: SQLite always; PostgreSQL when TEST_DATABASE_URL is set.
 * REQUIRE_PG=1 (CI) turns a missing TEST_DATABASE_URL into a failure instead of a skip.
 */
export function testEngines(): Engine[] {
  if (process.env.TEST_DATABASE_URL) return ['sqlite', 'postgres'];
  if (process.env.REQUIRE_PG === '1') {
    throw new Error(
      'REQUIRE_PG=1 pero TEST_DATABASE_URL no está definido: las pruebas de PostgreSQL no pueden omitirse.',
    );
  }
  return ['sqlite'];
}
