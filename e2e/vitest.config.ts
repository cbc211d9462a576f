import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Each file has its own server, database, port and browser: files run side by side like the API
    // files, as many at a time as the root config's maxWorkers (two on two cores).
  },
});
