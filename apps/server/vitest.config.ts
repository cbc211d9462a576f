import { defineConfig } from 'vitest/config';
import { serverTestOptions, FILES_THAT_MOCK_MODULES } from './vitest.shared.ts';

/**
 * The API suite: every file shares its worker's module graph (no fresh process per file), which halves
 * the suite's time. Files that replace a module (vi.mock) run apart, in 'server-isolated'.
 */
export default defineConfig({
  test: {
    ...serverTestOptions,
    globalSetup: ['test/global-setup.ts'],
    name: 'server',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Child-process tests run in their own project (vitest.reliability.config.ts).
    exclude: ['test/reliability/**', ...FILES_THAT_MOCK_MODULES],
    isolate: false,
  },
});
