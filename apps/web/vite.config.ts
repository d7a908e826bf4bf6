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
  },
});
