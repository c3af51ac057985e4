import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Two pages: the teacher app (index.html) and the children's app (learn/index.html, served at
 * /learn/). They share the hashed assets/ folder; each page loads only its own entry's chunks.
 */
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
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        learn: fileURLToPath(new URL('./learn/index.html', import.meta.url)),
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
