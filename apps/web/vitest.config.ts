import { defineConfig } from 'vitest/config';

/** The built web app's checks (they read apps/web/dist, or WEB_DIST_DIR): the bundle budget. */
export default defineConfig({
  test: {
    name: 'web-build',
    root: import.meta.dirname,
    include: ['build-tools/**/*.test.ts'],
    environment: 'node',
  },
});
