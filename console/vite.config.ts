import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the service at /console (src/transports/http/console.ts): hashed file names under
// assets/ are cached for a year, index.html is revalidated. `npm run dev` in console/ proxies the
// API to a service on :3001.
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // Read by scripts/build-console.mjs to measure what the first load fetches.
    manifest: true,
    chunkSizeWarningLimit: 400,
  },
  server: { proxy: { '/api': 'http://localhost:3001' } },
});
