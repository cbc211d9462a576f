import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs every project: the API suite (SQLite, and PostgreSQL when configured), the built web
 * app's bundle budget and e2e.
 */
export default defineConfig({
  test: {
    // vitest's default is one worker less than the cores: a single worker on a 2-core machine, where two
    // run the suite in little more than half the time (the projects are parallel-safe: own database,
    // port, server and browser per file).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
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
