import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built web apps so that `npm start` is one process: the teacher app (apps/web/dist)
 * at / and the children's app (apps/learn/dist, built with base /learn/) at /learn/; /learn
 * redirects there so its relative hash routes work (docs/learn-web.md, "Bundle and serving").
 * Routes are hash-based, so only index.html and its hashed assets are needed; index.html is
 * revalidated on every load (no-cache), the hashed assets (Vite's assets/) are cached for a year
 * as immutable. Each file is sent pre-compressed (brotli or gzip, as the browser accepts) when the
 * build made a .br / .gz of it.
 */
export async function registerWeb(app: FastifyInstance, webDist: string, learnDist?: string) {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built: run `npm run build`');
    return;
  }
  const options = {
    wildcard: false,
    index: ['index.html'],
    // index.html.br / .gz and the assets' .br / .gz, made by scripts/compress-web.mjs at build time.
    preCompressed: true,
    setHeaders(reply: FastifyReply, file: string) {
      reply.header(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  };
  await app.register(fastifyStatic, { root: webDist, ...options });
  if (!learnDist || !fs.existsSync(path.join(learnDist, 'index.html'))) {
    app.log.warn({ learnDist }, "children's app not built: run `npm run build`");
    return;
  }
  // A second root; the reply's sendFile decorator is the first registration's.
  await app.register(fastifyStatic, { root: learnDist, prefix: '/learn/', decorateReply: false, ...options });
  app.get('/learn', (request, reply) => {
    const q = request.url.indexOf('?');
    return reply.redirect(`/learn/${q >= 0 ? request.url.slice(q) : ''}`, 301);
  });
}
