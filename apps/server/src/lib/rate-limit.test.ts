import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../db/schema/index.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { createRateLimiter, type Limit } from './rate-limit.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the database-backed fixed-window rate limiter', () => {
  it('counts hits per key, says "over" past max, forgets on clear and when the window ends', async () => {
    const limiter = createRateLimiter(t.db);
    const a: Limit = { key: 'test:a', max: 2, windowMinutes: 15 };
    const b: Limit = { key: 'test:b', max: 5, windowMinutes: 15 };
    expect((await limiter.hit(a, b)).over).toBe(false);
    expect((await limiter.hit(a)).over).toBe(false);
    expect(await limiter.isLimited(b, a)).toBe(true);
    expect(await limiter.isLimited(b)).toBe(false);
    expect((await limiter.hit(a, b)).over).toBe(true); // a's third hit
    await limiter.clear(a);
    expect(await limiter.isLimited(a)).toBe(false);
    // A window that has ended starts again at 1.
    await limiter.hit(a, a);
    await t.db
      .update(rateLimitCounters)
      .set({ windowStart: sql`now() - interval '16 minutes'` })
      .where(eq(rateLimitCounters.key, a.key));
    expect(await limiter.isLimited(a)).toBe(false);
    await limiter.hit(a);
    const [row] = await t.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, a.key));
    expect(row!.hits).toBe(1);
  });

  it('reserve(): parallel takers get at most max slots, all-or-nothing across limits; release() gives one back', async () => {
    const limiter = createRateLimiter(t.db);
    const a: Limit = { key: 'test:reserve:a', max: 3, windowMinutes: 15 };
    const wide: Limit = { key: 'test:reserve:wide', max: 100, windowMinutes: 15 };
    const got = await Promise.all(Array.from({ length: 50 }, () => limiter.reserve(a, wide)));
    expect(got.filter(Boolean)).toHaveLength(3);
    const hits = async (l: Limit) =>
      (await t.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, l.key)))[0]!.hits;
    // The refused ones gave their slot of `wide` back.
    expect([await hits(a), await hits(wide)]).toEqual([3, 3]);
    await limiter.release(a);
    expect(await limiter.reserve(a)).toBe(true);
    expect(await limiter.reserve(a)).toBe(false);
  });

  it('reserve() with a cost counts it whole, or not at all', async () => {
    const limiter = createRateLimiter(t.db);
    const l: Limit = { key: 'test:reserve:cost', max: 10, windowMinutes: 60 };
    expect(await limiter.reserve({ ...l, cost: 11 })).toBe(false);
    expect(await limiter.reserve({ ...l, cost: 7 })).toBe(true);
    expect(await limiter.reserve({ ...l, cost: 4 })).toBe(false);
    expect(await limiter.reserve({ ...l, cost: 3 })).toBe(true);
    expect(await limiter.isLimited(l)).toBe(true);
  });

  it('a released slot that empties its window forgets the window: the next failure opens its own', async () => {
    const limiter = createRateLimiter(t.db);
    const a: Limit = { key: 'test:window:a', max: 3, windowMinutes: 15 };
    // A successful attempt: reserved, then given back.
    expect(await limiter.reserve(a)).toBe(true);
    await limiter.release(a);
    expect(await t.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, a.key))).toEqual([]);
    // A failure later starts the window at its own time.
    expect(await limiter.reserve(a)).toBe(true);
    const [row] = await t.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, a.key));
    expect(row!.hits).toBe(1);
    expect(Date.now() - row!.windowStart.getTime()).toBeLessThan(60_000);
    // A release that leaves failures in the window keeps it.
    expect(await limiter.reserve(a)).toBe(true);
    await limiter.release(a);
    const [kept] = await t.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, a.key));
    expect(kept!.hits).toBe(1);
  });
});
