import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * How replies are compressed: the encodings, the threshold and the brotli quality the compression
 * plugin (plugins/compression.ts) registers, and the same applied by hand to replies kept by a
 * read cache (lib/route.ts). On the floor, so lib never imports a plugin.
 */

/** What replies are compressed with, in the order preferred, and from which size. */
export const encodings = ['br', 'gzip'] as const;
export type ReplyEncoding = (typeof encodings)[number];
export const compressionThreshold = 1024;
export const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

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

/**
 * A reply body compressed at the fastest settings (brotli quality 1, gzip level 1): the reply
 * cache's, whose replies are written on every miss, so every hand-in of a class made the next
 * read pay for it (docs/benchmarks.md, "Hit, miss and hand-ins": an 8 KB homework page took 2.5 ×
 * the CPU of brotli 1 at quality 4, for a reply 713 instead of 914 bytes).
 */
const fastBrotli = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
export const compressBodyFast = (body: string, encoding: ReplyEncoding): Buffer =>
  encoding === 'br' ? brotliCompressSync(body, fastBrotli) : gzipSync(body, { level: 1 });
