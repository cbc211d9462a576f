import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'contracts', root: import.meta.dirname, include: ['src/**/*.test.ts'], environment: 'node' },
});
