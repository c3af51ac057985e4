import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import { contentTypeOfKey, isStorageKey, type Storage } from '../../lib/storage.js';
import { parseRange } from './range.js';
import { findPublicMedia } from './repository.js';
import { MEDIA_PREFIX } from './service.js';

/**
 * GET/HEAD /media/:key — public files (library model audio and pictures) by content address.
 * Range requests answer 206 (an <audio> seek bar needs them), an unsatisfiable or malformed
 * `bytes=` range 416; the key is the content's SHA-256, so the ETag is that hash and the file may
 * be cached forever. Unknown keys and private files (children's recordings) answer 404: those
 * will be served by a route that checks the teacher (docs/library.md, "Storage").
 */
export function mediaRoutes(app: FastifyInstance, deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;

  app.route<{ Params: { key: string } }>({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_PREFIX}:key`,
    // Ranges address the stored bytes: never re-encode them (SVGs are small anyway).
    compress: false,
    schema: { hide: true },
    handler: async (request, reply) => {
      const { key } = request.params;
      const record = isStorageKey(key) ? await findPublicMedia(db, key) : undefined;
      const stat = record ? await storage.stat(key) : null;
      if (!record || !stat) return notFound(reply);
      const size = stat.size;
      const etag = `"${key.slice(0, 64)}"`;
      reply
        .header('content-type', record.contentType || contentTypeOfKey(key) || 'application/octet-stream')
        .header('accept-ranges', 'bytes')
        .header('etag', etag)
        .header('cache-control', 'public, max-age=31536000, immutable')
        // An SVG opened by itself must not run anything in our origin.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");

      const inm = request.headers['if-none-match'];
      if (inm && inm.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
        return reply.code(304).send();
      }
      const rangeHeader = request.headers.range;
      const ifRange = request.headers['if-range'];
      const range = rangeHeader && (!ifRange || ifRange === etag) ? parseRange(rangeHeader, size) : undefined;
      if (range === 'invalid') {
        return reply.code(416).header('content-range', `bytes */${size}`).send();
      }
      const head = request.method === 'HEAD';
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1);
        return head ? reply.send() : reply.send(storage.read(key, range));
      }
      reply.code(200).header('content-length', size);
      if (head || size === 0) return reply.send();
      return reply.send(storage.read(key));
    },
  });
}

function notFound(reply: FastifyReply) {
  return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found');
}
