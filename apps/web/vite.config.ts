import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The teacher app (the children's app at /learn/ is its own build: apps/learn). */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      // react-router's package exports only its development build (ENABLE_DEV_WARNINGS = true), so
      // its warnings stayed in the bundle; the production build beside it is the same code without.
      {
        find: /^react-router$/,
        replacement: fileURLToPath(
          new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
        ),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // What the entry loads at once (react, the request layer, the notifier, …) in one chunk
        // beside the entry, not five small ones: fewer files compress better (docs/benchmarks.md,
        // first view).
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
