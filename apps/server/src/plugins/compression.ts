import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What replies are compressed with, in the order preferred, and from which size. */
const encodings = ['br', 'gzip'] as const;
export type ReplyEncoding = (typeof encodings)[number];
export const compressionThreshold = 1024;
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Brotli or gzip for replies of 1 KiB or more (brotli at quality 4, quick enough per request;
 * the web app's files are compressed at build time instead, see scripts/compress-web.mjs), and
 * `Cache-Control: no-store` on every reply that has not set its own cache policy: API replies
 * carry personal data and must not stay in any cache. Only the web app's files (plugins/web.ts)
 * set one.
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

/**
 * The encoding the compression hook would choose for a reply to this request, or null. Replies
 * kept by a read cache (lib/route.ts) are compressed once with it instead of on every request.
 */
export function replyEncoding(request: FastifyRequest): ReplyEncoding | null {
  const header = request.headers['accept-encoding'];
  if (!header || request.headers['x-no-compression'] !== undefined) return null;
  // As @fastify/compress reads it: x-gzip and the no-preference token are gzip.
  const chosen = negotiate(header.toLowerCase().replace(/x-gzip|\*/g, 'gzip'), [...encodings]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/** A reply body compressed as the compression hook would. */
export const compressBody = (body: string, encoding: ReplyEncoding): Buffer =>
  encoding === 'br' ? brotliCompressSync(body, brotliOptions) : gzipSync(body);
