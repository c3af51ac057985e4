import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The children's app, served at /learn/ by the server (apps/server/src/plugins/web.ts) from this
 * build's dist/: every asset URL starts with /learn/. It has no public folder of its own; the
 * favicon is the teacher app's /favicon.svg. docs/learn-web.md, "Bundle and serving".
 */
export default defineConfig({
  plugins: [react()],
  base: '/learn/',
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
  // `npm run dev -w @ondoku/learn`: http://localhost:5174/learn/ beside the teacher app's 5173.
  server: { port: 5174, proxy: { '/api': 'http://localhost:3000' } },
});
