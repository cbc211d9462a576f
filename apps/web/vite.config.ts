import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { endpointPaths } from './build-tools/endpoint-paths';
import { precompress } from './build-tools/precompress';

export default defineConfig({
  // endpointPaths(): the web keeps only method and path of each contract endpoint (decision 024).
  // precompress(): .br and .gz next to each built asset, served by the server (preCompressed).
  plugins: [endpointPaths(), react(), precompress()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
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
