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

/** A family of limits: one counter per subject (an address, a teacher, an e-mail address). */
const per =
  (prefix: string, max: number, windowMinutes: number) =>
  (subject: string | number): Limit => ({ key: `${prefix}:${subject}`, max, windowMinutes });

/** Every limit of the service, by what it counts (keys are namespaced so they never collide). */
export const rateLimits = {
  /** Failed sign-ins per account name (login id or address as typed, case-insensitive). */
  signInAccount: (identifier: string) =>
    per('signin:account', signIn.perAccount, signIn.windowMinutes)(identifier.toLowerCase()),
  /** Failed sign-ins (password or pass card) per client address. */
  signInAddress: per('signin:addr', signIn.perAddress, signIn.windowMinutes),
  mailToEmail: per('mail:email', mail.perEmail, mail.windowMinutes),
  mailFromAddress: per('mail:addr', mail.perAddress, mail.windowMinutes),
  mailForTeacher: per('mail:teacher', mail.perTeacher, mail.windowMinutes),
  wrongCodeFromAddress: per('code:addr', account.wrongCodePerAddress, account.windowMinutes),
  wrongPasswordOfTeacher: per('pwchange:teacher', account.wrongPasswordPerTeacher, account.windowMinutes),
  clientLogsOfTeacher: per('clientlog:teacher', limits.clientLog.perMinute, 1),
  // Student sign-in and exports add their families here (e.g. per('signin:student', …)).
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
