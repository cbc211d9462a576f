import { defineConfig } from 'vitest/config';

/** Unit tests of the web app's pure logic, beside the code (src/**\/*.test.ts). */
export default defineConfig({
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
