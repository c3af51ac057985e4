import { inArray, sql } from 'drizzle-orm';
import { ErrorCode, limits, messages } from '@ondoku/contract';
import type { Db } from '../../db/client.js';
import { loginAttempts } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

/**
 * Failed sign-ins counted per account and per address in the database, so the limit holds
 * across every server process. A window starts at the first failure and lasts windowMinutes.
 */
const { windowMinutes, perAccount, perAddress } = limits.loginRateLimit;

export const accountKey = (identifier: string) => `account:${identifier.toLowerCase()}`;
export const addressKey = (ip: string) => `addr:${ip}`;

const limitOf = (key: string) => (key.startsWith('account:') ? perAccount : perAddress);

export async function assertNotLimited(db: Db, keys: string[]): Promise<void> {
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(
      sql`${inArray(loginAttempts.key, keys)} and ${loginAttempts.windowStart} > now() - make_interval(mins => ${windowMinutes})`,
    );
  if (rows.some((r) => r.failures >= limitOf(r.key))) {
    throw new AppError(ErrorCode.LOGIN_RATE_LIMITED, messages.loginRateLimited);
  }
}

export async function recordFailure(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) {
    await db
      .insert(loginAttempts)
      .values({ key, windowStart: sql`now()`, failures: 1 })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: sql`case when ${loginAttempts.windowStart} <= now() - make_interval(mins => ${windowMinutes}) then 1 else ${loginAttempts.failures} + 1 end`,
          windowStart: sql`case when ${loginAttempts.windowStart} <= now() - make_interval(mins => ${windowMinutes}) then now() else ${loginAttempts.windowStart} end`,
        },
      });
  }
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, [key]));
}
