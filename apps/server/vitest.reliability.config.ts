import { defineConfig } from 'vitest/config';

/**
 * Reliability tests: the real app in child processes (crashes, a PostgreSQL restart, two instances,
 * a short load run). Each file has its own processes, ports, databases (a private PostgreSQL cluster
 * where it stops one) and asserts no duration: they run beside the other projects' files, two at a
 * time, instead of alone after them with a core idle (decision 045).
 */
export default defineConfig({
  test: {
    name: 'reliability',
    root: import.meta.dirname,
    include: ['test/reliability/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
