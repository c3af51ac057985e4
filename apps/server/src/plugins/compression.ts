import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { brotliOptions, compressionThreshold, encodings } from '../lib/compression.js';

/**
 * Brotli or gzip for replies of 1 KiB or more (brotli at quality 4, quick enough per request;
 * the web app's files are compressed at build time instead, see scripts/compress-web.mjs), and
 * `Cache-Control: no-store` on every reply that has not set its own cache policy: API replies
 * carry personal data and must not stay in any cache. Only the web app's files (plugins/web.ts)
 * set one. The encodings and sizes are in lib/compression.ts (read caches compress with them too).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    encodings: [...encodings],
    threshold: compressionThreshold,
    brotliOptions,
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
