import { defineConfig } from 'vitest/config';

/**
 * The web app's tests, beside the code: pure logic (src/**\/*.test.ts, in node) and render tests of
 * screens (src/**\/*.test.tsx, each with a `@vitest-environment jsdom` docblock; see
 * src/test-support/render.tsx and fake-api.ts). The setup file only acts where there is a DOM.
 */
export default defineConfig({
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['src/test-support/render-setup.ts'],
    // A render test clicks through a screen in well under a second; on a loaded machine it may take
    // several: no test waits for a clock, so the limit only stops a hung one.
    testTimeout: 30_000,
    // The files of a worker share their modules (issue 28: 80 s → 31 s on two cores; each file still
    // gets its own jsdom window). Safe because no web test replaces a module (isolation.test.ts)
    // and render-setup.ts keeps its per-test record on globalThis.
    isolate: false,
  },
});
