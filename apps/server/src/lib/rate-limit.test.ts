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
});
