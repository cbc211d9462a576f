import { defineConfig } from 'vitest/config';

/** `npm test` runs every project: the API suite (SQLite, and PostgreSQL when configured) and e2e. */
export default defineConfig({
  test: {
    projects: ['apps/server/vitest.config.ts', 'packages/contracts/vitest.config.ts', 'e2e/vitest.config.ts'],
  },
});
