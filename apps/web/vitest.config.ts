import { defineConfig } from 'vitest/config';

/**
 * The web's build checks: the built app's bundle budget (it reads apps/web/dist, or WEB_DIST_DIR) and
 * the source's layers (lint zones and no loop between folders, which need no build).
 */
export default defineConfig({
  test: {
    name: 'web-build',
    root: import.meta.dirname,
    include: ['build-tools/**/*.test.ts'],
    environment: 'node',
  },
});
