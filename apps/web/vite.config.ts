import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { endpointPaths } from './build-tools/endpoint-paths.ts';
import { precompress } from './build-tools/precompress.ts';

export default defineConfig({
  // endpointPaths(): the web keeps only method and path of each contract endpoint (decision 024).
  // precompress(): .br and .gz next to each built asset, served by the server (preCompressed).
  plugins: [endpointPaths(), react(), precompress()],
  // `npm run dev`: the API listens on PORT (3000 by default, as apps/server/src/config.ts reads it).
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? '3000'}` } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    // .vite/manifest.json: the budget test (build-tools/bundle-budget.test.ts) follows each route's chunks with it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router change only when the dependencies do: one chunk that browsers keep
            // across deployments (the entry's hash changes whenever any screen does).
            { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
          ],
        },
      },
    },
  },
});
