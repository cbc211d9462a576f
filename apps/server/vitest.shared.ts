/** What the two API projects share (vitest.config.ts and vitest.isolated.config.ts). */
export const serverTestOptions = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

/**
 * The files that replace a module with vi.mock (they record Fastify's routes): a mocked module must not
 * leak into the files that share a worker, so these run isolated. A test (test/isolation.test.ts) fails
 * when another file starts mocking without being listed here.
 */
export const FILES_THAT_MOCK_MODULES = [
  'src/http/api-docs.test.ts',
  'test/authz/matrix.test.ts',
  'test/robustness/fuzz.test.ts',
];
