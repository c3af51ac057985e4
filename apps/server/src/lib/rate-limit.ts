import { learnLimits, limits, recitationLimits, yearLimits } from '@ondoku/contract';
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
  /** How many hits one use counts (default 1): e.g. the taken ids one import reports. */
  cost?: number;
}

const mail = limits.mailRateLimit;
const account = limits.accountRateLimit;
const signIn = limits.loginRateLimit;
const probe = limits.probeRateLimit;

/** A family of limits: one counter per subject (an address, a teacher, an e-mail address). */
const per =
  (prefix: string, max: number, windowMinutes: number) =>
  (subject: string | number): Limit => ({ key: `${prefix}:${subject}`, max, windowMinutes });

/** Every limit of the service, by what it counts (keys are namespaced so they never collide). */
export const rateLimits = {
  /**
   * Failed password sign-ins per (account, client address) pair: the lockout. `account` is
   * `t<teacher id>` for a teacher (login id and e-mail share it) or `id:<name as typed>` for an
   * unknown name, so unknown and known names are held back alike.
   */
  signInPair: (account: string, address: string) =>
    per('signin:pair', signIn.perAccountAddress, signIn.windowMinutes)(`${account}@${address}`),
  /** Failed password sign-ins per account from every address: a ceiling against spread-out guessing. */
  signInAccount: per('signin:account', signIn.perAccount, signIn.windowMinutes),
  /** Failed password sign-ins per client address, all accounts together: a much higher ceiling (a school shares one address). */
  signInAddress: per('signin:addr', signIn.perAddress, signIn.windowMinutes),
  /** Invalid pass-card keys per client address: its own bucket, never holding back password sign-ins. */
  passCardAddress: per('passcard:addr', signIn.passCardPerAddress, signIn.windowMinutes),
  mailToEmail: per('mail:email', mail.perEmail, mail.windowMinutes),
  mailFromAddress: per('mail:addr', mail.perAddress, mail.windowMinutes),
  mailForTeacher: per('mail:teacher', mail.perTeacher, mail.windowMinutes),
  wrongCodeFromAddress: per('code:addr', account.wrongCodePerAddress, account.windowMinutes),
  wrongPasswordOfTeacher: per('pwchange:teacher', account.wrongPasswordPerTeacher, account.windowMinutes),
  /** Roster imports per teacher (each may probe which login ids exist). */
  importsOfTeacher: per('import:teacher', probe.importsPerTeacher, probe.windowMinutes),
  /** Taken login ids reported to a teacher by imports (use with `cost`: the ids one import reports). */
  takenIdsOfTeacher: per('probe:ids:teacher', probe.takenIdsPerTeacher, probe.windowMinutes),
  /** "E-mail taken" answers of the e-mail change per teacher. */
  emailTakenOfTeacher: per('probe:email:teacher', probe.emailTakenPerTeacher, probe.windowMinutes),
  clientLogsOfTeacher: per('clientlog:teacher', limits.clientLog.perMinute, 1),
  /** Wrong or refused class codes per student (joining a class by code, docs/classes.md). */
  joinFailuresOfStudent: per('join:student', yearLimits.joinFailuresPerHour, 60),
  /** Failed sign-ins of a child per (login id lower-cased, client address) pair (modules/learn). */
  studentSignInPair: (loginId: string, address: string) =>
    per('signin:student', learnLimits.signInFailuresPer15Min, 15)(`${loginId}@${address}`),
  /** Failed children's sign-ins per client address, all ids together: the ceiling against spraying. */
  studentSignInAddress: per('signin:student-addr', learnLimits.signInFailuresPerAddress15Min, 15),
  /** Invalid login-card keys per client address: apart from the teachers' pass cards. */
  studentCardAddress: per('card:student-addr', learnLimits.cardFailuresPerAddress15Min, 15),
  /** Free recitation's text-to-speech and uploads per teacher (each keeps a speech worker busy). */
  recitationAudioOfTeacher: per('recitation:audio:teacher', recitationLimits.audioPerHour, 60),
};

/** The account part of the sign-in keys for a teacher (login id and e-mail share it). */
export const signInAccountOf = (teacherId: number) => `t${teacherId}`;

export interface RateLimiter {
  /**
   * Take one slot of every limit, each in one atomic conditional upsert, before the attempt is
   * checked: `false` (and nothing taken) when one of them is already full. Parallel requests can
   * therefore never check more attempts than a limit allows. A failed attempt keeps its slots
   * (they are its count); a successful one gives them back with `release` (or `clear`).
   */
  reserve(...limits: Limit[]): Promise<boolean>;
  /** Give back one slot of each limit taken by `reserve`. */
  release(...limits: Limit[]): Promise<void>;
  /** Whether any of the limits has already reached its maximum in its current window. */
  isLimited(...limits: Limit[]): Promise<boolean>;
  /** Count one hit of each limit (one atomic upsert each); the largest count over its max says "over". */
  hit(...limits: Limit[]): Promise<{ over: boolean }>;
  /** Forget a key (a successful sign-in clears its account's failures). */
  clear(...limits: Limit[]): Promise<void>;
  /** Forget every sign-in failure of a teacher's account, from every address (a password reset). */
  clearSignIn(teacherId: number): Promise<void>;
}

export function createRateLimiter(db: Db): RateLimiter {
  const t = rateLimitCounters;
  const inWindow = (l: Limit) => sql`${t.windowStart} > now() - make_interval(mins => ${l.windowMinutes})`;
  const release = async (l: Limit) => {
    await db.execute(
      sql`update ${t} set hits = greatest(${t.hits} - ${l.cost ?? 1}, 0) where ${t.key} = ${l.key} and ${inWindow(l)}`,
    );
    // A window with nothing left in it is forgotten: the next failure starts its own window, not
    // one that a successful attempt opened (docs/security.md, "Sign-in limits"). A parallel
    // reserve that counted meanwhile keeps the row (the condition is checked again on it).
    await db.execute(sql`delete from ${t} where ${t.key} = ${l.key} and ${t.hits} = 0`);
  };
  return {
    async reserve(...list) {
      const taken: Limit[] = [];
      for (const l of list) {
        const cost = l.cost ?? 1;
        const expired = sql`not (${inWindow(l)})`;
        const res =
          cost > l.max
            ? { rows: [] }
            : await db.execute(sql`
          insert into ${t} (key, window_start, hits) values (${l.key}, now(), ${cost})
          on conflict (key) do update set
            hits = case when ${expired} then ${cost} else ${t.hits} + ${cost} end,
            window_start = case when ${expired} then now() else ${t.windowStart} end
          where ${expired} or ${t.hits} + ${cost} <= ${l.max}
          returning ${t.hits}`);
        if (res.rows.length === 0) {
          for (const r of taken) await release(r);
          return false;
        }
        taken.push(l);
      }
      return true;
    },
    async release(...list) {
      for (const l of list) await release(l);
    },
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
    async clearSignIn(teacherId) {
      const account = signInAccountOf(teacherId);
      const pairs = rateLimits.signInPair(account, '').key;
      await db
        .delete(t)
        .where(sql`${t.key} = ${rateLimits.signInAccount(account).key} or starts_with(${t.key}, ${pairs})`);
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
