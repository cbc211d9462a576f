import { defineConfig } from 'vitest/config';
import { serverTestOptions, FILES_THAT_MOCK_MODULES } from './vitest.shared.ts';

/** The API files that replace a module with vi.mock: each in a fresh module graph of its own. */
export default defineConfig({
  test: {
    ...serverTestOptions,
    globalSetup: ['test/global-setup.ts'],
    name: 'server-isolated',
    root: import.meta.dirname,
    include: [...FILES_THAT_MOCK_MODULES],
    isolate: true,
  },
});
