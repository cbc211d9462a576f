import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs every project: the API suite (SQLite, and PostgreSQL when configured), the built web
 * app's bundle budget and e2e.
 */
export default defineConfig({
  test: {
    projects: [
      'apps/server/vitest.config.ts',
      'apps/server/vitest.isolated.config.ts',
      'apps/server/vitest.reliability.config.ts',
      'packages/contracts/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.unit.config.ts',
      'e2e/vitest.config.ts',
    ],
  },
});
