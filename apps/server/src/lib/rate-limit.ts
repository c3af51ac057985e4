import { limits } from '@ondoku/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimitCounters } from '../db/schema/index.js';

/**
 * The one rate limiter: fixed-window counters in the `rate_limits` table, so a limit holds
 * across every server process. A window starts at the first hit of a key and lasts
 * `windowMinutes`; the next hit after it starts a new window.
 *
 * It is bound to the application's database, never to a request's transaction, so a hit is
 * kept even when the call then fails and rolls back (a wrong password must count).
 */
export interface Limit {
  key: string;
  max: number;
  windowMinutes: number;
}

const mail = limits.mailRateLimit;
const account = limits.accountRateLimit;
const signIn = limits.loginRateLimit;

/** Every limit of the service, by what it counts (keys are namespaced so they never collide). */
export const rateLimits = {
  /** Failed sign-ins per account name (login id or address as typed, case-insensitive). */
  signInAccount: (identifier: string): Limit => ({
    key: `signin:account:${identifier.toLowerCase()}`,
    max: signIn.perAccount,
    windowMinutes: signIn.windowMinutes,
  }),
  /** Failed sign-ins (password or pass card) per client address. */
  signInAddress: (ip: string): Limit => ({
    key: `signin:addr:${ip}`,
    max: signIn.perAddress,
    windowMinutes: signIn.windowMinutes,
  }),
  mailToEmail: (email: string): Limit => ({
    key: `mail:email:${email}`,
    max: mail.perEmail,
    windowMinutes: mail.windowMinutes,
  }),
  mailFromAddress: (ip: string): Limit => ({
    key: `mail:addr:${ip}`,
    max: mail.perAddress,
    windowMinutes: mail.windowMinutes,
  }),
  mailForTeacher: (teacherId: number): Limit => ({
    key: `mail:teacher:${teacherId}`,
    max: mail.perTeacher,
    windowMinutes: mail.windowMinutes,
  }),
  wrongCodeFromAddress: (ip: string): Limit => ({
    key: `code:addr:${ip}`,
    max: account.wrongCodePerAddress,
    windowMinutes: account.windowMinutes,
  }),
  wrongPasswordOfTeacher: (teacherId: number): Limit => ({
    key: `pwchange:teacher:${teacherId}`,
    max: account.wrongPasswordPerTeacher,
    windowMinutes: account.windowMinutes,
  }),
  clientLogsOfTeacher: (teacherId: number): Limit => ({
    key: `clientlog:teacher:${teacherId}`,
    max: limits.clientLog.perMinute,
    windowMinutes: 1,
  }),
};

export interface RateLimiter {
  /** Whether any of the limits has already reached its maximum in its current window. */
  isLimited(...limits: Limit[]): Promise<boolean>;
  /** Count one hit of each limit (one atomic upsert each); the largest count over its max says "over". */
  hit(...limits: Limit[]): Promise<{ over: boolean }>;
  /** Forget a key (a successful sign-in clears its account's failures). */
  clear(...limits: Limit[]): Promise<void>;
}

export function createRateLimiter(db: Db): RateLimiter {
  const t = rateLimitCounters;
  const inWindow = (l: Limit) => sql`${t.windowStart} > now() - make_interval(mins => ${l.windowMinutes})`;
  return {
    async isLimited(...list) {
      for (const l of list) {
        const [row] = await db
          .select({ hits: t.hits })
          .from(t)
          .where(and(eq(t.key, l.key), inWindow(l)));
        if ((row?.hits ?? 0) >= l.max) return true;
      }
      return false;
    },
    async hit(...list) {
      let over = false;
      for (const l of list) {
        const expired = sql`not (${inWindow(l)})`;
        const [row] = await db
          .insert(t)
          .values({ key: l.key, windowStart: sql`now()`, hits: 1 })
          .onConflictDoUpdate({
            target: t.key,
            set: {
              hits: sql`case when ${expired} then 1 else ${t.hits} + 1 end`,
              windowStart: sql`case when ${expired} then now() else ${t.windowStart} end`,
            },
          })
          .returning({ hits: t.hits });
        if (row!.hits > l.max) over = true;
      }
      return { over };
    },
    async clear(...list) {
      if (list.length === 0) return;
      await db.delete(t).where(
        inArray(
          t.key,
          list.map((l) => l.key),
        ),
      );
    },
  };
}
