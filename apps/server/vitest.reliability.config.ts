import { defineConfig } from 'vitest/config';

/**
 * Reliability tests: the real app in child processes (crashes, a PostgreSQL restart, two instances,
 * a short load run). Slow and CPU-hungry, so one file at a time.
 */
export default defineConfig({
  test: {
    name: 'reliability',
    root: import.meta.dirname,
    include: ['test/reliability/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // One worker, so a group of its own (vitest runs projects of different maxWorkers in different
    // groups): after the parallel group, alone on the machine, as these timings need.
    sequence: { groupOrder: 1 },
  },
});
