import type { CallDef } from '@ondoku/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed, Topic } from '../db/change-feed.js';
import { compressBodyFast, compressionThreshold, replyEncoding, type ReplyEncoding } from './compression.js';
import { ReadCache } from './read-cache.js';

/**
 * The reply cache of `route(app, call, { cache }, handler)`: the written reply per teacher and
 * input, kept in this process until the change feed hears of a change to the teacher's data
 * (docs/architecture.md, "Read caches"). lib/route.ts registers the call and calls
 * `cachedReply()` for a teacher's request; which routes cache, and until when, each module says
 * in its `read-caches.ts`.
 */

/**
 * Only for a teacher's read whose every table announces its changes (migrations 0019–0021, 0026,
 * 0030); `now` is the clock the handler goes by; `validUntil` the next time the reply would change
 * by itself (null: never); `topics` the topics of the teacher's data (db/change-feed.ts `TOPICS`)
 * the reply is read from. Without `topics` the reply depends on every topic: any change of the
 * teacher's data makes it stale. A route that reads none of them says `[]`; one that reads a
 * table of a topic must name it, or a child's hand-in would leave its reply stale.
 */
export interface ReplyCacheOptions {
  now: () => Date;
  validUntil?: (teacherId: number, now: Date) => Promise<Date | null>;
  topics?: readonly Topic[];
}

/** A kept reply: the written JSON, and the same compressed once per encoding asked for. */
type KeptReply = { json: string; utf8Bytes: number; large: boolean } & Partial<Record<ReplyEncoding, Buffer>>;

/**
 * What a kept reply weighs in memory: the JSON as a string (two bytes a character once it holds
 * any Japanese) and an allowance of its UTF-8 length for the compressed copies made later (brotli
 * and gzip of such lists come to well under half of it each).
 */
const keptBytes = (k: KeptReply) => 2 * k.json.length + k.utf8Bytes;

/**
 * The written replies of every `cache` route of an app (one per change feed, so per app): at most
 * 5,000 replies and 64 MiB, the least recently used going first (docs/architecture.md, "Read
 * caches"). Keyword searches make one entry per keyword; they share the budget.
 */
export const REPLY_CACHE_LIMITS = { max: 5_000, maxBytes: 64 * 1024 * 1024 };
const replyCaches = new WeakMap<ChangeFeed, ReadCache<KeptReply>>();
export const replyCacheOf = (app: FastifyInstance) => {
  let cache = replyCaches.get(app.changeFeed);
  if (!cache)
    replyCaches.set(
      app.changeFeed,
      (cache = new ReadCache<KeptReply>(app.changeFeed, { ...REPLY_CACHE_LIMITS, sizeOf: keptBytes })),
    );
  return cache;
};

/**
 * Apps whose reply cache is passed by (the benches' miss path, docs/benchmarks.md): every request
 * reads, writes and checks its reply as a request the cache has not seen does, and nothing is kept
 * or shared between requests.
 */
const bypassed = new WeakSet<ChangeFeed>();
export const bypassReplyCache = (app: FastifyInstance, on: boolean) =>
  void (on ? bypassed.add(app.changeFeed) : bypassed.delete(app.changeFeed));

/**
 * How the requests of an app's `cache` routes were answered (the benches print it,
 * docs/benchmarks.md): from a kept reply, by a read another request had under way, or by a read
 * of their own (a miss, or the cache passed by).
 */
export interface ReplyCacheCounts {
  kept: number;
  shared: number;
  read: number;
}
const countMaps = new WeakMap<ChangeFeed, ReplyCacheCounts>();
export const replyCacheCounts = (app: FastifyInstance): ReplyCacheCounts => {
  let counts = countMaps.get(app.changeFeed);
  if (!counts) countMaps.set(app.changeFeed, (counts = { kept: 0, shared: 0, read: 0 }));
  return counts;
};

/** The reads of `cache` routes under way in an app, by key, each with the feed's mark from its start. */
type Flight = { mark: number; read: Promise<{ kept: KeptReply; until: number }> };
const flightMaps = new WeakMap<ChangeFeed, Map<string, Flight>>();
const flightsOf = (app: FastifyInstance) => {
  let flights = flightMaps.get(app.changeFeed);
  if (!flights) flightMaps.set(app.changeFeed, (flights = new Map()));
  return flights;
};

/**
 * A `cache` route's reply for the acting teacher: the kept one, or `read()`'s (the handler's
 * data), written, kept and sent.
 */
export async function cachedReply(
  app: FastifyInstance,
  call: CallDef,
  opts: ReplyCacheOptions,
  read: () => Promise<unknown>,
  ctx: { input: unknown; request: FastifyRequest; teacher: { id: number } },
  reply: FastifyReply,
) {
  const teacherId = ctx.teacher.id;
  const cache = replyCacheOf(app);
  const now = opts.now();
  const key = `${call.path} ${teacherId} ${JSON.stringify(ctx.input)}`;
  const bypass = bypassed.has(app.changeFeed);
  let kept = bypass ? undefined : cache.get(key, now.getTime());
  const counts = replyCacheCounts(app);
  if (kept !== undefined) counts.kept++;
  else {
    // The same read already under way, begun since the teacher's last announced change (so it
    // sees every write this request could know of), answers this request too: 50 clients that
    // miss one key at once make one query, not 50.
    const flights = flightsOf(app);
    const flight = bypass ? undefined : flights.get(key);
    if (flight && app.changeFeed.unchangedSince(teacherId, flight.mark, opts.topics)) {
      const done = await flight.read;
      if (now.getTime() < done.until) {
        kept = done.kept;
        counts.shared++;
      }
    }
    if (kept === undefined) {
      counts.read++;
      const mark = bypass ? null : cache.mark();
      const reading = (async () => {
        const [data, until] = await Promise.all([read(), opts.validUntil ? opts.validUntil(teacherId, now) : null]);
        const json = reply.serialize({ errcode: 0, errmsg: '', data }) as string;
        const utf8Bytes = Buffer.byteLength(json);
        const made: KeptReply = { json, utf8Bytes, large: utf8Bytes >= compressionThreshold };
        return { kept: made, until: until?.getTime() ?? Infinity };
      })();
      // While the feed is not listening nothing is cached, and no read is shared either.
      if (mark !== null) flights.set(key, { mark, read: reading });
      try {
        const done = await reading;
        kept = done.kept;
        cache.set(key, teacherId, mark, kept, now.getTime(), done.until, opts.topics);
      } finally {
        if (flights.get(key)?.read === reading) flights.delete(key);
      }
    }
  }
  reply.type('application/json; charset=utf-8');
  const encoding = kept.large ? replyEncoding(ctx.request) : null;
  if (!encoding) return reply.send(kept.json);
  // Compressed once, not on every request (the compression hook leaves an encoded reply alone),
  // at the fastest settings: a miss pays for it on every request.
  const body = (kept[encoding] ??= compressBodyFast(kept.json, encoding));
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(body);
}
