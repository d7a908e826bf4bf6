import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { Alias } from 'vite';
import react from '@vitejs/plugin-react';
import { inlineCssPlugin } from './build/inline-css.ts';
import { pagePreloadsPlugin } from './build/page-preloads.ts';
import { precompressPlugin } from './build/precompress.ts';
import { themeCssPlugin } from './build/theme-css.ts';

const API_ORIGIN = 'http://localhost:8000';

/*
 * Production builds draw with Preact (src/app/preact-client.ts says why); the dev server and the
 * unit tests (vitest.config.ts) keep React, whose development build warns about mistakes.
 */
const PREACT: Alias[] = [
  {
    find: /^react-dom\/client$/,
    replacement: fileURLToPath(new URL('src/app/preact-client.ts', import.meta.url)),
  },
  {
    find: /^@emotion\/use-insertion-effect-with-fallbacks$/,
    replacement: fileURLToPath(new URL('src/app/preact-emotion.ts', import.meta.url)),
  },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/* `zod` is zod set up for our CSP (src/lib/zod-jitless.ts), wherever it is imported. */
const ZOD: Alias = {
  find: /^zod$/,
  replacement: fileURLToPath(new URL('src/lib/zod-jitless.ts', import.meta.url)),
};

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    pagePreloadsPlugin(fileURLToPath(new URL('src/app/router.tsx', import.meta.url))),
    themeCssPlugin(),
    inlineCssPlugin(),
    precompressPlugin(),
  ],
  resolve: { alias: command === 'build' ? [ZOD, ...PREACT] : [ZOD] },
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
    // One stylesheet, which inlineCssPlugin puts inside index.html.
    cssCodeSplit: false,
    rolldownOptions: {
      treeshake: {
        // Our own modules have no import-time effects worth keeping when nothing they export is
        // used: barrels (`features/auth`, `@agora/shared`) then stop pulling forms, every
        // schema and zod-only helpers into the first load of pages that use one selector. The
        // zod set-up is imported for its effect alone, and Preact's client for its title hook.
        moduleSideEffects: [
          {
            test: /(packages\/shared|apps\/web)\/src\/(?!lib\/zod-jitless|app\/preact-client)/,
            sideEffects: false,
          },
        ],
      },
      output: {
        codeSplitting: {
          groups: [
            // The zod set-up runs with zod itself, before any chunk's schema touches it.
            { name: 'zod', test: /node_modules\/zod\/|src\/lib\/zod-jitless/ },
          ],
        },
      },
    },
  },
}));
