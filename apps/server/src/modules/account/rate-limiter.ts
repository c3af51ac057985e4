import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accountRateCounters } from '../../db/schema/index.js';

/**
 * Fixed-window counters in the database (like the sign-in limiter), so a limit holds across
 * every server process. A window starts at the first hit and lasts `windowMinutes`.
 */
export interface Limit {
  key: string;
  max: number;
  windowMinutes: number;
}

/** Whether the key has already reached its limit in the current window. */
export async function isLimited(db: Db, limit: Limit): Promise<boolean> {
  const [row] = await db
    .select({ hits: accountRateCounters.hits })
    .from(accountRateCounters)
    .where(
      sql`${eq(accountRateCounters.key, limit.key)} and ${accountRateCounters.windowStart} > now() - make_interval(mins => ${limit.windowMinutes})`,
    );
  return (row?.hits ?? 0) >= limit.max;
}

/** Count one hit (atomically: one upsert) and return the count in the current window. */
export async function hit(db: Db, limit: Limit): Promise<number> {
  const expired = sql`${accountRateCounters.windowStart} <= now() - make_interval(mins => ${limit.windowMinutes})`;
  const [row] = await db
    .insert(accountRateCounters)
    .values({ key: limit.key, windowStart: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: accountRateCounters.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${accountRateCounters.hits} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${accountRateCounters.windowStart} end`,
      },
    })
    .returning({ hits: accountRateCounters.hits });
  return row!.hits;
}

/** Count a hit and say whether it went over the limit (the hit that reaches max + 1 is refused). */
export const hitOver = async (db: Db, limit: Limit) => (await hit(db, limit)) > limit.max;

export async function clearLimit(db: Db, key: string): Promise<void> {
  await db.delete(accountRateCounters).where(eq(accountRateCounters.key, key));
}
