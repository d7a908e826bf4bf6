import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './build/precompress';

const API_ORIGIN = 'http://localhost:8000';

export default defineConfig({
  plugins: [react(), precompressPlugin()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api/': API_ORIGIN,
      '/auth/': API_ORIGIN,
      '/media/': API_ORIGIN,
      '/ws/': { target: API_ORIGIN, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // Our own modules have no import-time effects worth keeping when nothing they export is
        // used: barrels (`features/auth`, `@agora/shared`) then stop pulling forms, every
        // schema and zod-only helpers into the first load of pages that use one selector. The
        // zod set-up is imported for its effect alone.
        moduleSideEffects: [
          { test: /(packages\/shared|apps\/web)\/src\/(?!lib\/zod-jitless)/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          // The zod set-up runs with zod itself, before any chunk's schema touches it.
          groups: [{ name: 'zod', test: /node_modules\/zod\/|src\/lib\/zod-jitless/ }],
        },
      },
    },
  },
});
